import TesseraCore

/// AVIF and HEIF: boxes `meta` → `iprp` → `ipco` hold the item properties, among them
/// `ispe` (size) and `irot` (rotation).
extension HeaderProbe {
    static func probeISOBMFF(_ b: ByteReader, format: ImageFormat) throws(PhotoProblem) -> Outcome {
        guard let meta = try box("meta", in: b, range: 0..<b.count, format: format) else {
            return .needsMoreBytes
        }
        guard meta.upperBound <= b.count else { return .needsMoreBytes }
        // `meta` is a full box: version and flags come before its children.
        let metaChildren = (meta.lowerBound + 4)..<meta.upperBound
        var header = ProbedHeader()
        guard let iprp = try box("iprp", in: b, range: metaChildren, format: format),
            let ipco = try box("ipco", in: b, range: iprp, format: format)
        else { return .header(header) }

        var largest: PixelSize?
        var rotation = 0
        var i = ipco.lowerBound
        while let (type, content) = try nextBox(in: b, at: i, end: ipco.upperBound, format: format) {
            if type == "ispe", let width = b.be32(content.lowerBound + 4),
                let height = b.be32(content.lowerBound + 8)
            {
                let size = PixelSize(width: width, height: height)
                // Grid images list their tiles too; the primary image is the largest.
                if size.pixelCount > (largest?.pixelCount ?? -1) { largest = size }
            } else if type == "irot", content.lowerBound < b.count {
                rotation = Int(b[content.lowerBound] & 3)
            }
            i = content.upperBound
        }
        header.size = largest
        if format == .heif {
            // libheif turns the image as `irot` says, so what we decode is already upright.
            if rotation % 2 == 1, let size = largest {
                header.size = PixelSize(width: size.height, height: size.width)
            }
        } else {
            // libavif leaves the turn to us; `irot` counts quarter turns anticlockwise.
            header.containerOrientation = [Orientation.up, .left, .down, .right][rotation]
        }
        return .header(header)
    }

    /// The content range of the first box of `type` directly inside `range`.
    private static func box(
        _ type: String, in b: ByteReader, range: Range<Int>, format: ImageFormat
    ) throws(PhotoProblem) -> Range<Int>? {
        var i = range.lowerBound
        while let (found, content) = try nextBox(in: b, at: i, end: range.upperBound, format: format) {
            if found == type { return content }
            i = content.upperBound
        }
        return nil
    }

    /// The box starting at `i`: its type and content range, nil at the end of the bytes.
    private static func nextBox(
        in b: ByteReader, at i: Int, end: Int, format: ImageFormat
    ) throws(PhotoProblem) -> (String, Range<Int>)? {
        guard i + 8 <= end, let size32 = b.be32(i) else { return nil }
        let type = String(decoding: b.slice(i + 4, i + 8), as: UTF8.self)
        var headerLength = 8
        var size = size32
        if size32 == 1 {
            guard let high = b.be32(i + 8), let low = b.be32(i + 12) else { return nil }
            guard high < 1 << 20 else { throw .corrupt(format, detail: DecoderVerdict.Detail.structure) }
            size = high << 32 | low
            headerLength = 16
        } else if size32 == 0 {
            size = end - i
        }
        guard size >= headerLength else { throw .corrupt(format, detail: DecoderVerdict.Detail.structure) }
        return (type, (i + headerLength)..<(i + size))
    }
}

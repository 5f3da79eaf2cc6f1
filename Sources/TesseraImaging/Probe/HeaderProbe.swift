import TesseraCore

/// What a photo's header says, read without decoding any pixels.
struct ProbedHeader {
    /// The stored pixel size.
    var size: PixelSize?
    /// The EXIF block as libexif reads it (starting `Exif\0\0`), when the file carries one.
    var exif: [UInt8]?
    /// An orientation stated outside an EXIF block (a TIFF's own `Orientation` tag).
    var orientation: Orientation?
    /// The XMP packet (JPEG `APP1`, PNG `iTXt`, WebP `XMP ` chunk), when there is one.
    var xmpPacket: [UInt8]?
    /// A JPEG's Photoshop resources (`APP13`, starting `Photoshop 3.0\0`), which hold IPTC.
    var photoshopResources: [UInt8]?
    /// The bytes ran out before the place XMP may still be (PNG and WebP keep it anywhere,
    /// often after the pixels).
    var embeddedTextMayFollow = false
}

/// Reads pixel size and the EXIF block from the first bytes of a JPEG, PNG, GIF, WebP or
/// TIFF file. AVIF and HEIF boxes are read by libheif (`HEIFFile`), which knows their crop,
/// turn and mirror.
enum HeaderProbe {
    enum Outcome {
        case header(ProbedHeader)
        /// The bytes end before the header does; with the whole file that means truncated.
        case needsMoreBytes
    }

    static func probe(_ bytes: [UInt8], format: MediaFormat) throws(PhotoProblem) -> Outcome {
        let reader = ByteReader(bytes)
        switch format {
        case .jpeg: return try probeJPEG(reader)
        case .png: return try probePNG(reader)
        case .gif: return probeGIF(reader)
        case .webp: return try probeWebP(reader)
        case .avif, .heif: return .header(ProbedHeader())
        case .tiff: return try probeTIFF(reader)
        default: throw .unsupported(format.displayName)  // a row Tessera does not read (raw, video)
        }
    }

    // MARK: JPEG: walk the markers up to the first scan.

    private static func probeJPEG(_ b: ByteReader) throws(PhotoProblem) -> Outcome {
        guard b.count >= 4 else { return .needsMoreBytes }
        var header = ProbedHeader()
        var i = 2
        while true {
            // Skip to the next marker; fill bytes (0xFF runs) are allowed before it.
            while i < b.count && b[i] != 0xFF { i += 1 }
            while i < b.count && b[i] == 0xFF { i += 1 }
            guard i < b.count else { break }
            let marker = b[i]
            i += 1
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            if marker == 0xD9 {
                throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.missingHeader)
            }
            guard let length = b.be16(i) else { break }
            guard length >= 2 else { throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.structure) }
            let start = i + 2
            let end = i + length
            if marker == 0xDA {
                guard header.size != nil else {
                    throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.missingHeader)
                }
                return .header(header)
            }
            guard end <= b.count else { break }
            let isFrameHeader =
                (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrameHeader, header.size == nil {
                guard length >= 8, let height = b.be16(start + 1), let width = b.be16(start + 3) else {
                    throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.header)
                }
                header.size = PixelSize(width: width, height: height)
            } else if marker == 0xE1, header.exif == nil, b.matches(exifSignature, at: start) {
                header.exif = b.slice(start, end)
            } else if marker == 0xE1, header.xmpPacket == nil, b.matches(xmpSignature, at: start) {
                header.xmpPacket = b.slice(start + xmpSignature.count, end)
            } else if marker == 0xED, header.photoshopResources == nil,
                b.matches(photoshopSignature, at: start)
            {
                header.photoshopResources = b.slice(start, end)
            }
            i = end
        }
        // Out of bytes. A frame header is enough; EXIF comes before it in any sane file.
        if header.size != nil { return .header(header) }
        return .needsMoreBytes
    }

    static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]

    // MARK: TIFF: the first directory, wherever it lies.

    private static func probeTIFF(_ b: ByteReader) throws(PhotoProblem) -> Outcome {
        // A camera raw never comes here: Core's scan tells it apart (`RawSignature`).
        guard case .structure(let tiff) = try TIFFStructure.read(b) else { return .needsMoreBytes }
        var header = ProbedHeader(size: tiff.size, orientation: tiff.orientation)
        header.xmpPacket = tiff.xmpRange.map { b.slice($0.lowerBound, $0.upperBound) }
        header.embeddedTextMayFollow = tiff.xmpLiesBeyond
        // A TIFF is itself EXIF-structured: libexif reads camera and date from IFD0 on.
        header.exif = exifSignature + b.bytes
        return .header(header)
    }

    // MARK: PNG: the IHDR chunk must come first.

    private static func probePNG(_ b: ByteReader) throws(PhotoProblem) -> Outcome {
        guard let width = b.be32(16), let height = b.be32(20) else { return .needsMoreBytes }
        guard b.matches(Array("IHDR".utf8), at: 12) else {
            throw .corrupt(.png, detail: DecoderVerdict.Detail.missingHeader)
        }
        var header = ProbedHeader(size: PixelSize(width: width, height: height))
        header.exif = pngExif(b)
        (header.xmpPacket, header.embeddedTextMayFollow) = pngXMP(b)
        return .header(header)
    }

    /// The `eXIf` chunk (bare TIFF-structured EXIF, with its orientation), prefixed with
    /// `Exif\0\0`; looked for before the image data, where the PNG extension places it.
    private static func pngExif(_ b: ByteReader) -> [UInt8]? {
        var i = 8
        while let length = b.be32(i), i + 12 + length <= b.count {
            if b.matches(Array("IDAT".utf8), at: i + 4) { return nil }
            if b.matches(Array("eXIf".utf8), at: i + 4) {
                let payload = b.slice(i + 8, i + 8 + length)
                return payload.starts(with: exifSignature) ? payload : exifSignature + payload
            }
            i += 12 + length
        }
        return nil
    }

    // MARK: GIF: the logical screen descriptor.

    private static func probeGIF(_ b: ByteReader) -> Outcome {
        guard let width = b.le16(6), let height = b.le16(8) else { return .needsMoreBytes }
        var size = PixelSize(width: width, height: height)
        // A decompression bomb states a small screen and a huge first frame: the frame
        // counts too, so the pixel limit refuses it before libgd allocates it.
        if let frame = firstGIFFrameExtent(b), frame.pixelCount > size.pixelCount { size = frame }
        return .header(ProbedHeader(size: size))
    }

    /// How far the first frame reaches (left + width, top + height), if the bytes get there.
    private static func firstGIFFrameExtent(_ b: ByteReader) -> PixelSize? {
        guard b.count > 13 else { return nil }
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 0x07) + 1) }
        while i < b.count {
            switch b[i] {
            case 0x2C:
                guard let left = b.le16(i + 1), let top = b.le16(i + 3), let w = b.le16(i + 5),
                    let h = b.le16(i + 7)
                else { return nil }
                return PixelSize(width: left + w, height: top + h)
            case 0x21:
                i += 2
                while i < b.count, b[i] != 0 { i += Int(b[i]) + 1 }
                i += 1
            default:
                return nil
            }
        }
        return nil
    }

    // MARK: WebP: the first chunk says lossy (VP8), lossless (VP8L) or extended (VP8X).

    private static func probeWebP(_ b: ByteReader) throws(PhotoProblem) -> Outcome {
        guard b.count >= 30 else { return .needsMoreBytes }
        let chunk = String(decoding: b.slice(12, 16), as: UTF8.self)
        let payload = 20
        var header = ProbedHeader()
        switch chunk {
        case "VP8 ":
            guard b.matches([0x9D, 0x01, 0x2A], at: payload + 3),
                let width = b.le16(payload + 6), let height = b.le16(payload + 8)
            else { throw .corrupt(.webp, detail: DecoderVerdict.Detail.header) }
            header.size = PixelSize(width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard b[payload] == 0x2F, let bits = b.le32(payload + 1) else {
                throw .corrupt(.webp, detail: DecoderVerdict.Detail.header)
            }
            header.size = PixelSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            let flags = b[payload]
            if flags & 0x02 != 0 { throw .unsupported("animated WebP") }
            guard let width = b.le24(payload + 4), let height = b.le24(payload + 7) else {
                return .needsMoreBytes
            }
            header.size = PixelSize(width: width + 1, height: height + 1)
            if flags & 0x08 != 0 {
                guard let exif = webPExif(b) else { return .needsMoreBytes }
                header.exif = exif
            }
            (header.xmpPacket, header.embeddedTextMayFollow) = webPXMP(b, flagged: flags & 0x04 != 0)
        default:
            throw .corrupt(.webp, detail: DecoderVerdict.Detail.missingHeader)
        }
        return .header(header)
    }

    /// The payload of the `EXIF` chunk, prefixed with `Exif\0\0` when it is bare TIFF.
    private static func webPExif(_ b: ByteReader) -> [UInt8]? {
        var i = 12
        while let size = b.le32(i + 4) {
            let start = i + 8
            if b.matches(Array("EXIF".utf8), at: i) {
                guard start + size <= b.count else { return nil }
                let payload = b.slice(start, start + size)
                return payload.starts(with: exifSignature) ? payload : exifSignature + payload
            }
            i = start + size + (size & 1)
        }
        return nil
    }
}

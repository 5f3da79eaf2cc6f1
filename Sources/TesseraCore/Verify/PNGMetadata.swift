/// The text and EXIF chunks of a PNG file, and bytes after its `IEND`: a walk over the
/// chunks, each length checked against the buffer.
enum PNGMetadata {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func isPNG(_ view: ByteView) -> Bool {
        view.has(0, 8) && (0..<8).allSatisfy { view.bytes[$0] == signature[$0] }
    }

    static func findings(_ view: ByteView) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        var index = 8
        while let length = view.u32be(index), view.has(index + 8, length) {
            let type = view.text(index + 4, 4)
            let data = view.slice(index + 8, length)
            switch type {
            case "eXIf":
                found.append(TIFFTags.exifFinding(data, in: "eXIf chunk"))
            case "tEXt", "zTXt", "iTXt":
                let keyword = data.zeroTerminated(0, limit: 79)
                let isXMP = keyword == "XML:com.adobe.xmp"
                let detail = "\(type) chunk '\(keyword)'"
                found.append(isXMP ? MetadataFinding.xmp(data, detail) : MetadataFinding(.text, detail))
            default:
                break
            }
            index += 12 + length
            if type == "IEND" {
                if index < view.count {
                    found.append(
                        MetadataFinding(
                            .trailer, "\(view.count - index) bytes after the end of the image (IEND)"))
                }
                break
            }
        }
        return found
    }
}

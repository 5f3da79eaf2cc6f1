/// The `Exif` and `xml ` (XMP) boxes of a JPEG XL file in its container (ISO/IEC 18181-2):
/// boxes as ISO base media's, walked with `ISOBox.children`, each size checked against the
/// file. A bare codestream (`FF 0A`) has no box to carry metadata.
enum JXLMetadata {
    /// The container's first box: `JXL ` with its fixed content, 12 bytes in all.
    static let signature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    static func isJXL(_ view: ByteView) -> Bool {
        view.has(0, signature.count) && signature.indices.allSatisfy { view.bytes[$0] == signature[$0] }
    }

    static func findings(_ view: ByteView) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        for box in ISOBox.children(of: view) {
            switch box.type {
            case "Exif":
                // The payload starts with the offset of the TIFF header after it.
                let skip = box.content.u32be(0) ?? 0
                found.append(
                    TIFFTags.exifFinding(box.content.slice(4 + skip, box.content.count - 4 - skip), in: "Exif box"))
            case "xml ":
                found.append(MetadataFinding.xmp(box.content, "XMP xml box"))
            case "brob":
                // A Brotli-compressed box: its first four bytes name the box it holds.
                let inner = box.content.text(0, 4)
                if inner == "Exif" || inner == "xml " {
                    found.append(
                        MetadataFinding(.unexamined, "a Brotli-compressed '\(inner)' box: not looked into"))
                }
            default:
                break
            }
        }
        return found
    }
}

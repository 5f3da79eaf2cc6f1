/// A GIF file's comment and XMP blocks: a walk over its blocks and sub-blocks.
enum GIFMetadata {
    static func isGIF(_ view: ByteView) -> Bool { view.matches(0, "GIF87a") || view.matches(0, "GIF89a") }

    static func findings(_ view: ByteView) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        guard let flags = view.u8(10) else { return [] }
        var index = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0)
        /// The offset after a chain of sub-blocks starting at `start`.
        func skipSubBlocks(_ start: Int) -> Int {
            var at = start
            while let size = view.u8(at), size > 0 { at += 1 + size }
            return at + 1
        }
        while let block = view.u8(index) {
            switch block {
            case 0x21:
                guard let label = view.u8(index + 1) else { return found }
                if label == 0xFE { found.append(MetadataFinding(.text, "comment extension")) }
                if label == 0xFF, view.u8(index + 2) == 11 {
                    let application = view.text(index + 3, 11)
                    if application == "XMP DataXMP" {
                        // The packet is written whole, its bytes read as sub-block sizes (with
                        // Adobe's 258-byte trailer): what lies up to the extension's end.
                        let packet = view.slice(index + 14, skipSubBlocks(index + 2) - (index + 14))
                        found.append(MetadataFinding.xmp(packet, "XMP application extension"))
                    } else if application != "NETSCAPE2.0" && application != "ANIMEXTS1.0" {
                        found.append(MetadataFinding(.text, "application extension '\(application)'"))
                    }
                }
                index = skipSubBlocks(index + 2)
            case 0x2C:
                guard let local = view.u8(index + 9) else { return found }
                index += 10 + (local & 0x80 != 0 ? 3 << ((local & 7) + 1) : 0) + 1
                index = skipSubBlocks(index)
            case 0x3B:
                return found
            default:
                return found
            }
        }
        return found
    }
}

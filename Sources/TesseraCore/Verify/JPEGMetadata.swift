import Foundation

/// The metadata segments of a JPEG file and anything after its end, read from untrusted
/// bytes: a walk over the segments, then over the entropy-coded data for the next marker
/// (with `memchr`), to the end-of-image marker. Linear, bounded by the buffer.
enum JPEGMetadata {
    /// Whether the bytes start like a JPEG file.
    static func isJPEG(_ view: ByteView) -> Bool {
        view.u8(0) == 0xFF && view.u8(1) == 0xD8 && view.u8(2) == 0xFF
    }

    static func findings(_ view: ByteView) -> [MetadataFinding] {
        guard isJPEG(view) else { return [] }
        var found: [MetadataFinding] = []
        var index = 2
        var end: Int?
        scan: while index + 1 < view.count {
            guard view.bytes[index] == 0xFF else {
                index += 1
                continue
            }
            let marker = Int(view.bytes[index + 1])
            index += 2
            switch marker {
            case 0xFF:
                index -= 1  // a fill byte: the marker follows
                continue
            case 0x01, 0xD0...0xD8:
                continue
            case 0xD9:
                end = index
                break scan
            default:
                break
            }
            guard let length = view.u16be(index), length >= 2 else { break }
            let data = view.slice(index + 2, length - 2)
            if let finding = Self.finding(marker: marker, data: data) { found.append(finding) }
            index += length
            if marker == 0xDA { index = nextMarker(view, from: index) }
        }
        if let end, end < view.count {
            let trailing = view.slice(end, view.count - end)
            // Some encoders pad the file with zeros; only bytes that mean something count.
            if (0..<trailing.count).contains(where: { trailing.bytes[$0] != 0 }) {
                found.append(
                    MetadataFinding(
                        .trailer, "\(trailing.count) bytes after the end of the image (another file appended to it)"))
            }
        }
        return found
    }

    /// The offset of the next marker after entropy-coded data (a 0xFF not followed by a
    /// stuffed zero or a restart marker), or the end of the buffer.
    private static func nextMarker(_ view: ByteView, from start: Int) -> Int {
        guard let base = view.bytes.baseAddress else { return view.count }
        var index = start
        while index < view.count - 1 {
            guard let hit = memchr(base + index, 0xFF, view.count - index) else { return view.count }
            index = base.distance(to: UnsafeRawPointer(hit))
            guard index + 1 < view.count else { return view.count }
            let next = view.bytes[index + 1]
            if next == 0 || (0xD0...0xD7).contains(next) || next == 0xFF {
                index += next == 0xFF ? 1 : 2
                continue
            }
            return index
        }
        return view.count
    }

    private static func finding(marker: Int, data: ByteView) -> MetadataFinding? {
        switch marker {
        case 0xE1:
            if data.matches(0, "Exif\0") {
                // Orientation alone (as a stripped original keeps it) says nothing about the photo.
                if TIFFTags.holdsOnlyOrientation(data.slice(6, data.count - 6)) { return nil }
                return TIFFTags.exifFinding(data, in: "APP1 Exif segment")
            }
            if data.matches(0, "http://ns.adobe.com/xap/1.0/\0")
                || data.matches(0, "http://ns.adobe.com/xmp/extension/")
            {
                return MetadataFinding(.xmp, "APP1 XMP segment")
            }
            return MetadataFinding(.text, "APP1 segment '\(data.zeroTerminated(0, limit: 32))'")
        case 0xED:
            return MetadataFinding(.iptc, "APP13 segment (IPTC, Photoshop resources)")
        case 0xFE:
            return MetadataFinding(.text, "comment segment (COM)")
        case 0xE2:
            if data.matches(0, "ICC_PROFILE\0") { return nil }
            if data.matches(0, "MPF\0") {
                return MetadataFinding(.text, "APP2 multi-picture segment (MPF: more images inside the file)")
            }
            return MetadataFinding(.text, "APP2 segment '\(data.zeroTerminated(0, limit: 32))'")
        case 0xE3...0xEF where marker != 0xEE:
            // APP14 (Adobe) only says how colours are stored; the rest are makers' blocks.
            return MetadataFinding(
                .text, "APP\(marker - 0xE0) segment '\(data.zeroTerminated(0, limit: 32))'")
        default:
            return nil
        }
    }
}

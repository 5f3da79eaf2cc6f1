/// A JPEG file's pixels without its metadata, made losslessly: the segments copied as they
/// are, except EXIF, XMP, IPTC, comments, multi-picture and makers' blocks, and anything
/// after the end of the image. JFIF, the ICC profile and Adobe's colour block stay, since
/// they say how to show the pixels; the orientation stays as the one tag of a new, minimal
/// EXIF block, so the photo is shown upright without its pixels being decoded again.
///
/// Linear in the file's length; reads untrusted bytes within their bounds.
enum JPEGStripping {
    /// The stripped file, or nil when the bytes are not a JPEG file whose segments can be
    /// walked to a scan (truncated, or not a JPEG at all).
    static func strip(_ bytes: [UInt8], orientation: Int) -> [UInt8]? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count)
        var index = 2
        var wroteOrientation = orientation == 1
        var sawScan = false
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0xD9 {
                out += [0xFF, 0xD9]
                return sawScan ? out : nil
            }
            // Markers that stand alone, with no length: TEM, a restart, a second start of
            // image. Read as segments, the bytes after them would be copied unread, and a
            // metadata segment could hide there from the stripping, never from a reader.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                out += [0xFF, marker]
                index += 2
                continue
            }
            guard index + 3 < bytes.count else { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            let segment = bytes[index..<(index + 2 + length)]
            let data = bytes[(index + 4)..<(index + 2 + length)]
            if keeps(marker: marker, data: data) {
                // The orientation goes after JFIF (which must come first), before the rest.
                if !wroteOrientation, marker != 0xE0 {
                    out += orientationSegment(orientation)
                    wroteOrientation = true
                }
                out += segment
            }
            index += 2 + length
            if marker == 0xDA {
                sawScan = true
                let end = scanEnd(bytes, from: index)
                out += bytes[index..<end]
                index = end
            }
        }
        return nil
    }

    /// Whether a segment says how to show the pixels (or is not metadata at all).
    private static func keeps(marker: UInt8, data: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0: return data.starts(with: Array("JFIF\0".utf8))
        case 0xE2: return data.starts(with: Array("ICC_PROFILE\0".utf8))
        case 0xEE: return data.starts(with: Array("Adobe".utf8))
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: return false
        default: return true
        }
    }

    /// Where the entropy-coded data after a scan header ends: the next marker that is not
    /// a stuffed zero, a fill byte or a restart marker.
    private static func scanEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next == 0 || (0xD0...0xD7).contains(next) {
                    index += 2
                    continue
                }
                if next == 0xFF {
                    index += 1
                    continue
                }
                return index
            }
            index += 1
        }
        return bytes.count
    }

    /// An APP1 EXIF segment holding only the Orientation tag (big-endian TIFF, one entry in
    /// IFD0, no further directory).
    static func orientationSegment(_ orientation: Int) -> [UInt8] {
        let value = UInt8(clamping: orientation)
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // MM, 42, IFD0 at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, value, 0x00, 0x00,  // Orientation, SHORT, 1
            0x00, 0x00, 0x00, 0x00,  // no next directory
        ]
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}

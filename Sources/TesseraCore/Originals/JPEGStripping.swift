/// A JPEG file's pixels without its metadata, made losslessly: the parts of
/// `JPEGSegments`'s walk copied as they are, except the segments a decoder does not need
/// (`JPEGSegments.decoderNeeds`: EXIF, XMP, IPTC, comments, multi-picture and makers' blocks,
/// reserved markers), fill bytes and anything after the end of the image. JFIF, the ICC
/// profile and Adobe's colour block stay, since they say how to show the pixels; the
/// orientation stays as the one tag of a new, minimal EXIF block, so the photo is shown
/// upright without its pixels being decoded again. The verifier walks the same parts, so it
/// finds nothing in a stripped file, and stripping one again gives the same bytes.
///
/// Linear in the file's length; reads untrusted bytes within their bounds.
enum JPEGStripping {
    /// The stripped file, or nil when the bytes are not a JPEG file whose parts can be
    /// walked through a scan to the end of the image (cut off, bytes between segments that
    /// are no marker, or not a JPEG at all).
    static func strip(_ bytes: [UInt8], orientation: Int) -> [UInt8]? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        return bytes.withByteView { strip($0, orientation: orientation) }
    }

    private static func strip(_ view: ByteView, orientation: Int) -> [UInt8]? {
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(view.count)
        var wroteOrientation = orientation == 1
        var sawScan = false
        for part in JPEGSegments(view) {
            switch part {
            case .standalone(_, let offset):
                out += view.bytes[offset..<(offset + 2)]
            case .segment(let marker, let offset, let length):
                guard JPEGSegments.decoderNeeds(marker: marker, data: view.slice(offset + 4, length - 2)) else {
                    continue
                }
                // The orientation goes after JFIF (which must come first), before the rest.
                if !wroteOrientation, marker != 0xE0 {
                    out += orientationSegment(orientation)
                    wroteOrientation = true
                }
                out += view.bytes[offset..<(offset + 2 + length)]
                if marker == 0xDA { sawScan = true }
            case .entropyCodedData(let range):
                out += view.bytes[range]
            case .end:
                return sawScan ? out + [0xFF, 0xD9] : nil
            case .extraneous, .cutOff, .unreadable:
                // Bytes a decoder skips or cannot read: another reader may read them otherwise.
                return nil
            }
        }
        return nil
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

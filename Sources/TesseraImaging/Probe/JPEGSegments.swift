/// Reads and rewrites the marker segments of a JPEG's header (everything before its first
/// scan).
enum JPEGSegments {
    /// One header segment: its marker byte and where its content (after the length field)
    /// starts and ends. `end` is where the length says, which a cut file may not reach: read
    /// through `ByteReader`, which stops at the file's end.
    struct Segment {
        var marker: UInt8
        var start: Int
        var end: Int
    }

    /// The header's segments in order, up to the first scan or the end of the image, or to
    /// the first bytes that are not a segment.
    static func header(of jpeg: ByteReader) -> [Segment] {
        var segments: [Segment] = []
        var i = 2
        while let marker = jpeg.be16(i), marker >> 8 == 0xFF, let length = jpeg.be16(i + 2), length >= 2 {
            let code = UInt8(marker & 0xFF)
            if code == 0xDA || code == 0xD9 { break }
            segments.append(Segment(marker: code, start: i + 4, end: i + 2 + length))
            i += 2 + length
        }
        return segments
    }

    /// The JPEG without the header segments for which `drop` returns true; `drop` gets the
    /// segment's marker byte and the offset of its `0xFF`. With `skippingJunk`, bytes between
    /// segments (which libjpeg only warns about) are dropped too. The scan data is kept as
    /// it is; anything that is not a JPEG comes back unchanged.
    static func removing(
        from jpeg: [UInt8], skippingJunk: Bool = false, where drop: (UInt8, Int) -> Bool
    ) -> [UInt8] {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return jpeg }
        let b = ByteReader(jpeg)
        var output: [UInt8] = [0xFF, 0xD8]
        var i = 2
        while i + 4 <= jpeg.count {
            if skippingJunk {
                while i < jpeg.count, b[i] != 0xFF { i += 1 }
                while i + 1 < jpeg.count, b[i + 1] == 0xFF { i += 1 }
                guard i + 4 <= jpeg.count else { break }
            }
            guard b[i] == 0xFF else { break }
            let marker = b[i + 1]
            guard marker != 0xDA, let length = b.be16(i + 2), length >= 2, i + 2 + length <= jpeg.count else { break }
            if !drop(marker, i) { output += jpeg[i..<i + 2 + length] }
            i += 2 + length
        }
        output += jpeg[min(i, jpeg.count)...]
        return output
    }

    /// `jpeg` with the bytes between header segments removed, and its JFIF `APP0` segments
    /// too when `droppingJFIF`, for a second, strict decode.
    static func withoutHeaderJunk(_ jpeg: [UInt8], droppingJFIF: Bool) -> [UInt8] {
        removing(from: jpeg, skippingJunk: true) { marker, _ in droppingJFIF && marker == 0xE0 }
    }
}

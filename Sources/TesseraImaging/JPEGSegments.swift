/// Rewrites a JPEG's header segments, for a second, strict decode.
enum JPEGSegments {
    /// `jpeg` with the bytes between header segments (up to the first scan) removed, and
    /// its JFIF `APP0` segments too when `droppingJFIF`; the scan data is left as it is.
    static func withoutHeaderJunk(_ jpeg: [UInt8], droppingJFIF: Bool) -> [UInt8] {
        let b = ByteReader(jpeg)
        guard jpeg.count >= 4 else { return jpeg }
        var output: [UInt8] = [0xFF, 0xD8]
        var i = 2
        while i + 4 <= jpeg.count {
            // Junk before a marker is what libjpeg warned about: skip it.
            while i < jpeg.count, b[i] != 0xFF { i += 1 }
            while i + 1 < jpeg.count, b[i + 1] == 0xFF { i += 1 }
            guard i + 4 <= jpeg.count else { break }
            let marker = b[i + 1]
            if marker == 0xDA { break }
            guard let length = b.be16(i + 2), length >= 2, i + 2 + length <= jpeg.count else { break }
            if !(droppingJFIF && marker == 0xE0) { output += jpeg[i..<i + 2 + length] }
            i += 2 + length
        }
        output += jpeg[min(i, jpeg.count)...]
        return output
    }
}

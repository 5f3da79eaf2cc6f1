import TesseraCore

/// Walks a GIF's blocks up to the end of its first image before libgd decodes it.
///
/// libgd decodes a GIF cut short without a word, filling the missing rows with the
/// background: a half-copied file would be published half empty. The first frame is what
/// Tessera publishes, so its data must be complete.
enum GIFStructure {
    /// Throws `truncated GIF` when the file ends before the first image's data does, and
    /// `corrupt GIF: damaged file structure` for a block GIF does not define.
    static func check(_ bytes: [UInt8]) throws(PhotoProblem) {
        let b = ByteReader(bytes)
        guard bytes.count >= 13 else { throw .truncated(.gif) }
        var i = 13 + colorTableLength(flags: b[10])
        while true {
            guard i < bytes.count else { throw .truncated(.gif) }
            switch b[i] {
            case 0x21:  // extension: label, then data sub-blocks
                i = try skipSubBlocks(b, from: i + 2, count: bytes.count)
            case 0x2C:  // image descriptor, optional local colour table, LZW code size, data
                guard i + 10 <= bytes.count else { throw .truncated(.gif) }
                i += 10 + colorTableLength(flags: b[i + 9]) + 1
                _ = try skipSubBlocks(b, from: i, count: bytes.count)
                return
            default:  // a trailer before any image, or no block GIF defines
                throw .corrupt(.gif, detail: DecoderVerdict.Detail.structure)
            }
        }
    }

    /// Bytes of a colour table announced by a flags byte (bit 7 set: 3 × 2^(n+1) bytes).
    private static func colorTableLength(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset just after a chain of sub-blocks (length byte, data) and its 0 terminator.
    private static func skipSubBlocks(_ b: ByteReader, from start: Int, count: Int) throws(PhotoProblem) -> Int {
        var i = start
        while true {
            guard i < count else { throw .truncated(.gif) }
            let length = Int(b[i])
            if length == 0 { return i + 1 }
            i += 1 + length
        }
    }
}

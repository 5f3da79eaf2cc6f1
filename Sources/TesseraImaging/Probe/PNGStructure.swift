import TesseraCore

/// Walks a PNG's chunk headers before libpng sees the file.
///
/// libpng allocates a chunk's declared length before reading it: a 57-byte file declaring
/// a 1 GiB `iTXt` chunk (libpng's own `huge_*_chunk.png` crashers) made the build take
/// 1 GB of memory and a second. Checking that every chunk fits in the file costs a few
/// comparisons per chunk, so the fast path stays fast.
enum PNGStructure {
    /// Throws `truncated PNG` when a chunk runs past the end of the file before `IEND`,
    /// and `corrupt PNG: damaged file structure` for a length PNG does not allow or one
    /// that jumps over the `IEND` the file does have.
    static func check(_ bytes: [UInt8]) throws(PhotoProblem) {
        let b = ByteReader(bytes)
        var i = 8
        while true {
            guard let length = b.be32(i), i + 8 <= bytes.count else { throw .truncated(.png) }
            guard length <= 0x7FFF_FFFF else {
                throw .corrupt(.png, detail: DecoderVerdict.Detail.structure)
            }
            let end = i + 12 + length
            guard end <= bytes.count else {
                // An IEND further on means the length field is damaged, not the file cut.
                let iend = Array("IEND".utf8)
                let hasEnd =
                    bytes.count >= i + 12
                    && (i + 8...bytes.count - 4).contains {
                        b.matches(iend, at: $0)
                    }
                throw hasEnd ? .corrupt(.png, detail: DecoderVerdict.Detail.structure) : .truncated(.png)
            }
            if b.matches(Array("IEND".utf8), at: i + 4) { return }
            i = end
        }
    }
}

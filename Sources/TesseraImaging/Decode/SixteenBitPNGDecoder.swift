import CPNG
import TesseraCore

/// Decodes PNGs with 16-bit samples through libpng's simplified reader, which rounds each
/// sample to 8 bits (`(v × 255 + 32767) / 65535`); libgd keeps only the high byte, which
/// makes every such photo half a level darker on average. 8-bit PNGs stay with libgd.
///
/// The colour chunks (`gAMA`, `cHRM`, `sRGB`, `iCCP`) are left out of what libpng sees, so
/// it reads the samples as sRGB-encoded and converts nothing: colour stays the job of
/// `SRGBConversion`, which reads those chunks from the untouched file, exactly as for an
/// 8-bit PNG. Transparency is laid over white as `GDFormatDecoder` does, from 8-bit alpha.
enum SixteenBitPNGDecoder {
    /// Whether `bytes` is a PNG whose `IHDR` declares 16 bits per sample.
    static func handles(_ bytes: [UInt8]) -> Bool {
        let b = ByteReader(bytes)
        return b.matches(Array("IHDR".utf8), at: 12) && b[24] == 16
    }

    static func decode(_ bytes: [UInt8]) throws(PhotoProblem) -> GDImage {
        // libpng allocates what a chunk declares: its lengths are checked first.
        try PNGStructure.check(bytes)
        let reader = PNGImageReader(withoutColourChunks(bytes))
        let size = try reader.beginRead()
        guard size.width > 0, size.height > 0, size.width <= ImagePipeline.maxSide,
            size.height <= ImagePipeline.maxSide
        else { throw .corrupt(.png, detail: DecoderVerdict.Detail.impossibleSize(size)) }
        var samples = [UInt8](repeating: 0, count: size.width * size.height * 4)
        try reader.finishRead(into: &samples)

        let output = try GDImage.truecolor(size, for: .png)
        samples.withUnsafeBufferPointer { samples in
            output.forEachRow { y, row in
                var i = y * size.width * 4
                for x in 0..<row.count {
                    let alpha = Int32(samples[i + 3])
                    // Over white: c·a + 255·(1 − a), rounded; gd alpha 0 means opaque.
                    func over(_ channel: UInt8) -> Int32 {
                        (Int32(channel) * alpha + 255 * (255 - alpha) + 127) / 255
                    }
                    row[x] = over(samples[i]) << 16 | over(samples[i + 1]) << 8 | over(samples[i + 2])
                    i += 4
                }
            }
        }
        return output
    }

    /// The file without its colour chunks; every chunk fits (`PNGStructure` checked).
    private static func withoutColourChunks(_ bytes: [UInt8]) -> [UInt8] {
        let b = ByteReader(bytes)
        let colour = ["gAMA", "cHRM", "sRGB", "iCCP"].map { Array($0.utf8) }
        var kept = Array(bytes[0..<8])
        var i = 8
        while let length = b.be32(i), i + 12 + length <= bytes.count {
            if !colour.contains(where: { b.matches($0, at: i + 4) }) {
                kept += bytes[i..<(i + 12 + length)]
            }
            if b.matches(Array("IEND".utf8), at: i + 4) { break }
            i += 12 + length
        }
        return kept
    }
}

import CJPEGWriter
import TesseraCore

/// Encodes a picture's planes as a baseline JPEG carrying no metadata.
///
/// Baseline at every size, with libjpeg's standard Huffman tables: one pass over the
/// coefficients. A progressive display image (a DC scan, then each component's AC) cost
/// about 15 % of the default build's CPU time, for files 5 % smaller: libjpeg must optimise a
/// progressive file's Huffman tables, which takes a second, scalar pass over every
/// coefficient (measured on `make bench`'s photos: README, "Speed"). The viewer lays the
/// tile's image under a display image while it arrives, which is what a progressive
/// file's first scan gave, only sharper.
///
/// libjpeg keeps the addresses of its compress struct, error manager and destination
/// between calls, and leaves by `longjmp` on error: all three live in `CJPEGWriter`'s C
/// frame for the one call that uses them, and Swift passes only plane pointers and an
/// output pointer, valid for that call.
enum JPEGEncoder {
    /// - Parameter image: planes in the encoder's layout (`YCbCrImage.isEncodable`).
    static func encode(_ image: YCbCrImage, quality: Int) throws(PhotoProblem) -> [UInt8] {
        precondition(image.isEncodable, "planes must be laid out by YCbCrImage.resized(to:)")
        var output: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.withPlanePointers { planes, strides in
            jpeg_writer_encode(
                planes, strides, Int32(image.isGrey ? 1 : 3),
                Int32(image.size.width), Int32(image.size.height), Int32(max(1, min(100, quality))),
                &output, &length, &message, message.count)
        }
        defer { jpeg_writer_free(output) }
        guard status == 0, let output else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw DecoderVerdict.problem(.jpeg, messages: [text])
        }
        return [UInt8](UnsafeBufferPointer(start: output, count: Int(length)))
    }
}

extension YCbCrImage {
    /// Calls `body` with a pointer to each plane's first sample and each plane's stride.
    fileprivate func withPlanePointers<Result>(
        _ body: (UnsafePointer<UnsafePointer<UInt8>?>, UnsafePointer<Int32>) -> Result
    ) -> Result {
        let strides = ([luma] + chroma).map { Int32($0.width) } + [0, 0]
        return luma.samples.withUnsafeBufferPointer { y in
            let blue = chroma.first?.samples ?? []
            let red = chroma.last?.samples ?? []
            return blue.withUnsafeBufferPointer { cb in
                red.withUnsafeBufferPointer { cr in
                    let planes = [y.baseAddress, cb.baseAddress, cr.baseAddress]
                    return planes.withUnsafeBufferPointer { planes in
                        strides.withUnsafeBufferPointer { strides in
                            body(planes.baseAddress!, strides.baseAddress!)
                        }
                    }
                }
            }
        }
    }
}

import CJPEGWriter
import TesseraCore

/// Encodes a picture's planes as a JPEG carrying no metadata: progressive from a
/// megapixel up, baseline below (see `CJPEGWriter` for the scans).
///
/// A progressive JPEG shows a whole, blurry image early, which matters for a display image
/// on a slow phone; it costs three to four times the encoding time of a baseline one (libjpeg
/// keeps every coefficient and optimises its Huffman tables in a second pass), which buys
/// nothing on a thumbnail that arrives at once.
///
/// libjpeg keeps the addresses of its compress struct, error manager and destination
/// between calls, and leaves by `longjmp` on error: all three live in `CJPEGWriter`'s C
/// frame for the one call that uses them, and Swift passes only plane pointers and an
/// output pointer, valid for that call.
enum JPEGEncoder {
    /// Images with at least this many pixels are encoded progressive.
    static let progressiveFromPixels = 1_000_000

    /// - Parameter image: planes in the encoder's layout (`YCbCrImage.isEncodable`).
    static func encode(_ image: YCbCrImage, quality: Int) throws(PhotoProblem) -> [UInt8] {
        precondition(image.isEncodable, "planes must be laid out by YCbCrImage.resized(to:)")
        let scans = image.size.pixelCount >= progressiveFromPixels ? JPEG_WRITER_PROGRESSIVE : JPEG_WRITER_BASELINE
        var output: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.withPlanePointers { planes, strides in
            jpeg_writer_encode(
                planes, strides, Int32(image.isGrey ? 1 : 3),
                Int32(image.size.width), Int32(image.size.height), Int32(max(1, min(100, quality))),
                scans, &output, &length, &message, message.count)
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

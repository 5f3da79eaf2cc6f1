import CGD
import TesseraCore

/// Encodes a gd image as a JPEG carrying no metadata: progressive from a megapixel up,
/// baseline below.
///
/// A progressive JPEG shows a whole, blurry image early, which matters for a display image
/// on a slow phone; it costs about twice the encoding time (libjpeg must optimise its
/// Huffman tables in a second pass), which buys nothing on a thumbnail that arrives at once.
enum JPEGEncoder {
    /// Images with at least this many pixels are encoded progressive.
    static let progressiveFromPixels = 1_000_000

    static func encode(_ image: GDImage, quality: Int) throws(PhotoProblem) -> [UInt8] {
        gdImageInterlace(image.pointer, image.size.pixelCount >= progressiveFromPixels ? 1 : 0)
        var size: Int32 = 0
        let (buffer, messages) = GDErrorCapture.collecting {
            gdImageJpegPtr(image.pointer, &size, Int32(max(1, min(100, quality))))
        }
        guard let buffer else {
            throw DecoderVerdict.problem(.jpeg, messages: messages.map(\.text))
        }
        defer { gdFree(buffer) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: Int(max(0, size))))
        return withoutComments(bytes)
    }

    /// libgd adds a `CREATOR: gd-jpeg …` comment; the output should say nothing but pixels.
    static func withoutComments(_ jpeg: [UInt8]) -> [UInt8] {
        JPEGSegments.removing(from: jpeg) { marker, _ in marker == 0xFE }
    }
}

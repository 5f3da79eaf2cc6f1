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
        let b = ByteReader(jpeg)
        var output: [UInt8] = [0xFF, 0xD8]
        var i = 2
        while i + 4 <= jpeg.count, b[i] == 0xFF {
            let marker = b[i + 1]
            guard marker != 0xDA, let length = b.be16(i + 2), i + 2 + length <= jpeg.count else { break }
            if marker != 0xFE { output += jpeg[i..<i + 2 + length] }
            i += 2 + length
        }
        guard jpeg.count >= 2, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return jpeg }
        output += jpeg[i...]
        return output
    }
}

import CPNG
import TesseraCore

/// One read through libpng's simplified API, from `png_image_begin_read_from_memory` to
/// `png_image_free`, and the file bytes it reads.
///
/// libpng keeps the address of the `png_image` between those calls: its read callback
/// finds the bytes still to read through it (`io_ptr`), and its error handler writes the
/// message through it (`error_ptr`). So the `png_image` lives in one heap allocation for
/// the reader's whole life and is reached only through that pointer: a Swift value passed
/// with `&` is only valid for the one call, and may be a different copy at the next. The
/// bytes get a heap buffer of their own, alive until `deinit`, as libpng reads them row by
/// row in `finishRead`.
final class PNGImageReader {
    private let image: UnsafeMutablePointer<png_image>
    private let bytes: UnsafeMutableRawBufferPointer
    private let count: Int

    init(_ file: [UInt8]) {
        image = .allocate(capacity: 1)
        image.initialize(to: png_image())
        image.pointee.version = png_uint_32(CPNG_IMAGE_VERSION)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(file.count, 1), alignment: 1)
        file.withUnsafeBytes { buffer.copyMemory(from: $0) }
        bytes = buffer
        count = file.count
    }

    deinit {
        // Safe before any read: a `png_image` libpng never opened holds nothing to free.
        png_image_free(image)
        image.deinitialize(count: 1)
        image.deallocate()
        bytes.deallocate()
    }

    /// Reads the header; the size and format are then known.
    func beginRead() throws(PhotoProblem) -> PixelSize {
        guard png_image_begin_read_from_memory(image, bytes.baseAddress, count) != 0 else { throw problem }
        return PixelSize(width: Int(image.pointee.width), height: Int(image.pointee.height))
    }

    /// Decodes every row as 8-bit RGBA into `samples` (`width × height × 4` bytes), taking
    /// 16-bit samples as sRGB-encoded.
    func finishRead(into samples: inout [UInt8]) throws(PhotoProblem) {
        // Without gAMA or sRGB libpng would take 16-bit samples as linear.
        image.pointee.flags |= CPNG_IMAGE_FLAG_16BIT_sRGB
        image.pointee.format = CPNG_FORMAT_RGBA
        let size = Int(image.pointee.width) * Int(image.pointee.height) * 4
        guard samples.count == size else { throw problem }
        let finished = samples.withUnsafeMutableBytes { png_image_finish_read(image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { throw problem }
    }

    /// libpng's message, within its 64 bytes however it ends.
    private var problem: PhotoProblem {
        let message = withUnsafeBytes(of: image.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return DecoderVerdict.problem(.png, messages: [message])
    }
}

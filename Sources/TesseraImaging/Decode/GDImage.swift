import CGD
import TesseraCore

/// The one owner of a libgd image: the pointer never leaves this module and is
/// destroyed exactly once, when the last reference goes.
///
/// libgd allocates the image and its rows and keeps them where they are; the `*Ptr`
/// readers in `GDFormatDecoder` read the file's bytes during their one call only.
final class GDImage {
    let pointer: gdImagePtr

    /// Takes ownership of an image libgd returned.
    init(owning pointer: gdImagePtr) {
        self.pointer = pointer
    }

    deinit { gdImageDestroy(pointer) }

    /// A new opaque black truecolor image, or a problem naming `format` when libgd
    /// cannot allocate it.
    static func truecolor(_ size: PixelSize, for format: MediaFormat) throws(PhotoProblem) -> GDImage {
        guard size.width > 0, size.height > 0, size.width <= Int(Int32.max),
            size.height <= Int(Int32.max),
            let pointer = gdImageCreateTrueColor(Int32(size.width), Int32(size.height))
        else {
            throw .corrupt(format, detail: DecoderVerdict.Detail.noMemory(size))
        }
        let image = GDImage(owning: pointer)
        // Copies and resamples overwrite pixels; they must not blend with the black start.
        gdImageAlphaBlending(pointer, 0)
        return image
    }

    var size: PixelSize {
        PixelSize(width: Int(pointer.pointee.sx), height: Int(pointer.pointee.sy))
    }

    var isTrueColor: Bool { pointer.pointee.trueColor != 0 }

    /// Calls `body` with each truecolor row (`0xAARRGGBB`, gd alpha 0 = opaque).
    func forEachRow(_ body: (_ y: Int, _ row: UnsafeMutableBufferPointer<Int32>) -> Void) {
        guard isTrueColor, let rows = pointer.pointee.tpixels else { return }
        let width = Int(pointer.pointee.sx)
        for y in 0..<Int(pointer.pointee.sy) {
            guard let row = rows[y] else { continue }
            body(y, UnsafeMutableBufferPointer(start: row, count: width))
        }
    }

    /// The truecolor row pointers, for pixel loops that read one image and write another.
    var rows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>? {
        isTrueColor ? pointer.pointee.tpixels : nil
    }
}

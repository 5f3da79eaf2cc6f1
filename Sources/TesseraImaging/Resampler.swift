import CGD
import TesseraCore

/// Shrinks an image by area averaging (libgd's `gdImageCopyResampled`).
enum Resampler {
    /// A new image of `size` made from all of `image`; the same image when sizes match.
    static func resample(_ image: GDImage, to size: PixelSize, format: ImageFormat) throws(PhotoProblem)
        -> GDImage
    {
        if image.size == size { return image }
        let target = try GDImage.truecolor(size, for: format)
        let source = image.size
        gdImageCopyResampled(
            target.pointer, image.pointer, 0, 0, 0, 0,
            Int32(size.width), Int32(size.height), Int32(source.width), Int32(source.height))
        return target
    }
}

import CGD
import TesseraCore

/// Decodes PNG (8-bit; `SixteenBitPNGDecoder` rounds 16-bit ones, libgd would truncate),
/// GIF, WebP, TIFF (its first page; libtiff reduces 16-bit samples to 8)
/// and CMYK JPEG with libgd into an opaque truecolor image: palettes expanded,
/// transparency (alpha, a palette's, an RGB PNG's colour key) laid over white, a GIF's
/// first image placed on its logical screen. AVIF and HEIF go to libheif instead
/// (`HEIFFile`): libgd 2.3.3 ignores their row stride, crop, turn and mirror.
enum GDFormatDecoder {
    static func decode(_ bytes: [UInt8], format: MediaFormat) throws(PhotoProblem) -> GDImage {
        guard bytes.count <= Int(Int32.max) else { throw .unsupported("\(format.displayName) files over 2 GiB") }
        if format == .png { try PNGStructure.check(bytes) }
        let gifImage = format == .gif ? try GIFStructure.check(bytes) : nil
        let tiff = format == .tiff ? TIFFStructure.parsed(bytes) : nil
        var copy = tiff?.withoutOrientation(bytes) ?? bytes
        let (pointer, messages) = GDErrorCapture.collecting {
            StandardErrorSilencer.silenced {
                copy.withUnsafeMutableBytes { raw -> gdImagePtr? in
                    let size = Int32(raw.count)
                    let data = raw.baseAddress
                    switch format {
                    case .jpeg: return gdImageCreateFromJpegPtrEx(size, data, 0)
                    case .png: return gdImageCreateFromPngPtr(size, data)
                    case .gif: return gdImageCreateFromGifPtr(size, data)
                    case .webp: return gdImageCreateFromWebpPtr(size, data)
                    case .tiff: return gdImageCreateFromTiffPtr(size, data)
                    default: return nil  // never asked: HEIFFile reads AVIF and HEIF, the rest are unread
                    }
                }
            }
        }
        guard let pointer else { throw problem(format, messages) }
        let image = GDImage(owning: pointer)
        // Some readers report damage and still return pixels; half an image is no image.
        // libjpeg's damage reports ("Corrupt JPEG data: premature end of data segment")
        // reach libgd as mere notices, so for JPEG every notice counts but the harmless few.
        let damage = messages.filter {
            $0.isError || (format == .jpeg && !DecoderVerdict.isHarmlessWarning($0.text))
        }
        if !damage.isEmpty {
            throw problem(format, damage)
        }
        guard image.size.width > 0, image.size.height > 0 else {
            throw .corrupt(format, detail: DecoderVerdict.Detail.impossibleSize(image.size))
        }
        let opaque = try opaqueTrueColor(image, format: format, blackIsZero: tiff?.photometric == 1)
        guard let gifImage, !gifImage.fillsScreen, gifImage.liesWithinScreen, image.size == gifImage.size else {
            return opaque
        }
        return try placed(opaque, on: gifImage)
    }

    /// A GIF's first image at its place on the logical screen, the rest of the screen
    /// white: what a browser shows there is transparent, and transparency is laid over
    /// white. (Stretching the image to the screen's size, as the resize would, misplaces it.)
    private static func placed(_ image: GDImage, on gif: GIFStructure.FirstImage) throws(PhotoProblem) -> GDImage {
        let screen = try GDImage.truecolor(gif.screen, for: .gif)
        gdImageFilledRectangle(
            screen.pointer, 0, 0, Int32(gif.screen.width - 1), Int32(gif.screen.height - 1), 0x00FF_FFFF)
        gdImageCopy(
            screen.pointer, image.pointer, Int32(gif.left), Int32(gif.top), 0, 0, Int32(gif.size.width),
            Int32(gif.size.height))
        return screen
    }

    private static func problem(
        _ format: MediaFormat, _ messages: [GDErrorCapture.Message]
    )
        -> PhotoProblem
    {
        let errors = messages.filter(\.isError)
        return DecoderVerdict.problem(format, messages: (errors.isEmpty ? messages : errors).map(\.text))
    }

    /// JPEG output has no alpha: expand palettes and composite every pixel over white.
    /// `blackIsZero`: a TIFF whose `PhotometricInterpretation` says so.
    private static func opaqueTrueColor(
        _ image: GDImage, format: MediaFormat, blackIsZero: Bool
    ) throws(PhotoProblem)
        -> GDImage
    {
        let im = image.pointer
        // libtiff hands libgd colours already multiplied by their alpha (it premultiplies
        // unassociated alpha itself): white shows through by 1 - alpha, added, not mixed.
        let premultiplied = format == .tiff
        // An 8-bit RGB PNG's tRNS colour key: libgd leaves those pixels opaque and only
        // names their colour as the image's transparent one.
        let colourKey = image.isTrueColor && im.pointee.transparent >= 0 ? im.pointee.transparent : nil
        if !image.isTrueColor {
            if blackIsZero { correctBilevelPalette(image) }
            // A GIF's transparent index is not in the palette's alpha; put it there first.
            let transparent = Int(im.pointee.transparent)
            if transparent >= 0, transparent < Int(gdMaxColors) {
                withUnsafeMutableBytes(of: &im.pointee.alpha) { raw in
                    raw.bindMemory(to: Int32.self)[transparent] = Int32(gdAlphaTransparent)
                }
            }
            guard gdImagePaletteToTrueColor(im) != 0, image.isTrueColor else {
                throw .corrupt(format, detail: DecoderVerdict.Detail.noMemory(image.size))
            }
        }
        image.forEachRow { _, row in
            for x in 0..<row.count {
                let pixel = row[x]
                let alpha = (pixel >> 24) & 0x7F
                if alpha == 0 {
                    row[x] = pixel == colourKey ? 0x00FF_FFFF : pixel & 0x00FF_FFFF
                    continue
                }
                let opacity = 127 - alpha
                func over(_ channel: Int32) -> Int32 {
                    premultiplied
                        ? min(255, channel + (255 * alpha + 63) / 127) : (channel * opacity + 255 * alpha + 63) / 127
                }
                let r = over((pixel >> 16) & 0xFF)
                let g = over((pixel >> 8) & 0xFF)
                let b = over(pixel & 0xFF)
                row[x] = r << 16 | g << 8 | b
            }
        }
        im.pointee.saveAlphaFlag = 0
        im.pointee.transparent = -1
        return image
    }

    /// libgd 2.3.3 reads a bilevel (1-bit) TIFF into a two-entry palette and maps a set bit
    /// to entry 0 whatever the file's `PhotometricInterpretation` says; for WhiteIsZero it
    /// flips the bits first and puts white in entry 0, which is right, but for BlackIsZero
    /// (what scanners' line art, fax and document tools and Pillow write) it puts black in
    /// entry 0, so the page comes out as its negative. Entry 0 must be what a set bit
    /// means there: white. Only for BlackIsZero: a palette TIFF's own two colours are
    /// right as they are.
    private static func correctBilevelPalette(_ image: GDImage) {
        let im = image.pointer
        guard im.pointee.colorsTotal == 2 else { return }
        func entries(_ body: (UnsafeMutableBufferPointer<Int32>) -> Void) {
            withUnsafeMutableBytes(of: &im.pointee.red) { body($0.bindMemory(to: Int32.self)) }
            withUnsafeMutableBytes(of: &im.pointee.green) { body($0.bindMemory(to: Int32.self)) }
            withUnsafeMutableBytes(of: &im.pointee.blue) { body($0.bindMemory(to: Int32.self)) }
        }
        var blackThenWhite = true
        entries { blackThenWhite = blackThenWhite && $0[0] == 0 && $0[1] == 255 }
        guard blackThenWhite else { return }
        entries { $0.swapAt(0, 1) }
    }
}

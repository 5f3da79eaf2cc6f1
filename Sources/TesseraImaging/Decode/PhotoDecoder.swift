import Foundation
import TesseraCore

/// Decodes a photo of any format we read into YCbCr planes, in sRGB, upright for AVIF
/// and HEIF (whose own turns libheif applies) and camera raws (LibRaw's), and
/// stored-orientation for the rest.
///
/// The fast path, JPEG planes straight from libjpeg-turbo, serves untagged and sRGB
/// JPEGs; a JPEG tagged with another RGB profile or a CMYK one is decoded (still at the
/// smallest scale that covers the sizes needed) into interleaved pixels that Little CMS
/// converts, as are a CMYK TIFF's samples when it has a profile (`CMYKTIFFReader`).
enum PhotoDecoder {
    /// - Parameters:
    ///   - target: the largest size needed, in stored orientation; JPEGs decode at the
    ///     smallest scale that covers it, camera raws at half size when that covers it.
    ///   - budget: the pixel limit a camera raw's sensor is held to before it is unpacked.
    ///   - note: told what the user should know of how the photo was decoded: a camera raw
    ///     developed although it has a preview, and why.
    static func decode(
        _ file: URL, format: MediaFormat, covering target: PixelSize, budget: PixelBudget,
        note: ((String) -> Void)? = nil
    ) throws(PhotoProblem)
        -> YCbCrImage
    {
        if format.kind == .raw {
            // The camera's own preview when it is large enough (`RawPreview`), else developed
            // by LibRaw; either way upright, in sRGB (`RawFile`).
            let raw = try RawFile.open(try FileBytes.read(file), format: format)
            switch RawPreview.choice(for: raw, covering: target, budget: budget) {
            case .preview(let preview): return preview
            case .develop(let reason):
                if let reason { note?("\(reason); developed from the raw by LibRaw instead, which takes longer") }
                return YCbCrImage(try raw.develop(covering: target, budget: budget))
            }
        }
        switch format {
        case .jpeg: return try decodeJPEG(try FileBytes.read(file), covering: target)
        case .avif, .heif:
            let heif = try HEIFFile(file, format: format)
            let pixels = try heif.decodeOpaque()
            // An ICC profile, or else `nclx` primaries wider than sRGB's.
            let described = heif.wideGamutPrimaries.flatMap { nclx in
                SRGBConversion.ToneCurve(h273: nclx.transfer).flatMap {
                    SRGBConversion.profile(chromaticities: nclx.chromaticities, curve: $0)
                }
            }
            return YCbCrImage(inSRGB(pixels, profile: convertibleProfile(heif.iccProfile ?? described)))
        case .png, .gif, .webp, .tiff:
            let bytes = try FileBytes.read(file)
            let profile = convertibleProfile(EmbeddedProfile.find(in: bytes, format: format))
            // A CMYK TIFF with a profile: its samples through that profile, as a CMYK JPEG's.
            if format == .tiff, let profile, let samples = CMYKTIFFReader.read(bytes),
                let image = try SRGBConversion.image(from: samples, profile: profile)
            {
                return YCbCrImage(image)
            }
            let pixels =
                format == .png && SixteenBitPNGDecoder.handles(bytes)
                ? try SixteenBitPNGDecoder.decode(bytes) : try GDFormatDecoder.decode(bytes, format: format)
            return YCbCrImage(inSRGB(pixels, profile: profile))
        default: throw .unsupported(format.displayName)  // a row Tessera does not read (video)
        }
    }

    /// A JPEG's planes, converted to sRGB when it is tagged with another profile.
    static func decodeJPEG(_ bytes: [UInt8], covering target: PixelSize) throws(PhotoProblem) -> YCbCrImage {
        guard let profile = convertibleProfile(EmbeddedProfile.find(in: bytes, format: .jpeg)) else {
            return try JPEGDecoder.decode(bytes, covering: target)
        }
        if let pixels = try JPEGDecoder.decodeInterleaved(bytes, covering: target),
            let image = try SRGBConversion.image(from: pixels, profile: profile)
        {
            return YCbCrImage(image)
        }
        // An unusual subsampling, or a profile that does not fit: libgd's RGB.
        return YCbCrImage(inSRGB(try GDFormatDecoder.decode(bytes, format: .jpeg), profile: profile))
    }

    private static func convertibleProfile(_ profile: [UInt8]?) -> [UInt8]? {
        guard let profile, SRGBConversion.needed(for: profile) else { return nil }
        return profile
    }

    private static func inSRGB(_ pixels: GDImage, profile: [UInt8]?) -> GDImage {
        if let profile { SRGBConversion.convert(pixels, from: profile) }
        return pixels
    }
}

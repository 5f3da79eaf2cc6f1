import CLcms2
import TesseraCore

/// Converts pictures tagged with an ICC colour profile to sRGB with Little CMS, so that
/// a Display P3 or Adobe RGB photo keeps its colours on every screen (Tessera's JPEGs
/// carry no profile, so browsers show them as sRGB).
///
/// Relative colorimetric intent with black-point compensation: colours inside sRGB stay
/// exactly where they were, those outside are clipped to the nearest sRGB colour; the
/// intent that matrix profiles (nearly all camera and editor profiles) actually implement.
enum SRGBConversion {
    /// Whether pixels tagged with `profile` must be converted: true for CMYK profiles and
    /// for RGB ones other than sRGB itself (judged by its description, which every sRGB
    /// profile in use names); false for grey profiles and for profiles Little CMS cannot
    /// read.
    static func needed(for profile: [UInt8]) -> Bool {
        guard let handle = open(profile) else { return false }
        defer { cmsCloseProfile(handle) }
        switch cmsGetColorSpace(handle) {
        case cmsSigCmykData: return true
        case cmsSigRgbData: return !description(of: handle).lowercased().contains("srgb")
        default: return false
        }
    }

    /// A new opaque image in sRGB from a JPEG's decoded pixels and the profile they are
    /// in (CMYK ones through a CMYK profile, never by formula); nil when the profile
    /// does not fit the pixels or cannot be used.
    static func image(from pixels: JPEGDecoder.InterleavedPixels, profile: [UInt8]) throws(PhotoProblem) -> GDImage? {
        guard let source = open(profile) else { return nil }
        defer { cmsCloseProfile(source) }
        let space = cmsGetColorSpace(source)
        guard space == (pixels.isCMYK ? cmsSigCmykData : cmsSigRgbData), let target = cmsCreate_sRGBProfile() else {
            return nil
        }
        defer { cmsCloseProfile(target) }
        let input = !pixels.isCMYK
            ? CLcms2_TYPE_BGRA_8 : pixels.isAdobeInverted ? CLcms2_TYPE_CMYK_8_REV : CLcms2_TYPE_CMYK_8
        // CMYK has no colorimetric black point to compensate: perceptual, as print proofs do.
        let intent = pixels.isCMYK ? INTENT_PERCEPTUAL : INTENT_RELATIVE_COLORIMETRIC
        guard let transform = cmsCreateTransform(
            source, input, target, CLcms2_TYPE_BGRA_8, cmsUInt32Number(intent),
            cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION))
        else { return nil }
        defer { cmsDeleteTransform(transform) }
        let image = try GDImage.truecolor(pixels.size, for: .jpeg)
        let width = pixels.size.width
        pixels.samples.withUnsafeBytes { samples in
            image.forEachRow { y, row in
                // The output's fourth byte is left as it is: 0, gd's "opaque".
                cmsDoTransform(transform, samples.baseAddress! + y * width * 4, row.baseAddress, cmsUInt32Number(width))
            }
        }
        return image
    }

    /// Converts an opaque truecolor image in place; returns false (and leaves it) when
    /// the profile is not an RGB one or cannot be used.
    @discardableResult
    static func convert(_ image: GDImage, from profile: [UInt8]) -> Bool {
        guard let source = open(profile) else { return false }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData, let target = cmsCreate_sRGBProfile() else { return false }
        defer { cmsCloseProfile(target) }
        // gd's pixels are 0x00RRGGBB words: in memory on a little-endian machine B, G, R, 0.
        guard let transform = cmsCreateTransform(
            source, CLcms2_TYPE_BGRA_8, target, CLcms2_TYPE_BGRA_8,
            cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION))
        else { return false }
        defer { cmsDeleteTransform(transform) }
        image.forEachRow { _, row in
            cmsDoTransform(transform, row.baseAddress, row.baseAddress, cmsUInt32Number(row.count))
        }
        return true
    }

    private static func open(_ profile: [UInt8]) -> cmsHPROFILE? {
        guard profile.count >= 128, profile.count <= EmbeddedProfile.maxLength else { return nil }
        return profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
    }

    private static func description(of handle: cmsHPROFILE) -> String {
        var text = [CChar](repeating: 0, count: 256)
        _ = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &text, cmsUInt32Number(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

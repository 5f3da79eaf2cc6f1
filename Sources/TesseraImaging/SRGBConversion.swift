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
    /// Whether pixels tagged with `profile` must be converted: false for sRGB itself
    /// (judged by its description, which every sRGB profile in use names), for profiles
    /// that are not RGB (grey, CMYK: libgd has already made RGB of those) and for
    /// profiles Little CMS cannot read.
    static func needed(for profile: [UInt8]) -> Bool {
        guard let handle = open(profile) else { return false }
        defer { cmsCloseProfile(handle) }
        guard cmsGetColorSpace(handle) == cmsSigRgbData else { return false }
        return !description(of: handle).lowercased().contains("srgb")
    }

    /// Converts an opaque truecolor image in place; returns false (and leaves it) when
    /// the profile cannot be used.
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

import CLcms2
import TesseraCore

/// Converts pictures tagged with an ICC colour profile to sRGB with Little CMS, so that
/// a Display P3 or Adobe RGB photo keeps its colours on every screen (Tessera's JPEGs
/// carry no profile, so browsers show them as sRGB).
///
/// RGB goes by relative colorimetric intent with black-point compensation: colours inside
/// sRGB stay exactly where they were, those outside are clipped to the nearest sRGB
/// colour; the intent that matrix profiles (nearly all camera and editor profiles)
/// actually implement. Grey profiles (a tone curve: Gray Gamma 1.8, Dot Gain 20%, L*) go
/// the same way, for pictures whose pixels are all grey. CMYK (JPEG and TIFF samples, never
/// libgd's formula) goes through its profile's perceptual tables.
///
/// Little CMS's profiles, tone curves and transforms are objects it allocates, each closed
/// by the function that opened it. `cmsOpenProfileFromMem` copies the profile's bytes
/// (read mode), and `cmsCreateRGBProfile` copies the white point, primaries and curves, so
/// nothing of ours is kept between calls.
enum SRGBConversion {
    /// Whether pixels tagged with `profile` must be converted: true for CMYK and grey
    /// profiles and for RGB ones other than sRGB itself (judged by its description, which
    /// every sRGB profile in use names); false for profiles Little CMS cannot read.
    static func needed(for profile: [UInt8]) -> Bool {
        guard let handle = open(profile) else { return false }
        defer { cmsCloseProfile(handle) }
        switch cmsGetColorSpace(handle) {
        case cmsSigCmykData, cmsSigGrayData: return true
        case cmsSigRgbData: return !description(of: handle).lowercased().contains("srgb")
        default: return false
        }
    }

    /// A new opaque image in sRGB from a JPEG's decoded pixels (or a CMYK TIFF's samples,
    /// `CMYKTIFFReader`) and the profile they are in (CMYK ones through a CMYK profile,
    /// never by formula); nil when the profile does not fit the pixels or cannot be used.
    static func image(from pixels: JPEGDecoder.InterleavedPixels, profile: [UInt8]) throws(PhotoProblem) -> GDImage? {
        guard let source = open(profile) else { return nil }
        defer { cmsCloseProfile(source) }
        let input: cmsUInt32Number
        switch cmsGetColorSpace(source) {
        case cmsSigCmykData where pixels.isCMYK:
            input = pixels.isAdobeInverted ? CLcms2_TYPE_CMYK_8_REV : CLcms2_TYPE_CMYK_8
        case cmsSigRgbData where !pixels.isCMYK: input = CLcms2_TYPE_BGRA_8
        case cmsSigGrayData where !pixels.isCMYK && pixels.samples.withUnsafeBytes(isGrey):
            input = CLcms2_TYPE_GRAY_8_IN_BGRA
        default: return nil
        }
        guard let target = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(target) }
        // Press profiles carry perceptual tables made for mapping their gamut and paper white
        // to other media; matrix RGB profiles have none, so RGB goes colorimetric.
        let intent = pixels.isCMYK ? INTENT_PERCEPTUAL : INTENT_RELATIVE_COLORIMETRIC
        guard
            let transform = cmsCreateTransform(
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
    /// the profile is neither an RGB one nor a grey one for a grey picture, or cannot be
    /// used.
    @discardableResult
    static func convert(_ image: GDImage, from profile: [UInt8]) -> Bool {
        guard let source = open(profile) else { return false }
        defer { cmsCloseProfile(source) }
        // gd's pixels are 0x00RRGGBB words: in memory on a little-endian machine B, G, R, 0.
        let input: cmsUInt32Number
        switch cmsGetColorSpace(source) {
        case cmsSigRgbData: input = CLcms2_TYPE_BGRA_8
        case cmsSigGrayData where isGrey(image): input = CLcms2_TYPE_GRAY_8_IN_BGRA
        default: return false
        }
        guard let target = cmsCreate_sRGBProfile() else { return false }
        defer { cmsCloseProfile(target) }
        guard
            let transform = cmsCreateTransform(
                source, input, target, CLcms2_TYPE_BGRA_8,
                cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION))
        else { return false }
        defer { cmsDeleteTransform(transform) }
        image.forEachRow { _, row in
            cmsDoTransform(transform, row.baseAddress, row.baseAddress, cmsUInt32Number(row.count))
        }
        return true
    }

    /// Whether every pixel of BGRA/BGRX samples has B = G = R: a grey profile describes
    /// one channel, so a colour picture wrongly tagged with one is left as it is.
    private static func isGrey(_ samples: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        while i + 2 < samples.count {
            guard samples[i] == samples[i + 1], samples[i] == samples[i + 2] else { return false }
            i += 4
        }
        return true
    }

    private static func isGrey(_ image: GDImage) -> Bool {
        var grey = true
        image.forEachRow { _, row in
            guard grey else { return }
            grey = isGrey(UnsafeRawBufferPointer(row))
        }
        return grey
    }

    /// sRGB's chromaticities: red, green, blue and white (D65), each as x, y.
    static let sRGBChromaticities = [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290]

    /// How stored values map to light.
    enum ToneCurve {
        /// sRGB's curve: linear near black, then a 2.4 power.
        case sRGB
        /// A pure power: light = value ^ exponent.
        case power(Double)

        /// The curve of an H.273 transfer code (AVIF and HEIF `nclx`); nil for
        /// high-dynamic-range transfers (PQ, HLG) and codes we do not know, which are then
        /// shown as sRGB. BT.709, BT.601 and BT.2020 display as sRGB's curve on the web.
        init?(h273 code: Int) {
            switch code {
            case 1, 2, 6, 13, 14, 15: self = .sRGB
            case 4: self = .power(2.2)
            case 5: self = .power(2.8)
            case 8: self = .power(1)
            default: return nil
            }
        }
    }

    /// An ICC profile for RGB described by chromaticities (red, green, blue, white as
    /// x, y) and a tone curve, as AVIF `nclx` boxes and PNG `cHRM`/`gAMA` chunks give them.
    static func profile(chromaticities c: [Double], curve: ToneCurve) -> [UInt8]? {
        guard c.count == 8, c.allSatisfy({ $0 > 0 && $0 < 1 }) else { return nil }
        let parameters: (type: Int32, values: [Double])
        switch curve {
        case .sRGB: parameters = (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        case .power(let exponent):
            guard exponent > 0.1, exponent < 10 else { return nil }
            parameters = (1, [exponent])
        }
        var white = cmsCIExyY(x: c[6], y: c[7], Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: c[0], y: c[1], Y: 1), Green: cmsCIExyY(x: c[2], y: c[3], Y: 1),
            Blue: cmsCIExyY(x: c[4], y: c[5], Y: 1))
        var values = parameters.values
        guard let toneCurve = cmsBuildParametricToneCurve(nil, parameters.type, &values) else { return nil }
        defer { cmsFreeToneCurve(toneCurve) }
        var curves: [OpaquePointer?] = [toneCurve, toneCurve, toneCurve]
        guard let handle = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(handle) }
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(handle, nil, &length) != 0, length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard cmsSaveProfileToMem(handle, &bytes, &length) != 0 else { return nil }
        return bytes
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

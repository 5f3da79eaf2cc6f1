import CLcms2
import Foundation

/// Colour-tagged test photos and their sRGB references, made by Pillow (Debian's
/// `python3-pil`, its ImageCms module): the judge shares no code with Tessera's path.
enum ColourFixture {
    /// A Display P3 profile built with Little CMS from the published primaries (D65 white,
    /// red 0.680/0.320, green 0.265/0.690, blue 0.150/0.060, the sRGB curve).
    static func displayP3() -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
            Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = cmsCreateRGBProfile(&white, &primaries, &curves)!
        defer { cmsCloseProfile(profile) }
        var length: cmsUInt32Number = 0
        cmsSaveProfileToMem(profile, nil, &length)
        var bytes = [UInt8](repeating: 0, count: Int(length))
        cmsSaveProfileToMem(profile, &bytes, &length)
        return bytes
    }

    /// Debian's `icc-profiles-free` profile compatible with Adobe RGB (1998).
    static let adobeRGB = URL(fileURLWithPath: "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc")

    /// Debian's Python, where `python3-pil` lives (not a `python3` earlier on `PATH`).
    static let python = URL(fileURLWithPath: "/usr/bin/python3")

    /// Whether Pillow with ImageCms and WebP can run here.
    static var pillowAvailable: Bool {
        (try? run(["-c", "from PIL import ImageCms, features; assert features.check('webp')"])) != nil
    }

    /// Writes `picture.jpg`, `.png` and `.webp` tagged with `profile`, `untagged.png` (the
    /// same numbers without a profile: what a pipeline that drops profiles shows) and
    /// `reference.png`, Pillow's conversion to sRGB.
    static func make(profile: URL, in folder: URL) throws {
        try run(["-c", script, "make", profile.path, folder.path])
    }

    /// Pillow's sRGB conversion of a PNG by its own embedded profile (as from heif-convert).
    static func convertToSRGB(_ png: URL, output: URL) throws {
        try run(["-c", script, "srgb", png.path, output.path])
    }

    struct Failed: Error { var message: String }

    @discardableResult
    private static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(message: message) }
        return 0
    }

    /// Relative colorimetric with black-point compensation, as Tessera converts.
    private static let script = #"""
import io, sys
from PIL import Image, ImageCms
def to_srgb(im, profile_bytes):
    source = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes))
    return ImageCms.profileToProfile(im, source, ImageCms.createProfile("sRGB"),
        renderingIntent=ImageCms.INTENT_RELATIVE_COLORIMETRIC,
        flags=ImageCms.FLAGS["BLACKPOINTCOMPENSATION"], outputMode="RGB")
if sys.argv[1] == "make":
    profile = open(sys.argv[2], "rb").read()
    out = sys.argv[3]
    w, h = 301, 203
    im = Image.new("RGB", (w, h))
    px = im.load()
    for y in range(h):
        for x in range(w):
            px[x, y] = (x * 255 // (w - 1), y * 255 // (h - 1), (x + y) * 255 // (w + h - 2))
    # Saturated patches (the colours a wide gamut is for) and a muted red.
    for (x0, colour) in ((10, (255, 0, 0)), (70, (0, 255, 0)), (130, (0, 0, 255)), (190, (190, 60, 50))):
        for y in range(10, 70):
            for x in range(x0, x0 + 50):
                px[x, y] = colour
    im.save(out + "/untagged.png")
    im.save(out + "/picture.png", icc_profile=profile)
    im.save(out + "/picture.jpg", icc_profile=profile, quality=95, subsampling=0)
    im.save(out + "/picture.webp", icc_profile=profile, lossless=True)
    to_srgb(im, profile).save(out + "/reference.png")
else:
    im = Image.open(sys.argv[2])
    to_srgb(im.convert("RGB"), im.info["icc_profile"]).save(sys.argv[3])
"""#
}

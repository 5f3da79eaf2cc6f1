import Foundation
import TesseraImaging
import XCTest

@testable import TesseraCore

/// Photos tagged with a wide-gamut ICC profile look as their owner saw them: Tessera's
/// sRGB JPEGs match Pillow's (ImageCms) conversion of the same picture to sRGB.
///
/// Set `TESSERA_FIDELITY_REPORT=1` to print each case beside what dropping the profile
/// (Tessera before) gives.
final class ColourManagementTests: XCTestCase {
    let processor = ImagePipeline()

    /// The mean difference per channel (out of 255) a converted picture may keep: JPEG's
    /// rounding moves means by a few tenths; a dropped P3 profile moves red by about 5.
    static let maximumMeanShift = 1.5
    /// Converted pictures measure 32–33 dB (HEIC and AVIF 28, their test picture has sharp
    /// chroma edges and passes two lossy codecs); dropped profiles 21–24 dB.
    static let minimumPSNR = 30.0
    static let minimumHEIFPSNR = 26.0
    /// The largest difference at a sample point in a muted red (190, 60, 50) patch or a
    /// gradient: dropping the profile differs by 15 or more there.
    static let maximumSampleDifference = 6

    func testDisplayP3Photos() throws {
        let folder = try FixtureFolder()
        let profile = try folder.write(ColourFixture.displayP3(), as: "p3.icc")
        try judge(profile: profile, name: "Display P3", folder: folder)
    }

    func testAdobeRGBPhotos() throws {
        guard FileManager.default.fileExists(atPath: ColourFixture.adobeRGB.path) else {
            throw XCTSkip("no Adobe RGB profile: Debian package icc-profiles-free is not installed")
        }
        try judge(profile: ColourFixture.adobeRGB, name: "Adobe RGB", folder: try FixtureFolder())
    }

    /// A CMYK JPEG or TIFF (prepress exports) goes through its own CMYK profile; libgd's
    /// reading of the TIFF by libtiff's fixed formula missed by up to 100 levels.
    func testCMYKJPEGAndTIFFThroughTheirProfile() throws {
        guard FileManager.default.fileExists(atPath: ColourFixture.cmyk.path) else {
            throw XCTSkip("no CMYK profile: Debian package libgs-common is not installed")
        }
        let folder = try FixtureFolder()
        try judge(profile: ColourFixture.cmyk, name: "CMYK", folder: folder, formats: [.jpeg, .tiff])
        if ProcessInfo.processInfo.environment["TESSERA_FIDELITY_REPORT"] != nil {
            // Before: without a profile, libgd's CMYK formula.
            let plain = folder.url.appendingPathComponent("without-profile.jpg")
            let info = try processor.inspect(plain, format: .jpeg)
            let output = try processor.render(plain, info: info, sizes: [info.uprightSize], quality: 95)
            let formula = PictureComparison(
                try XCTUnwrap(TestImage(jpeg: output[0])),
                against: try XCTUnwrap(
                    TestImage(png: [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("reference.png"))))))
            print(
                String(
                    format: "colour CMYK by libgd's formula: PSNR %5.1f dB, shift %+.2f %+.2f %+.2f",
                    formula.psnr, formula.meanShift.r, formula.meanShift.g, formula.meanShift.b))
        }
    }

    /// A grey photo tagged with a grey profile (Gray Gamma 1.8 here) is shown by its
    /// profile, as browsers show it: a stored 136 is 1.8-power light, sRGB 154, not 136.
    /// The expected levels come from the curves' formulas, not from Little CMS.
    func testGreyPhotosThroughTheirGreyProfile() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        let profile = try folder.write(ColourFixture.greyGamma18(), as: "grey.icc")
        let levels = [40, 90, 136, 180, 220]
        try ColourFixture.run([
            "-c",
            """
            import sys
            from PIL import Image, ImageDraw
            out, profile = sys.argv[1], open(sys.argv[2], "rb").read()
            im = Image.new("L", (400, 80))
            for i, v in enumerate(int(v) for v in sys.argv[3].split(",")):
                ImageDraw.Draw(im).rectangle([i * 80, 0, i * 80 + 79, 79], fill=v)
            im.save(out + "/grey.jpg", quality=98, icc_profile=profile)
            im.save(out + "/grey.png", icc_profile=profile)
            im.save(out + "/grey.tif", icc_profile=profile)
            """, folder.url.path, profile.path, levels.map(String.init).joined(separator: ","),
        ])
        for (name, format) in [("grey.jpg", MediaFormat.jpeg), ("grey.png", .png), ("grey.tif", .tiff)] {
            let photo = folder.url.appendingPathComponent(name)
            let info = try processor.inspect(photo, format: format)
            let output = try processor.render(photo, info: info, sizes: [info.uprightSize], quality: 95)
            let rendered = try XCTUnwrap(TestImage(jpeg: output[0]))
            for (i, level) in levels.enumerated() {
                let light = pow(Double(level) / 255, 1.8)
                let encoded = light <= 0.003_130_8 ? 12.92 * light : 1.055 * pow(light, 1 / 2.4) - 0.055
                let expected = Int((encoded * 255).rounded())
                XCTAssertLessThanOrEqual(
                    rendered.color(i * 80 + 40, 40).distance(to: RGB(expected, expected, expected)), 3,
                    "stored \(level) in \(name) should be sRGB \(expected)")
            }
        }
    }

    func testDisplayP3HEIC() throws {
        guard let tool = ReferenceDecoder.tool("heif-convert") else {
            throw XCTSkip("heif-convert is not installed (Debian package libheif-examples)")
        }
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        for format in [MediaFormat.heif, .avif] {
            let fixture = HEIFFixture(
                format: format, size: PixelSize(width: 240, height: 160), iccProfile: ColourFixture.displayP3())
            let photo = try fixture.write(into: folder, name: "p3.\(format.rawValue)")
            // heif-convert keeps the profile in its PNG; Pillow converts that to sRGB.
            let decoded = folder.url.appendingPathComponent("p3-\(format.rawValue).png")
            XCTAssertNotNil(try ReferenceDecoder.heifConvert(photo, tool: tool, output: decoded))
            let reference = folder.url.appendingPathComponent("p3-\(format.rawValue)-srgb.png")
            try ColourFixture.convertToSRGB(decoded, output: reference)
            try compare(
                photo, format: format, reference: reference, untagged: decoded, sample: (180, 132),
                label: "\(fixture)")
        }
    }

    /// A PNG whose `gAMA` chunk says 1/1.8 (old Mac software) is shown by browsers lighter
    /// in the midtones than its numbers read as sRGB.
    func testPNGGamma() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        try ColourFixture.makeGammaPNG(encodingGamma: 1 / 1.8, in: folder.url)
        try compare(
            folder.url.appendingPathComponent("gamma.png"), format: .png,
            reference: folder.url.appendingPathComponent("reference.png"),
            untagged: folder.url.appendingPathComponent("untagged.png"), sample: (150, 100), label: "PNG gAMA 1/1.8")
    }

    /// AVIF's usual way to say "Display P3": an `nclx` box with primaries 12 (P3, D65) and
    /// transfer 13 (sRGB's curve), no ICC profile.
    func testDisplayP3ByNCLX() throws {
        guard let tool = ReferenceDecoder.tool("heif-convert") else {
            throw XCTSkip("heif-convert is not installed (Debian package libheif-examples)")
        }
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        let p3 = try folder.write(ColourFixture.displayP3(), as: "p3.icc")
        for format in [MediaFormat.avif, .heif] {
            let fixture = HEIFFixture(format: format, size: PixelSize(width: 240, height: 160), nclx: (12, 13))
            let photo = try fixture.write(into: folder, name: "nclx.\(format.rawValue)")
            let decoded = folder.url.appendingPathComponent("nclx-\(format.rawValue).png")
            XCTAssertNotNil(try ReferenceDecoder.heifConvert(photo, tool: tool, output: decoded))
            let reference = folder.url.appendingPathComponent("nclx-\(format.rawValue)-srgb.png")
            try ColourFixture.convertToSRGB(decoded, output: reference, profile: p3)
            try compare(
                photo, format: format, reference: reference, untagged: decoded, sample: (180, 132),
                label: "\(fixture)")
        }
    }

    private func judge(
        profile: URL, name: String, folder: FixtureFolder, formats: Set<MediaFormat> = [.jpeg, .png, .webp]
    ) throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        try ColourFixture.make(profile: profile, in: folder.url)
        let reference = folder.url.appendingPathComponent("reference.png")
        let untagged = folder.url.appendingPathComponent("untagged.png")
        let pictures = [
            ("picture.jpg", MediaFormat.jpeg), ("picture.png", .png), ("picture.webp", .webp), ("picture.tif", .tiff),
        ]
        for (file, format) in pictures where formats.contains(format) {
            try compare(
                folder.url.appendingPathComponent(file), format: format, reference: reference, untagged: untagged,
                sample: (215, 40), label: "\(name) \(format.displayName)")
        }
    }

    private func compare(
        _ photo: URL, format: MediaFormat, reference: URL, untagged: URL, sample: (x: Int, y: Int), label: String
    ) throws {
        let info = try processor.inspect(photo, format: format)
        let output = try processor.render(photo, info: info, sizes: [info.uprightSize], quality: 95)
        let rendered = try XCTUnwrap(TestImage(jpeg: output[0]))
        let judge = try XCTUnwrap(TestImage(png: [UInt8](try Data(contentsOf: reference))))
        let dropped = try XCTUnwrap(TestImage(png: [UInt8](try Data(contentsOf: untagged))))
        XCTAssertEqual(rendered.size, judge.size, label)
        guard rendered.size == judge.size else { return }
        let after = PictureComparison(rendered, against: judge)
        let before = PictureComparison(dropped, against: judge)
        for shift in [after.meanShift.r, after.meanShift.g, after.meanShift.b] {
            XCTAssertLessThan(abs(shift), Self.maximumMeanShift, "mean colour shift of \(label)")
        }
        let heif = format == .heif || format == .avif
        XCTAssertGreaterThan(after.psnr, heif ? Self.minimumHEIFPSNR : Self.minimumPSNR, label)
        let colour = rendered.color(sample.x, sample.y)
        let expected = judge.color(sample.x, sample.y)
        XCTAssertLessThanOrEqual(colour.distance(to: expected), Self.maximumSampleDifference, "sample of \(label)")
        if ProcessInfo.processInfo.environment["TESSERA_FIDELITY_REPORT"] != nil {
            print(
                String(
                    format:
                        "colour %-28@ PSNR %5.1f dB, shift %+.2f %+.2f %+.2f, sample %@ vs %@; profile dropped: PSNR %5.1f dB, shift %+.2f %+.2f %+.2f, sample %@",
                    label as NSString, after.psnr, after.meanShift.r, after.meanShift.g, after.meanShift.b,
                    colour.description as NSString, expected.description as NSString,
                    before.psnr, before.meanShift.r, before.meanShift.g, before.meanShift.b,
                    dropped.color(sample.x, sample.y).description as NSString))
        }
    }
}

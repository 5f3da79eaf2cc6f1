import Foundation
import TesseraImaging
import XCTest

@testable import TesseraCore

/// 16-bit PNGs are read at full precision and rounded to 8 bits, not truncated: judged
/// against the exact rounding of every sample (transparency over white first), through a
/// quality-100 JPEG, whose rounding moves a mean by a few hundredths.
///
/// Set `TESSERA_FIDELITY_REPORT=1` to print each case's mean shift and PSNR.
final class SixteenBitPNGTests: XCTestCase {
    let processor = ImagePipeline()

    /// The mean difference per channel (out of 255) allowed against the exact rounding.
    /// Truncating to the high byte, as libgd does, measures about 0.5.
    static let maximumMeanShift = 0.1
    /// Each colour chunk is still honoured: a `gAMA` of 1/1.8 read as sRGB is off by ten
    /// levels or more, read by the formula from rounded 8-bit samples by a few tenths.
    static let maximumGammaMeanShift = 1.0

    func testSixteenBitSamplesAreRoundedNotTruncated() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        let names = try ColourFixture.makeSixteenBitPNGs(in: folder.url)
        XCTAssertEqual(names.count, 6, "Pillow wrote \(names)")
        for name in names {
            let file = folder.url.appendingPathComponent(name + ".png")
            let reference = try XCTUnwrap(
                TestImage(png: [UInt8](try Data(contentsOf: folder.url.appendingPathComponent(name + ".ref.png")))))
            let info = try processor.inspect(file, format: .png)
            XCTAssertEqual(info.uprightSize, reference.size, name)
            let output = try processor.render(file, info: info, sizes: [info.uprightSize], quality: 100)
            let rendered = try XCTUnwrap(TestImage(jpeg: output[0]))
            guard rendered.size == reference.size else { continue }
            let comparison = PictureComparison(rendered, against: reference)
            let bound = name.contains("gamma") ? Self.maximumGammaMeanShift : Self.maximumMeanShift
            for (channel, shift) in [
                ("red", comparison.meanShift.r), ("green", comparison.meanShift.g),
                ("blue", comparison.meanShift.b),
            ] {
                XCTAssertLessThan(abs(shift), bound, "\(name): mean \(channel) shift \(shift) of 255")
            }
            XCTAssertGreaterThan(comparison.psnr, 40, name)
            if ProcessInfo.processInfo.environment["TESSERA_FIDELITY_REPORT"] != nil {
                print(
                    String(
                        format: "16-bit %-16@ PSNR %5.1f dB, shift %+.3f %+.3f %+.3f", name as NSString,
                        comparison.psnr, comparison.meanShift.r, comparison.meanShift.g, comparison.meanShift.b))
            }
        }
    }

    /// Damage found by libpng's simplified reader refuses the photo, as libgd's does: a cut
    /// file, a flipped bit in the pixel data (checksum), a chunk longer than the file.
    func testDamagedSixteenBitPNGsAreRefused() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        _ = try ColourFixture.makeSixteenBitPNGs(in: folder.url)
        let whole = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("rgb16.png")))
        let idat = try XCTUnwrap((8..<whole.count - 4).first { whole[$0..<$0 + 4].elementsEqual("IDAT".utf8) })
        var flipped = whole
        flipped[idat + 200] ^= 0x10
        var huge = whole
        huge.replaceSubrange(idat - 4..<idat, with: [0x40, 0, 0, 0])
        let cases: [(String, [UInt8], PhotoProblem)] = [
            ("cut.png", Array(whole.prefix(whole.count / 2)), .truncated(.png)),
            ("flipped.png", flipped, .corrupt(.png, detail: "damaged data (checksum mismatch)")),
            ("huge.png", huge, .corrupt(.png, detail: "damaged file structure")),
        ]
        for (name, bytes, expected) in cases {
            let file = try folder.write(bytes, as: name)
            let info = PhotoInfo(format: .png, storedSize: PixelSize(width: 301, height: 203))
            let problem = XCTAssertAnyProblem {
                try processor.render(file, info: info, sizes: [info.storedSize], quality: 90)
            }
            XCTAssertEqual(problem, expected, name)
            if ProcessInfo.processInfo.environment["TESSERA_FIDELITY_REPORT"] != nil {
                print("16-bit \(name): \(String(describing: problem))")
            }
        }
    }
}

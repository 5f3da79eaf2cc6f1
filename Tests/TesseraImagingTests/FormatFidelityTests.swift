import Foundation
import TesseraImaging
import XCTest

@testable import TesseraCore

/// JPEG, PNG, GIF and WebP variants come out as Pillow (Debian's `python3-pil`) reads
/// them: every chroma subsampling Pillow writes, grey, progressive, all eight EXIF
/// orientations, odd sizes down to 1×1, palettes, transparency, the first GIF frame.
///
/// Set `TESSERA_FIDELITY_REPORT=1` to print each case's PSNR.
final class FormatFidelityTests: XCTestCase {
    let processor = ImagePipeline()

    /// Tessera writes 4:2:0 JPEG, which cannot keep a colour change from one pixel to the
    /// next: each case is judged against the best such a JPEG does, Pillow's own of the same
    /// picture at the same quality, and may fall short of it by this much. A turned,
    /// mirrored, sheared or wrong-frame picture falls short by 15 dB or more.
    static let allowedShortfall = 3.0
    /// Enough for any picture whatever its content, even when the ideal is higher.
    static let sufficientPSNR = 40.0

    func testEveryVariantMatchesPillow() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        let names = try ColourFixture.makeFormatAlbum(in: folder.url)
        XCTAssertGreaterThan(names.count, 30, "Pillow wrote \(names)")
        for name in names {
            let file = folder.url.appendingPathComponent(name)
            let head = [UInt8](try Data(contentsOf: file).prefix(MediaFormat.sniffLength))
            let format = try XCTUnwrap(MediaFormat.sniff(head), name)
            let reference = try XCTUnwrap(
                TestImage(png: [UInt8](try Data(contentsOf: folder.url.appendingPathComponent(name + ".ref.png")))))
            let info = try processor.inspect(file, format: format)
            XCTAssertEqual(info.uprightSize, reference.size, name)
            let output = try processor.render(file, info: info, sizes: [info.uprightSize], quality: 95)
            let rendered = try XCTUnwrap(TestImage(jpeg: output[0]))
            guard rendered.size == reference.size else { continue }
            let ideal = try XCTUnwrap(
                TestImage(png: [UInt8](try Data(contentsOf: folder.url.appendingPathComponent(name + ".ideal.png")))))
            let comparison = PictureComparison(rendered, against: reference)
            let best = PictureComparison(ideal, against: reference).psnr
            XCTAssertGreaterThan(
                comparison.psnr, min(Self.sufficientPSNR, best - Self.allowedShortfall),
                "\(name): Pillow's own 4:2:0 JPEG measures \(best) dB")
            if ProcessInfo.processInfo.environment["TESSERA_FIDELITY_REPORT"] != nil {
                print(
                    String(
                        format: "format %-28@ PSNR %5.1f dB (Pillow's 4:2:0 JPEG %5.1f), shift %+.2f %+.2f %+.2f",
                        name as NSString, comparison.psnr, best,
                        comparison.meanShift.r, comparison.meanShift.g, comparison.meanShift.b))
            }
        }
    }
}

import Foundation
import TesseraImaging
import XCTest

@testable import TesseraCore

/// A PNG's `eXIf` chunk turns it like a JPEG's EXIF does, as Pillow's `exif_transpose`
/// (and browsers) show it.
final class PNGOrientationTests: XCTestCase {
    let processor = ImagePipeline()

    func testEveryOrientationMatchesPillow() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        try ColourFixture.makeOrientedPNGs(in: folder.url)
        for n in 1...8 {
            let png = folder.url.appendingPathComponent("orientation\(n).png")
            let reference = try XCTUnwrap(
                TestImage(
                    png: [UInt8](
                        try Data(
                            contentsOf:
                                folder.url.appendingPathComponent("orientation\(n)-upright.png")))))
            let info = try processor.inspect(png, format: .png)
            XCTAssertEqual(info.orientation.rawValue, n)
            XCTAssertEqual(info.uprightSize, reference.size, "orientation \(n)")
            let output = try processor.render(png, info: info, sizes: [info.uprightSize], quality: 95)
            let rendered = try XCTUnwrap(TestImage(jpeg: output[0]))
            guard rendered.size == reference.size else { continue }
            // Right: 31.6–33.8 dB; the eXIf chunk ignored: 5.8–8.4 dB.
            XCTAssertGreaterThan(PictureComparison(rendered, against: reference).psnr, 28, "orientation \(n)")
        }
    }
}

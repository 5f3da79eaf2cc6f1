import Foundation
import TesseraImaging
import XCTest

@testable import TesseraCore

/// Colour descriptions and TIFF directories come from the file: damaged ones are ignored
/// (the photo is shown as sRGB, as a browser would) or refused, never a crash, and a
/// damaged TIFF is never half published.
final class DamagedColourDataTests: XCTestCase {
    let processor = ImagePipeline()

    func picture() -> TestImage {
        let image = TestImage(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { image.set(x, y, RGB(x * 6, y * 8, 120)) } }
        return image
    }

    func testDamagedProfilesAreIgnored() throws {
        let folder = try FixtureFolder()
        let image = picture()
        let jpeg = try XCTUnwrap(image.encoded(.jpeg, quality: 95))
        let png = try XCTUnwrap(image.encoded(.png))
        let garbage = [UInt8]((0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        func segment(_ payload: [UInt8]) -> [UInt8] {
            [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        let iccHeader = Array("ICC_PROFILE".utf8) + [0]
        let cases: [(String, MediaFormat, [UInt8])] = [
            // A profile's bytes that are no profile.
            ("garbage.jpg", .jpeg, Array(jpeg.prefix(2)) + segment(iccHeader + [1, 1] + garbage) + jpeg.dropFirst(2)),
            // Chunk 2 of 3 missing.
            (
                "incomplete.jpg", .jpeg,
                Array(jpeg.prefix(2)) + segment(iccHeader + [1, 3] + garbage)
                    + segment(iccHeader + [3, 3] + garbage) + jpeg.dropFirst(2)
            ),
            // An iCCP chunk whose stream is not zlib (and whose CRC is wrong: libpng drops it).
            (
                "garbage.png", .png,
                Array(png.prefix(33)) + [0, 0, 0, 10] + Array("iCCP".utf8)
                    + Array("x".utf8) + [0, 0] + Array(garbage.prefix(7)) + [0, 0, 0, 0] + png.dropFirst(33)
            ),
        ]
        for (name, format, bytes) in cases {
            let file = try folder.write(bytes, as: name)
            let info = try processor.inspect(file, format: format)
            let output = try processor.render(file, info: info, sizes: [info.storedSize], quality: 95)
            let rendered = try XCTUnwrap(TestImage(jpeg: output[0]), name)
            XCTAssertGreaterThan(PictureComparison(rendered, against: image).psnr, 30, "\(name) is shown as sRGB")
        }
    }

    func testHalfATIFFIsNeverPublished() throws {
        let folder = try FixtureFolder()
        let big = TestImage(width: 300, height: 200)
        for y in 0..<200 { for x in 0..<300 { big.set(x, y, RGB(x % 256, y, (x * y) % 256)) } }
        let tiff = try XCTUnwrap(big.encoded(.tiff))
        let half = try folder.write(Array(tiff.prefix(tiff.count / 2)), as: "half.tif")
        XCTAssertAnyProblem {
            try processor.render(
                half, info: try processor.inspect(half, format: .tiff), sizes: [PixelSize(width: 150, height: 100)],
                quality: 85)
        }
    }
}

import CGD
import Foundation
import TesseraImaging
import XCTest

@testable import TesseraCore

/// Whatever a browser shows transparent in a photo comes out white in Tessera's JPEGs,
/// whichever way the file says it: here the ways that came out otherwise.
final class TransparencyTests: XCTestCase {
    let processor = ImagePipeline()

    /// An 8-bit RGB PNG whose transparency is a `tRNS` colour key (a logo or screenshot
    /// exported with a "transparent colour"): the keyed pixels came out in the key colour.
    func testColourKeyedPNGIsLaidOverWhite() throws {
        let folder = try FixtureFolder()
        let image = TestImage(width: 40, height: 20)
        let key = RGB(30, 30, 220)
        gdImageFilledRectangle(image.pointer, 0, 0, 19, 19, RGB.red.gdColor)
        gdImageFilledRectangle(image.pointer, 20, 0, 39, 19, key.gdColor)
        gdImageColorTransparent(image.pointer, key.gdColor)
        let bytes = try XCTUnwrap(image.encoded(.png))
        // What libgd wrote: colour type 2 (RGB, 8 bits) and a tRNS chunk, no alpha channel.
        XCTAssertEqual(Array(bytes[24...25]), [8, 2])
        XCTAssertNotNil(bytes.indices.first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == Array("tRNS".utf8) })
        let file = try folder.write(bytes, as: "keyed.png")
        let info = try processor.inspect(file, format: .png)
        let output = try processor.render(file, info: info, sizes: [info.storedSize], quality: 95)
        let decoded = try XCTUnwrap(TestImage(jpeg: output[0]))
        XCTAssertLessThan(decoded.color(30, 10).distance(to: RGB(255, 255, 255)), 6, "the keyed half")
        XCTAssertLessThan(decoded.color(8, 10).distance(to: .red), 12, "the opaque half")
    }
}

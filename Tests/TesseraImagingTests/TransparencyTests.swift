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

    /// A GIF whose image is smaller than its logical screen, at an offset (optimisers trim
    /// a frame to what it changes; a badge on a larger canvas): a browser shows it where it
    /// is, the rest of the screen transparent. It came out stretched over the whole screen.
    func testGIFImageSmallerThanItsScreenStaysInPlace() throws {
        let folder = try FixtureFolder()
        let screen = TestImage(owning: gdImageCreate(200, 100)!)
        gdImageColorAllocate(screen.pointer, 0, 200, 0)
        let frame = TestImage(owning: gdImageCreate(100, 50)!)
        let red = gdImageColorAllocate(frame.pointer, 220, 30, 30)
        let blue = gdImageColorAllocate(frame.pointer, 30, 40, 220)
        gdImageFilledRectangle(frame.pointer, 0, 0, 49, 49, red)
        gdImageFilledRectangle(frame.pointer, 50, 0, 99, 49, blue)
        // libgd's animation writer is the one that places an image on a larger screen.
        func bytes(_ pointer: UnsafeMutableRawPointer?, _ size: Int32) -> [UInt8] {
            defer { gdFree(pointer) }
            return [UInt8](UnsafeRawBufferPointer(start: pointer, count: Int(size)))
        }
        var size: Int32 = 0
        var gif = bytes(gdImageGifAnimBeginPtr(screen.pointer, &size, 1, -1), size)
        gif += bytes(gdImageGifAnimAddPtr(frame.pointer, &size, 1, 100, 50, 10, 0, nil), size)
        gif += bytes(gdImageGifAnimEndPtr(&size), size)
        let file = try folder.write(gif, as: "badge.gif")
        let info = try processor.inspect(file, format: .gif)
        XCTAssertEqual(info.storedSize, PixelSize(width: 200, height: 100))
        let output = try processor.render(file, info: info, sizes: [info.storedSize], quality: 95)
        let decoded = try XCTUnwrap(TestImage(jpeg: output[0]))
        XCTAssertLessThan(decoded.color(50, 25).distance(to: RGB(255, 255, 255)), 6, "the screen outside the image")
        XCTAssertLessThan(decoded.color(125, 75).distance(to: .red), 12, "the image's left half")
        XCTAssertLessThan(decoded.color(175, 75).distance(to: .blue), 12, "the image's right half")
    }
}

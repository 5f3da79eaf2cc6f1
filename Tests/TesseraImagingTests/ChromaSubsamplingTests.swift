import CTurboJPEG
import TesseraCore
import TesseraImaging
import XCTest

/// Cameras and editors write JPEGs with every chroma layout libjpeg knows; each must come
/// out in its own colours, at the display size (no resize of luma) and scaled down.
final class ChromaSubsamplingTests: XCTestCase {
    let processor = LibGDImageProcessor()
    let size = PixelSize(width: 301, height: 203)
    let quadrants = [RGB(200, 30, 40), RGB(30, 170, 60), RGB(40, 60, 190), RGB(230, 200, 40)]

    func quadrant(_ x: Int, _ y: Int, in size: PixelSize) -> RGB {
        quadrants[(x < size.width / 2 ? 0 : 1) + (y < size.height / 2 ? 0 : 2)]
    }

    /// A JPEG of four coloured quadrants written by libjpeg-turbo with `subsampling`.
    func jpeg(_ subsampling: TJSAMP) throws -> [UInt8] {
        var pixels = [UInt8]()
        for y in 0..<size.height {
            for x in 0..<size.width {
                let c = quadrant(x, y, in: size)
                pixels += [UInt8(c.r), UInt8(c.g), UInt8(c.b)]
            }
        }
        let handle = try XCTUnwrap(tjInitCompress())
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt = 0
        let status = tjCompress2(
            handle, pixels, Int32(size.width), 0, Int32(size.height), Int32(TJPF_RGB.rawValue),
            &output, &length, Int32(subsampling.rawValue), 95, 0)
        defer { tjFree(output) }
        XCTAssertEqual(status, 0)
        return [UInt8](UnsafeBufferPointer(start: try XCTUnwrap(output), count: Int(length)))
    }

    func testEveryChromaLayoutKeepsItsColours() throws {
        let folder = try FixtureFolder()
        let layouts: [(TJSAMP, String)] = [
            (TJSAMP_444, "4:4:4"), (TJSAMP_422, "4:2:2"), (TJSAMP_420, "4:2:0"),
            (TJSAMP_440, "4:4:0"), (TJSAMP_411, "4:1:1"),
        ]
        for (subsampling, name) in layouts {
            let file = try folder.write(try jpeg(subsampling), as: "\(subsampling.rawValue).jpg")
            let info = try processor.inspect(file, format: .jpeg)
            let targets = [size, PixelSize(width: 150, height: 101), PixelSize(width: 37, height: 25)]
            let outputs = try processor.render(file, info: info, sizes: targets, quality: 95)
            for (target, bytes) in zip(targets, outputs) {
                let image = try XCTUnwrap(TestImage(jpeg: bytes))
                XCTAssertEqual(image.size, target, name)
                // The centre of each quadrant, away from the blurred edges between them.
                for (fx, fy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                    let x = Int(Double(target.width) * fx), y = Int(Double(target.height) * fy)
                    let expected = quadrant(x, y, in: target), found = image.color(x, y)
                    XCTAssertLessThanOrEqual(
                        found.distance(to: expected), 8,
                        "\(name) → \(target): at (\(x), \(y)) expected \(expected), found \(found)")
                }
            }
        }
    }

    func testAGreyJPEGStaysGrey() throws {
        let folder = try FixtureFolder()
        let file = try folder.write(try jpeg(TJSAMP_GRAY), as: "grey.jpg")
        let info = try processor.inspect(file, format: .jpeg)
        let outputs = try processor.render(file, info: info, sizes: [PixelSize(width: 150, height: 101)], quality: 95)
        let image = try XCTUnwrap(TestImage(jpeg: try XCTUnwrap(outputs.first)))
        for (x, y) in [(37, 25), (112, 25), (37, 75), (112, 75)] {
            let c = image.color(x, y), q = quadrant(x, y, in: image.size)
            XCTAssertEqual(c.r, c.g, "at (\(x), \(y))")
            XCTAssertEqual(c.g, c.b, "at (\(x), \(y))")
            let luma = (299 * q.r + 587 * q.g + 114 * q.b) / 1000
            XCTAssertLessThanOrEqual(abs(c.r - luma), 4, "at (\(x), \(y))")
        }
    }
}

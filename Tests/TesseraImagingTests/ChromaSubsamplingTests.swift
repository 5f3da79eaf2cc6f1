import CTurboJPEG
import TesseraImaging
import XCTest

@testable import TesseraCore

/// Cameras and editors write JPEGs with every chroma layout libjpeg knows; each must come
/// out in its own colours, at the display size (no resize of luma) and scaled down.
final class ChromaSubsamplingTests: XCTestCase {
    let processor = ImagePipeline()
    let size = PixelSize(width: 301, height: 203)
    let quadrants = [RGB(200, 30, 40), RGB(30, 170, 60), RGB(40, 60, 190), RGB(230, 200, 40)]

    func quadrant(_ x: Int, _ y: Int, in size: PixelSize) -> RGB {
        quadrants[(x < size.width / 2 ? 0 : 1) + (y < size.height / 2 ? 0 : 2)]
    }

    /// A JPEG of four coloured quadrants written by libjpeg-turbo with `subsampling`.
    func jpeg(_ subsampling: TJSAMP) throws -> [UInt8] {
        try jpeg(subsampling, size: size) { x, y in quadrant(x, y, in: size) }
    }

    /// A JPEG of `size` coloured by `colour(x, y)`, written by libjpeg-turbo with `subsampling`.
    func jpeg(_ subsampling: TJSAMP, size: PixelSize, colour: (Int, Int) -> RGB) throws -> [UInt8] {
        var pixels = [UInt8]()
        for y in 0..<size.height {
            for x in 0..<size.width {
                let c = colour(x, y)
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
                    let x = Int(Double(target.width) * fx)
                    let y = Int(Double(target.height) * fy)
                    let expected = quadrant(x, y, in: target)
                    let found = image.color(x, y)
                    XCTAssertLessThanOrEqual(
                        found.distance(to: expected), 8,
                        "\(name) → \(target): at (\(x), \(y)) expected \(expected), found \(found)")
                }
            }
        }
    }

    /// Shrunk by three to odd sizes, colour stays on its pixels for every layout: chroma
    /// planes end in padding there, which must not stretch them. Along each line the centre
    /// of mass of a colour edge's chroma (blue minus luma) must sit where its luma's does.
    func testChromaEdgesStayWithLumaEdgesAtOddSizes() throws {
        let folder = try FixtureFolder()
        let source = PixelSize(width: 303, height: 201)
        let target = PixelSize(width: 101, height: 67)
        // Mid-range colours: no mix of one's luma with the other's chroma leaves 0...255.
        let warm = RGB(160, 120, 100)
        let cool = RGB(100, 120, 160)
        let layouts: [(TJSAMP, String)] = [
            (TJSAMP_444, "4:4:4"), (TJSAMP_422, "4:2:2"), (TJSAMP_420, "4:2:0"),
            (TJSAMP_440, "4:4:0"), (TJSAMP_411, "4:1:1"),
        ]
        func luma(_ c: RGB) -> Double { 0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b) }
        func blueDifference(_ c: RGB) -> Double { Double(c.b) - luma(c) }
        for across in [true, false] {
            for (layout, name) in layouts {
                // The edge two thirds of the way: after 243 of 303 columns, or 162 of 201 rows.
                let bytes = try jpeg(layout, size: source) { x, y in (across ? x < 243 : y < 162) ? warm : cool }
                let file = try folder.write(bytes, as: "edge.jpg")
                let info = try processor.inspect(file, format: .jpeg)
                let output = try XCTUnwrap(processor.render(file, info: info, sizes: [target], quality: 95).first)
                let image = try XCTUnwrap(TestImage(jpeg: output))
                let length = across ? target.width : target.height
                let lines = across ? target.height : target.width
                /// Where the edge is in `channel`, from the first pixel, averaged over the lines.
                func edge(_ channel: (RGB) -> Double) -> Double {
                    var total = 0.0
                    for line in 0..<lines {
                        func value(_ i: Int) -> Double { channel(image.color(across ? i : line, across ? line : i)) }
                        let start = value(0)
                        let end = value(length - 1)
                        for i in 0..<length { total += (value(i) - end) / (start - end) }
                    }
                    return total / Double(lines)
                }
                let lumaEdge = edge(luma)
                let chromaEdge = edge(blueDifference)
                XCTAssertEqual(lumaEdge, across ? 81 : 54, accuracy: 0.6, "\(name), luma edge")
                XCTAssertEqual(
                    chromaEdge, lumaEdge, accuracy: 0.25,
                    "\(name), edge \(across ? "across" : "down"): chroma at \(chromaEdge), luma at \(lumaEdge)")
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
            let c = image.color(x, y)
            let q = quadrant(x, y, in: image.size)
            XCTAssertEqual(c.r, c.g, "at (\(x), \(y))")
            XCTAssertEqual(c.g, c.b, "at (\(x), \(y))")
            let luma = (299 * q.r + 587 * q.g + 114 * q.b) / 1000
            XCTAssertLessThanOrEqual(abs(c.r - luma), 4, "at (\(x), \(y))")
        }
    }
}

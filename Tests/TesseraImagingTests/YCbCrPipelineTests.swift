import CGD
import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// Pictures as luma and chroma planes, from gd colours through resizing, turning and the
/// JPEG encoder, checked by decoding the result with libgd.
final class YCbCrPipelineTests: XCTestCase {
    let swatches = [
        RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255), RGB(255, 255, 255),
        RGB(0, 0, 0), RGB(128, 128, 128), RGB(224, 172, 105), RGB(30, 90, 160),
    ]

    /// Eight 40×40 swatches in a row, encoded through planes, decode to the same colours.
    func testColoursSurviveTheRoundTrip() throws {
        let picture = try GDImage.truecolor(PixelSize(width: 320, height: 40), for: .jpeg)
        picture.forEachRow { _, row in
            for x in 0..<row.count { row[x] = swatches[x / 40].gdColor }
        }
        let planes = YCbCrImage(picture).resized(to: picture.size)
        let decoded = try XCTUnwrap(TestImage(jpeg: try JPEGEncoder.encode(planes, quality: 95)))
        XCTAssertEqual(decoded.size, picture.size)
        for (i, swatch) in swatches.enumerated() {
            let found = decoded.color(i * 40 + 20, 20)
            XCTAssertLessThanOrEqual(found.distance(to: swatch), 4, "swatch \(i): \(swatch) came back \(found)")
        }
    }

    /// Luma per pixel and chroma per 2×2 block (edge pixels repeated on odd sizes), by
    /// JFIF's equations worked out here in floating point.
    func testConversionFollowsTheJFIFEquations() throws {
        let size = PixelSize(width: 3, height: 3)
        let colours = [
            RGB(255, 0, 0), RGB(0, 0, 255), RGB(10, 200, 30),
            RGB(0, 255, 0), RGB(255, 255, 255), RGB(90, 60, 30),
            RGB(12, 34, 56), RGB(200, 100, 0), RGB(0, 0, 0),
        ]
        let picture = try GDImage.truecolor(size, for: .png)
        picture.forEachRow { y, row in
            for x in 0..<3 { row[x] = colours[y * 3 + x].gdColor }
        }
        let planes = YCbCrImage(picture)
        func luma(_ c: RGB) -> Double { 0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b) }
        func blue(_ c: RGB) -> Double { 128 - 0.168736 * Double(c.r) - 0.331264 * Double(c.g) + 0.5 * Double(c.b) }
        func red(_ c: RGB) -> Double { 128 + 0.5 * Double(c.r) - 0.418688 * Double(c.g) - 0.081312 * Double(c.b) }
        for (i, colour) in colours.enumerated() {
            XCTAssertEqual(Double(planes.luma.samples[i]), luma(colour).rounded(), accuracy: 1, "luma of \(colour)")
        }
        XCTAssertEqual(planes.chroma.map(\.size), [PixelSize(width: 2, height: 2), PixelSize(width: 2, height: 2)])
        for cy in 0..<2 {
            for cx in 0..<2 {
                // The block's pixels, the last column and row standing in for the missing ones.
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { dx, dy in
                    colours[min(2, 2 * cy + dy) * 3 + min(2, 2 * cx + dx)]
                }
                let i = cy * 2 + cx
                let expectedBlue = block.map(blue).reduce(0, +) / 4
                let expectedRed = block.map(red).reduce(0, +) / 4
                XCTAssertEqual(
                    Double(planes.chroma[0].samples[i]), expectedBlue.rounded(), accuracy: 1, "Cb of block \(cx), \(cy)"
                )
                XCTAssertEqual(
                    Double(planes.chroma[1].samples[i]), expectedRed.rounded(), accuracy: 1, "Cr of block \(cx), \(cy)")
            }
        }
    }

    /// Odd sizes are padded to whole 2×2 blocks by repeating the edge, and the padding
    /// never shows: the JPEG is the picture's own size and its edge keeps its colour.
    func testOddSizesArePaddedByRepeatingTheEdge() throws {
        let size = PixelSize(width: 5, height: 3)
        let picture = try GDImage.truecolor(size, for: .jpeg)
        picture.forEachRow { y, row in
            for x in 0..<row.count { row[x] = (x == 4 || y == 2 ? RGB(250, 250, 250) : RGB(10, 10, 10)).gdColor }
        }
        let planes = YCbCrImage(picture).resized(to: size)
        XCTAssertTrue(planes.isEncodable)
        XCTAssertEqual(planes.luma.size, PixelSize(width: 6, height: 4))
        XCTAssertEqual(planes.chroma.map(\.size), [PixelSize(width: 3, height: 2), PixelSize(width: 3, height: 2)])
        for y in 0..<4 {
            XCTAssertEqual(planes.luma.samples[y * 6 + 5], planes.luma.samples[y * 6 + 4], "padding column, row \(y)")
        }
        XCTAssertEqual(Array(planes.luma.samples[18..<24]), Array(planes.luma.samples[12..<18]), "padding row")
        let decoded = try XCTUnwrap(TestImage(jpeg: try JPEGEncoder.encode(planes, quality: 95)))
        XCTAssertEqual(decoded.size, size)
        XCTAssertLessThan(decoded.color(0, 0).distance(to: RGB(10, 10, 10)), 40)
        XCTAssertLessThan(decoded.color(4, 2).distance(to: RGB(250, 250, 250)), 40)
    }

    /// A grey picture stays one component: smaller, and no colour cast can creep in.
    func testAGreyPictureIsEncodedAsOneComponent() throws {
        let size = PixelSize(width: 64, height: 48)
        let luma = SamplePlane(width: 64, height: 48) { samples in
            for i in samples.indices { samples[i] = UInt8((i % 64) * 4) }
        }
        let grey = YCbCrImage(size: size, luma: luma, chroma: []).resized(to: size)
        let jpeg = try JPEGEncoder.encode(grey, quality: 95)
        XCTAssertEqual(Self.frameComponents(jpeg), 1)
        let decoded = try XCTUnwrap(TestImage(jpeg: jpeg))
        let found = decoded.color(40, 10)
        XCTAssertEqual(found.r, found.g)
        XCTAssertEqual(found.g, found.b)
        XCTAssertLessThanOrEqual(abs(found.r - 160), 3)
    }

    /// Display images and thumbnails alike: baseline, one scan (a progressive display image
    /// cost about 15 % of the default build's CPU time, README's "Speed"), and the right colours.
    func testPicturesOfEverySizeAreBaselineInOneScan() throws {
        for (size, sof, scans) in [
            (PixelSize(width: 2048, height: 1365), UInt8(0xC0), 1), (PixelSize(width: 400, height: 300), 0xC0, 1),
        ] {
            let picture = try GDImage.truecolor(size, for: .jpeg)
            picture.forEachRow { y, row in
                for x in 0..<row.count { row[x] = Int32((x % 256) << 16 | (y % 256) << 8 | 90) }
            }
            let jpeg = try JPEGEncoder.encode(YCbCrImage(picture).resized(to: size), quality: 82)
            XCTAssertTrue(ExifReadingTests.markers(jpeg).contains(sof), "\(size)")
            XCTAssertEqual(Self.count(of: [0xFF, 0xDA], in: jpeg), scans, "\(size)")
            let decoded = try XCTUnwrap(TestImage(jpeg: jpeg))
            XCTAssertLessThan(decoded.color(300, 200).distance(to: RGB(300 % 256, 200, 90)), 12)
        }
    }

    /// Every orientation turns the planes as the EXIF definition says, odd sizes included.
    func testPlanesTurnUprightAsEXIFDefines() {
        let stored = PixelSize(width: 7, height: 5)
        let luma = SamplePlane(width: 7, height: 5) { samples in
            for i in samples.indices { samples[i] = UInt8(i * 7) }
        }
        let picture = YCbCrImage(size: stored, luma: luma, chroma: []).resized(to: stored)
        for orientation in Orientation.allCases {
            let turned = picture.upright(from: orientation)
            XCTAssertEqual(turned.size, stored.oriented(by: orientation))
            XCTAssertTrue(turned.isEncodable, "\(orientation)")
            for y in 0..<stored.height {
                for x in 0..<stored.width {
                    let (ux, uy) = uprightPosition(ofStored: x, y, width: 7, height: 5, orientation)
                    XCTAssertEqual(
                        turned.luma.samples[uy * turned.luma.width + ux], UInt8((y * 7 + x) * 7),
                        "\(orientation): stored (\(x), \(y))")
                }
            }
        }
    }

    /// Colour stays on its pixels in every orientation, at odd sizes too, where a mirrored
    /// side starts with what was padding: a colour edge of the turned picture is where the
    /// upright picture has it (measured as the red channel's centre of mass, so that chroma
    /// one pixel off moves it by about half a pixel).
    func testColourEdgesStayInPlaceInEveryOrientation() throws {
        let warm = RGB(200, 60, 60)
        let cool = RGB(30, 110, 180)
        for size in [PixelSize(width: 61, height: 41), PixelSize(width: 60, height: 40)] {
            for across in [true, false] {
                let picture = try GDImage.truecolor(size, for: .jpeg)
                picture.forEachRow { y, row in
                    for x in 0..<row.count { row[x] = ((across ? x < 31 : y < 21) ? warm : cool).gdColor }
                }
                func edge(_ planes: YCbCrImage) throws -> Double {
                    let image = try XCTUnwrap(TestImage(jpeg: try JPEGEncoder.encode(planes, quality: 95)))
                    let length = across ? size.width : size.height
                    let lines = across ? size.height : size.width
                    var total = 0.0
                    for line in 0..<lines {
                        for i in 0..<length {
                            let r = image.color(across ? i : line, across ? line : i).r
                            total += Double(r - cool.r) / Double(warm.r - cool.r)
                        }
                    }
                    return total / Double(lines)
                }
                let expected = try edge(YCbCrImage(picture).resized(to: size))
                for orientation in Orientation.allCases {
                    let stored = try picture.stored(for: orientation, format: .jpeg)
                    let turned = YCbCrImage(stored).resized(to: stored.size).upright(from: orientation)
                    XCTAssertEqual(turned.size, size)
                    let found = try edge(turned)
                    XCTAssertEqual(
                        found, expected, accuracy: 0.2,
                        "\(size), edge \(across ? "across" : "down"), \(orientation)")
                }
            }
        }
    }

    /// The number of components in the frame header.
    static func frameComponents(_ jpeg: [UInt8]) -> Int? {
        guard
            let sof = (0..<jpeg.count - 10).first(where: {
                jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2)
            })
        else { return nil }
        return Int(jpeg[sof + 9])
    }

    /// How often `pattern` occurs; `FF DA` (start of scan) cannot occur inside coded data.
    static func count(of pattern: [UInt8], in bytes: [UInt8]) -> Int {
        (0..<(bytes.count - 1)).filter { bytes[$0] == pattern[0] && bytes[$0 + 1] == pattern[1] }.count
    }
}

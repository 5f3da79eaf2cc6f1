import TesseraImaging
import XCTest

@testable import TesseraCore

/// Each EXIF orientation, from a stored (turned) JPEG to an upright rendered one.
final class OrientationRenderTests: XCTestCase {
    let upright = PixelSize(width: 300, height: 200)
    let processor = ImagePipeline()

    /// The quadrant colours of the upright picture.
    func quadrantColor(_ x: Int, _ y: Int, in size: PixelSize) -> RGB {
        switch (x < size.width / 2, y < size.height / 2) {
        case (true, true): return .red
        case (false, true): return .green
        case (true, false): return .blue
        case (false, false): return .yellow
        }
    }

    func storedJPEG(_ orientation: Orientation) throws -> [UInt8] {
        let stored = upright.oriented(by: orientation)
        let image = TestImage(width: stored.width, height: stored.height)
        for y in 0..<stored.height {
            for x in 0..<stored.width {
                let (ux, uy) = uprightPosition(
                    ofStored: x, y, width: stored.width, height: stored.height, orientation)
                image.set(x, y, quadrantColor(ux, uy, in: upright))
            }
        }
        let jpeg = try XCTUnwrap(image.encoded(.jpeg))
        return ExifOrientationTag.tagged(jpeg: jpeg, orientation: orientation)
    }

    func testEveryOrientationRendersUpright() throws {
        let folder = try FixtureFolder()
        for orientation in Orientation.allCases {
            let file = try folder.write(try storedJPEG(orientation), as: "o\(orientation.rawValue).jpg")
            let info = try processor.inspect(file, format: .jpeg)
            XCTAssertEqual(info.orientation, orientation)
            XCTAssertEqual(info.uprightSize, upright, "\(orientation)")
            XCTAssertEqual(info.storedSize, upright.oriented(by: orientation))

            let target = PixelSize(width: 150, height: 100)
            let outputs = try processor.render(file, info: info, sizes: [target], quality: 90)
            let output = try XCTUnwrap(TestImage(jpeg: try XCTUnwrap(outputs.first)))
            XCTAssertEqual(output.size, target, "\(orientation)")
            for (x, y) in [(37, 25), (112, 25), (37, 75), (112, 75)] {
                let expected = quadrantColor(x, y, in: target)
                let found = output.color(x, y)
                XCTAssertLessThan(
                    found.distance(to: expected), 40,
                    "\(orientation): at (\(x), \(y)) expected \(expected), found \(found)")
            }
        }
    }

    func testSeveralSizesComeBackInRequestedOrder() throws {
        let folder = try FixtureFolder()
        let file = try folder.write(try storedJPEG(.right), as: "right.jpg")
        let info = try processor.inspect(file, format: .jpeg)
        let sizes = [
            PixelSize(width: 30, height: 20), PixelSize(width: 300, height: 200),
            PixelSize(width: 90, height: 60),
        ]
        let outputs = try processor.render(file, info: info, sizes: sizes, quality: 80)
        XCTAssertEqual(outputs.compactMap { TestImage(jpeg: $0)?.size }, sizes)
    }

    /// Real files: every `Landscape_N`/`Portrait_N` shows the same picture as `_1` once
    /// turned, except for the digit N printed on it, so compare the share of matching pixels.
    func testCorpusOrientationSamplesMatchTheUprightOne() throws {
        // (`exif-samples/orientation` is not used: its eight files differ in exposure.)
        let sets = ["orientation/Landscape", "orientation/Portrait"]
        let present = sets.filter { Corpus.file("\($0)_1.jpg") != nil }
        guard !present.isEmpty else {
            throw XCTSkip("the shared corpus (../shared/corpus/orientation) is not on this machine")
        }
        for set in present {
            let reference = try XCTUnwrap(Corpus.file("\(set)_1.jpg"))
            let expected = try thumbnail(reference)
            for n in 2...8 {
                guard let file = Corpus.file("\(set)_\(n).jpg") else { continue }
                let matching = matchingShare(try thumbnail(file), expected)
                XCTAssertGreaterThan(matching, 0.85, "\(set)_\(n): only \(matching) of pixels match")
            }
            // The comparison can tell: ignoring the tag of a half-turned photo fails it.
            let turned = try XCTUnwrap(Corpus.file("\(set)_3.jpg"))
            var info = try processor.inspect(turned, format: .jpeg)
            info.orientation = .up
            let wrong = matchingShare(try thumbnail(turned, info: info), expected)
            XCTAssertLessThan(wrong, 0.6, "\(set)_3 unturned matches \(wrong)")
        }
    }

    private func thumbnail(_ file: URL, info: PhotoInfo? = nil) throws -> TestImage {
        let info = try info ?? processor.inspect(file, format: .jpeg)
        let size = info.uprightSize.fitting(longEdge: 120)
        let jpeg = try processor.render(file, info: info, sizes: [size], quality: 90)
        return try XCTUnwrap(TestImage(jpeg: try XCTUnwrap(jpeg.first)))
    }

    /// The share of pixels whose colour differs by less than 48 levels summed over channels.
    private func matchingShare(_ a: TestImage, _ b: TestImage) -> Double {
        guard a.size == b.size else { return 0 }
        var matching = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.color(x, y)
                let q = b.color(x, y)
                if abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b) < 48 { matching += 1 }
            }
        }
        return Double(matching) / Double(a.width * a.height)
    }
}

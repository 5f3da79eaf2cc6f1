import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// Which pictures count as flat graphics (screenshots, diagrams), encoded at a quality that
/// keeps their text sharp, and which are photos, encoded as asked.
final class FlatGraphicTests: XCTestCase {
    /// A 200 × 120 picture, chroma at 4:2:0, whose samples `value` gives for each plane
    /// (0 luma, 1 and 2 chroma) and position in it.
    private func picture(_ value: (Int, Int, Int) -> UInt8) -> YCbCrImage {
        func plane(_ index: Int, width: Int, height: Int) -> SamplePlane {
            var samples: [UInt8] = []
            for y in 0..<height { for x in 0..<width { samples.append(value(index, x, y)) } }
            return SamplePlane(width: width, height: height, samples: samples)
        }
        return YCbCrImage(
            size: PixelSize(width: 200, height: 120), luma: plane(0, width: 200, height: 120),
            chroma: [plane(1, width: 100, height: 60), plane(2, width: 100, height: 60)])
    }

    func testAScreenshotOfTextOnAFlatBackgroundIsAFlatGraphic() {
        // White page, black glyph strokes every few pixels, a grey anti-aliased edge.
        let text = picture { plane, x, y in plane > 0 ? 128 : (y % 12 < 2 ? 0 : (x % 7 == 0 ? 128 : 255)) }
        XCTAssertTrue(FlatGraphic.isFlat(text, format: .png))
        XCTAssertTrue(FlatGraphic.isFlat(text, format: .gif))
    }

    func testAPhotoSavedAsPNGIsNot() {
        // Noise and a gradient: nearly every sampled pixel a colour of its own.
        var seed: UInt64 = 42
        let photo = picture { plane, x, y in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: (x + y) / (plane + 2) + Int(seed >> 59))
        }
        XCTAssertFalse(FlatGraphic.isFlat(photo, format: .png))
    }

    func testAJPEGIsAlwaysTreatedAsAPhoto() {
        XCTAssertFalse(FlatGraphic.isFlat(picture { _, _, _ in 255 }, format: .jpeg))
    }

    func testAFlatGraphicIsEncodedAtLeastAtTheSharpQuality() {
        XCTAssertEqual(FlatGraphic.quality(82, for: .jpeg), FlatGraphic.quality)
        XCTAssertEqual(FlatGraphic.quality(82, for: .webp), FlatGraphic.quality)
        XCTAssertEqual(FlatGraphic.quality(98, for: .jpeg), 98)
        XCTAssertEqual(FlatGraphic.quality(60, for: .avif), 60)
    }
}

import TesseraImaging
import XCTest

@testable import TesseraCore

/// The sample album's pictures: right size, tagged, upright once the tag is applied.
final class SamplePainterTests: XCTestCase {
    func testSamplesAreUprightAfterTheirOrientation() throws {
        let folder = try FixtureFolder()
        let painter = LibGDSamplePainter()
        let processor = ImagePipeline()
        let size = PixelSize(width: 300, height: 200)
        for orientation in Orientation.allCases {
            let jpeg = try painter.paintSample(
                uprightSize: size, label: "3:2", hue: 0.58, orientation: orientation)
            XCTAssertEqual(TestImage(jpeg: jpeg)?.size, size.oriented(by: orientation))
            if let out = ProcessInfo.processInfo.environment["TESSERA_SAMPLE_OUT"] {
                // For a look by eye: the stored (turned) picture of each orientation.
                try Data(jpeg).write(to: URL(fileURLWithPath: "\(out)/sample\(orientation.rawValue).jpg"))
            }
            let file = try folder.write(jpeg, as: "sample\(orientation.rawValue).jpg")
            let info = try processor.inspect(file, format: .jpeg)
            XCTAssertEqual(info.orientation, orientation)
            XCTAssertEqual(info.uprightSize, size)

            let upright = try XCTUnwrap(
                TestImage(
                    jpeg: try processor.render(
                        file, info: info, sizes: [size], quality: 90)[0]))
            // The "up" triangle is dark at the top middle; the bottom middle is the light gradient.
            let marker = upright.color(150, 30)
            let bottom = upright.color(150, 170)
            XCTAssertLessThan(marker.r + marker.g + marker.b, 250, "\(orientation): marker \(marker)")
            XCTAssertGreaterThan(bottom.r + bottom.g + bottom.b, 350, "\(orientation): bottom \(bottom)")
        }
    }

    func testTaggingReplacesAnExistingTag() throws {
        let image = TestImage(width: 16, height: 8)
        let plain = try XCTUnwrap(image.encoded(.jpeg))
        let once = ExifOrientationTag.tagged(jpeg: plain, orientation: .right)
        let twice = ExifOrientationTag.tagged(jpeg: once, orientation: .left)
        XCTAssertEqual(ExifReadingTests.markers(twice).filter { $0 == 0xE1 }.count, 1)
        let folder = try FixtureFolder()
        let info = try ImagePipeline().inspect(try folder.write(twice, as: "t.jpg"), format: .jpeg)
        XCTAssertEqual(info.orientation, .left)
        XCTAssertEqual(ExifOrientationTag.tagged(jpeg: [1, 2, 3], orientation: .down), [1, 2, 3])
    }
}

import XCTest

@testable import TesseraCore

final class OrientationTests: XCTestCase {
    func testMissingZeroAndOutOfRangeValuesMeanUpright() {
        XCTAssertEqual(Orientation(exifValue: nil), .up)
        XCTAssertEqual(Orientation(exifValue: 0), .up)
        XCTAssertEqual(Orientation(exifValue: 9), .up)
        XCTAssertEqual(Orientation(exifValue: -3), .up)
        XCTAssertEqual(Orientation(exifValue: 6), .right)
    }

    func testQuarterTurnsSwapWidthAndHeight() {
        let stored = PixelSize(width: 4000, height: 3000)
        for orientation in Orientation.allCases {
            let upright = stored.oriented(by: orientation)
            XCTAssertEqual(
                upright, orientation.rawValue >= 5 ? PixelSize(width: 3000, height: 4000) : stored, "\(orientation)")
        }
    }
}

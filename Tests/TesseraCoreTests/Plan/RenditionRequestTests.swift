import XCTest

@testable import TesseraCore

/// Each format's quality follows the JPEG quality a site sets, so a WebP or AVIF looks as
/// good as the JPEG beside it; a format's own setting overrides that.
final class RenditionRequestTests: XCTestCase {
    func testTheDefaultQualityGivesTheMeasuredEqualSSIMQualities() {
        let request = RenditionRequest(quality: 82)
        XCTAssertEqual(request.quality(for: .jpeg), 82)
        XCTAssertEqual(request.quality(for: .webp), 87)
        XCTAssertEqual(request.quality(for: .avif), 73)
    }

    func testAHigherJPEGQualityNeverGivesALowerQualityElsewhere() {
        for format in RenditionFormat.modern {
            let qualities = (1...100).map { RenditionRequest(quality: $0).quality(for: format) }
            XCTAssertEqual(qualities, qualities.sorted(), "\(format)")
            XCTAssertEqual(qualities.first, 1)
            XCTAssertEqual(qualities.last, 100)
        }
    }

    func testAFormatsOwnQualityWinsAndOnlyItsImagesSeeIt() {
        var request = RenditionRequest(quality: 82)
        request.webpQuality = 60
        XCTAssertEqual(request.quality(for: .webp), 60)
        XCTAssertEqual(request.quality(for: .avif), 73)
        // A JPEG's recipe is the same as without the WebP setting: changing it remakes no JPEG.
        XCTAssertEqual(request.only(.jpeg), RenditionRequest(quality: 82).only(.jpeg))
        XCTAssertEqual(request.only(.webp).quality, 60)
    }
}

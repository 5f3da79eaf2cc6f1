import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Issue 19's duplicates, through the command line with the real imaging: a byte-identical
/// copy is published once, `--json` lists it under `folded` with the photo it joined, the
/// summary counts it, and `--strict` does not fail on it.
final class DuplicateBuildTests: XCTestCase {
    private func holiday() throws -> TemporaryFolder {
        let tmp = try TemporaryFolder()
        let album = tmp.url.appendingPathComponent("photos/Holiday")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 300, height: 200), label: "copy", hue: 0.3, orientation: .up)
        try Data(jpeg).write(to: album.appendingPathComponent("IMG_0200.JPG"))
        try Data(jpeg).write(to: album.appendingPathComponent("IMG_0200 (1).JPG"))
        return tmp
    }

    func testACopyIsFoldedInTheJSONAndStrictPasses() throws {
        let tmp = try holiday()
        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--json", "--strict", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["photos"] as? Int, 1)
        let folded = try XCTUnwrap(report["folded"] as? [[String: String]])
        XCTAssertEqual(
            folded,
            [
                [
                    "path": "Holiday/IMG_0200 (1).JPG", "joined": "Holiday/IMG_0200.JPG", "kind": "duplicate",
                    "reason": "duplicate of IMG_0200.JPG",
                ]
            ])
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: tmp.url.appendingPathComponent("site/holiday").path)
        XCTAssertEqual(Set(pages.filter { $0.hasSuffix(".html") }), ["index.html", "img-0200.html"])
    }

    /// The summary counts the copies; `--verbose` names each with the photo it joined.
    func testTheSummarySaysHowManyCopiesWereFolded() throws {
        let tmp = try holiday()
        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--formats", "none", "--verbose"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("1 photo in 2 albums, 1 duplicate folded, "), result.stdout)
        XCTAssertTrue(
            result.stderr.contains(
                "Holiday/IMG_0200 (1).JPG: duplicate of IMG_0200.JPG, published once as that photo; ignored"),
            result.stderr)
    }
}

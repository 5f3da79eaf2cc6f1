import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// `tessera sample` writes a newcomer's first site with what Tessera reads beside photos:
/// album titles and descriptions (one long enough to fold on a phone) in `index.md`, and a
/// sidecar's title and caption.
final class SampleStoryTests: XCTestCase {
    func testTheSampleSiteShowsTitlesADescriptionAndASidecarCaption() throws {
        let tmp = try TemporaryFolder()
        XCTAssertEqual(try InProcessCLI.run(["sample", "photos"], in: tmp.url).status, 0)
        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("warning"), "the sample's notes are all read: \(result.stderr)")
        func page(_ path: String) throws -> String {
            try String(contentsOf: tmp.url.appendingPathComponent("site/" + path), encoding: .utf8)
        }
        let home = try page("index.html")
        XCTAssertTrue(home.contains(#"<span class="album-name" dir="auto">Travels by train</span>"#), home)

        let travels = try page("travels/index.html")
        XCTAssertTrue(travels.contains(#"<details class="description">"#), "the long one folds: \(travels)")
        XCTAssertTrue(
            travels.contains(#"<span class="album-name" dir="auto">On the coast, summer 2024</span>"#), travels)
        XCTAssertTrue(
            travels.contains(#"<img src="_media/tower.thumb"#) || home.contains("travels/_media/tower."),
            "Cover: picks the card's photo: \(home)")

        let bridge = try page("travels/bridge.html")
        XCTAssertTrue(bridge.contains(#"<h1 class="title" dir="auto">The old bridge</h1>"#), bridge)
        XCTAssertTrue(bridge.contains("<li>the river high after the rain</li>"), bridge)
        let seine = try page("été-à-paris/seine.html")
        XCTAssertTrue(seine.contains("<p>Le soir, depuis le pont des Arts.</p>"), seine)
    }
}

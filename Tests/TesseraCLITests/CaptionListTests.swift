import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A sidecar caption with a list: a list on the photo page, each bullet by its own text in
/// every built-in theme, and items told apart in the tile's plain text the viewer shows.
final class CaptionListTests: XCTestCase {
    private var tmp: TemporaryFolder!

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        let bytes = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 120, height: 80), label: "1", hue: 0.3, orientation: .up)
        try write("photos/Trip/bridge.jpg", Data(bytes))
        let caption = "Title: The old bridge\n\nOn the way back:\n\n- the river high\n- the lamps lit\n"
        try write("photos/Trip/bridge.md", Data(caption.utf8))
    }

    override func tearDown() {
        tmp = nil
    }

    private func write(_ path: String, _ data: Data) throws {
        let url = tmp.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: tmp.url.appendingPathComponent("site/" + path), encoding: .utf8)
    }

    func testACaptionListIsAListOnThePageAndItemsApartOnTheTile() throws {
        for theme in ["default", "journal", "portfolio"] {
            try write("photos/tessera.yaml", Data("theme: \(theme)\n".utf8))
            let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let photo = try page("trip/bridge.html")
            XCTAssertTrue(
                photo.contains(
                    #"<div class="caption" dir="auto"><p>On the way back:</p>"# + "\n<ul>\n<li>the river high</li>\n"
                        + "<li>the lamps lit</li>\n</ul>\n</div>"), photo)
            let album = try page("trip/index.html")
            XCTAssertTrue(album.contains(#"data-caption="On the way back: the river high; the lamps lit""#), album)
            // The list is laid out by the theme, not the browser's default (bullets at the
            // page's edge under centred text).
            let css = try page("tessera.css")
            XCTAssertTrue(css.contains(".viewer .caption :is(ul, ol) { padding-inline-start: 1.3em; }"), theme)
        }
        let css = try page("tessera.css")
        XCTAssertTrue(
            css.contains(".viewer .caption :is(ul, ol, blockquote) { display: table; margin: 0 auto 0.4em;"),
            "the portfolio theme's centred caption centres its lists")
    }
}

import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A long album description folds on a phone (a `<details>` the built-in themes show whole
/// on wider screens), so the grid starts on the first screen; a short one stays as it is.
final class DescriptionFoldingTests: XCTestCase {
    private var tmp: TemporaryFolder!

    private static let long = """
        Title: Coast

        We drove along the coast for a week in June, stopping wherever the road met the sea. \
        The mornings were grey and still, the afternoons bright, and every evening the wind \
        came up from the west and pushed the dunes a little further inland.

        The photos follow the road from north to south.
        """

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        let painter = LibGDSamplePainter()
        for (index, path) in ["Coast/dunes.jpg", "Town/square.jpg"].enumerated() {
            let bytes = try painter.paintSample(
                uprightSize: PixelSize(width: 120, height: 80), label: "\(index)", hue: Double(index) / 2,
                orientation: .up)
            try write("photos/" + path, Data(bytes))
        }
        try write("photos/Coast/index.md", Data(Self.long.utf8))
        try write("photos/Town/index.md", Data("Title: Town\n\nOne afternoon in *town*.\n".utf8))
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

    func testALongDescriptionFoldsBehindReadMoreAndAShortOneDoesNot() throws {
        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let coast = try page("coast/index.html")
        XCTAssertTrue(
            coast.contains(
                #"<details class="description">"# + "\n"
                    + #"<summary><span class="read-more">Read more</span><span class="read-less">Show less</span></summary>"#
                    + "\n<p>We drove along the coast"), coast)
        XCTAssertTrue(coast.contains("<p>The photos follow the road from north to south.</p>\n</details>"), coast)
        XCTAssertFalse(coast.contains(#"<div class="description">"#), coast)

        let town = try page("town/index.html")
        XCTAssertTrue(
            town.contains(#"<div class="description">"# + "\n<p>One afternoon in <em>town</em>.</p>\n</div>"), town)
        XCTAssertFalse(town.contains("<details"), "a short description is shown whole everywhere: \(town)")

        // Every built-in theme folds it on a phone only, and without ::details-content shows it closed.
        let css = try page("tessera.css")
        XCTAssertTrue(css.contains("details.description::details-content { content-visibility: visible; }"), css)
        XCTAssertTrue(css.contains("@media (max-width: 600px) {\n    details.description {"), css)
    }

    func testTheControlSpeaksThePagesLanguage() throws {
        for (theme, language, more, less) in [
            ("journal", "fr", "Lire la suite", "Réduire"), ("portfolio", "ar", "اقرأ المزيد", "عرض أقل"),
        ] {
            try write("photos/tessera.yaml", Data("theme: \(theme)\nlanguage: \(language)\n".utf8))
            let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let coast = try page("coast/index.html")
            XCTAssertTrue(
                coast.contains(
                    #"<summary><span class="read-more">\#(more)</span><span class="read-less">\#(less)</span></summary>"#
                ), "\(theme), \(language): \(coast)")
            XCTAssertTrue(try page("tessera.css").contains("details.description:not([open])::details-content"), theme)
        }
    }

    func testHowLongFolds() {
        XCTAssertFalse(AlbumPage.folds("<p>Short.</p>\n", text: "Short."))
        let sentence = String(repeating: "word ", count: 41)
        XCTAssertTrue(AlbumPage.folds("<p>\(sentence)</p>\n", text: sentence), "205 characters of text")
        let items = (1...5).map { "<li>\($0)</li>" }.joined(separator: "\n")
        XCTAssertTrue(AlbumPage.folds("<ul>\n\(items)\n</ul>\n", text: "1 2 3 4 5"), "seven lines of blocks")
        XCTAssertFalse(AlbumPage.folds("<p>One.</p>\n<p>Two.</p>\n", text: "One. Two."))
    }
}

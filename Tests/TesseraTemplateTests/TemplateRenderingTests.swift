import XCTest

@testable import TesseraTemplate

final class TemplateRenderingTests: XCTestCase {
    private func render(_ source: String, _ context: TemplateValue) throws -> String {
        try Template(source, name: "test").render(context)
    }

    func testVariablesEscapeHTMLSpecialCharacters() throws {
        let caption: TemplateValue = ["caption": "Tom & Jerry's <\"best\"> day"]
        XCTAssertEqual(
            try render("<p>{{caption}}</p>", caption), "<p>Tom &amp; Jerry&#39;s &lt;&quot;best&quot;&gt; day</p>")
    }

    func testTripleMustacheAndAmpersandInsertRawText() throws {
        let context: TemplateValue = ["html": "<b>A & B</b>"]
        XCTAssertEqual(try render("{{{html}}}|{{& html}}", context), "<b>A & B</b>|<b>A & B</b>")
    }

    func testHTMLEscapeLeavesOtherTextAlone() {
        XCTAssertEqual(HTML.escape("&<>\"'"), "&amp;&lt;&gt;&quot;&#39;")
        XCTAssertEqual(HTML.escape("Zürich — 東京 📷"), "Zürich — 東京 📷")
        XCTAssertEqual(
            HTML.escape("© 1° ·\u{A0}\u{FEFF}\u{FFFD}𝄞"), "© 1° ·\u{A0}\u{FEFF}\u{FFFD}𝄞", "near the fast test's edges")
    }

    func testHTMLEscapeDropsWhatXMLAndHTMLCannotCarry() throws {
        let noncharacters = String(
            String.UnicodeScalarView([0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFF].map { Unicode.Scalar($0)! }))
        XCTAssertEqual(HTML.escape("Bell\u{7}Album"), "BellAlbum")
        XCTAssertEqual(HTML.escape("\u{0}\u{1B}[2J\u{7F}\u{85}\u{9B}<\(noncharacters)>"), "[2J&lt;&gt;")
        XCTAssertEqual(HTML.escape("tab\tline\nreturn\r"), "tab\tline\nreturn\r", "XML's own white space stays")
        XCTAssertEqual(try render("<p title=\"{{t}}\">{{t}}</p>", ["t": "a\u{1}b"]), "<p title=\"ab\">ab</p>")
    }

    func testNumbersRenderWithoutSpuriousFraction() throws {
        let context: TemplateValue = ["width": 85, "ratio": 1.210, "offset": -3, "big": 4_000_000_000]
        XCTAssertEqual(try render("{{width}} {{ratio}} {{offset}} {{big}}", context), "85 1.21 -3 4000000000")
    }

    func testSectionIteratesOverListOfObjects() throws {
        let context: TemplateValue = [
            "photos": [
                ["src": "a.jpg", "width": 320],
                ["src": "b.jpg", "width": 240],
            ]
        ]
        XCTAssertEqual(
            try render("{{#photos}}<img src=\"{{src}}\" width=\"{{width}}\">{{/photos}}", context),
            "<img src=\"a.jpg\" width=\"320\"><img src=\"b.jpg\" width=\"240\">")
    }

    func testNestedSectionsLookUpOuterContexts() throws {
        let context: TemplateValue = [
            "album": "Alps",
            "title": "Gallery",
            "rows": [
                ["photos": [["title": "Summit"], ["caption": "untitled"]]]
            ],
        ]
        // `title` resolves to the photo when it has one, else to the outermost context.
        XCTAssertEqual(
            try render("{{#rows}}{{#photos}}[{{album}}: {{title}}]{{/photos}}{{/rows}}", context),
            "[Alps: Summit][Alps: Gallery]")
    }

    func testDottedNamesAndImplicitIterator() throws {
        let context: TemplateValue = ["camera": ["make": "Fuji", "lens": ["focal": 23]], "tags": ["sea", "dusk"]]
        XCTAssertEqual(
            try render(
                "{{camera.make}} {{camera.lens.focal}}mm {{camera.missing.x}}|{{#tags}}#{{.}} {{/tags}}", context),
            "Fuji 23mm |#sea #dusk ")
    }

    func testFalseyValuesHideSectionsAndShowInvertedOnes() throws {
        let template = try Template("{{#photos}}x{{/photos}}{{^photos}}No photos yet.{{/photos}}", name: "empty")
        XCTAssertEqual(try template.render(["photos": []]), "No photos yet.")
        XCTAssertEqual(try template.render(["photos": false]), "No photos yet.")
        XCTAssertEqual(try template.render([:]), "No photos yet.")
        XCTAssertEqual(try template.render(["photos": [1, 2]]), "xx")
    }

    func testStandaloneSectionLinesLeaveNoBlankLines() throws {
        let source = "<ul>\n  {{#photos}}\n  <li>{{.}}</li>\n  {{/photos}}\n</ul>\n"
        XCTAssertEqual(try render(source, ["photos": ["a", "b"]]), "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }
}

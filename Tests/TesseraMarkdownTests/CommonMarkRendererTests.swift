import TesseraMarkdown
import XCTest

@testable import TesseraCore

/// CommonMark through libcmark, and the raw-HTML policy.
final class CommonMarkRendererTests: XCTestCase {
    private let renderer = CommonMarkRenderer()

    func testCommonMarkBecomesHTML() {
        let html = renderer.html(fromMarkdown: "A *long* walk.\n\nSee [the map](map.html).", allowRawHTML: false)
        XCTAssertEqual(html, "<p>A <em>long</em> walk.</p>\n<p>See <a href=\"map.html\">the map</a>.</p>\n")
    }

    func testRawHTMLIsLeftOutUnlessAllowed() {
        let text = "Hello <script>alert(1)</script>\n\n<div onclick=\"x()\">box</div>\n\n[link](javascript:alert(1))"
        let safe = renderer.html(fromMarkdown: text, allowRawHTML: false)
        XCTAssertFalse(safe.contains("<script"), safe)
        XCTAssertFalse(safe.contains("onclick"), safe)
        XCTAssertFalse(safe.contains("javascript:"), safe)
        let raw = renderer.html(fromMarkdown: text, allowRawHTML: true)
        XCTAssertTrue(raw.contains("<script>alert(1)</script>"), raw)
        XCTAssertTrue(raw.contains("<div onclick=\"x()\">box</div>"), raw)
    }

    func testTextIsEscaped() {
        XCTAssertEqual(
            renderer.html(fromMarkdown: "Fish & chips < 5 €", allowRawHTML: false), "<p>Fish &amp; chips &lt; 5 €</p>\n"
        )
    }

    func testEmptyTextIsEmpty() {
        XCTAssertEqual(renderer.html(fromMarkdown: "", allowRawHTML: false), "")
    }
}

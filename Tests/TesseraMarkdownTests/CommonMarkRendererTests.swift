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

    /// A list's items in an `alt` or the viewer's caption: one after another, told apart.
    func testListItemsStayApartInThePlainText() {
        let list = renderer.render(
            "On the way back:\n\n- the river high\n- the lamps lit.\n- a bus\n\n1. one\n   - nested\n2. two",
            allowRawHTML: false)
        XCTAssertEqual(list.plainText, "On the way back: the river high; the lamps lit. a bus one nested; two")
        XCTAssertEqual(list.html.components(separatedBy: "<li>").count - 1, 6, list.html)
        XCTAssertEqual(renderer.render("- 牛奶\n- 鸡蛋。\n- 面包", allowRawHTML: false).plainText, "牛奶; 鸡蛋。 面包")
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

    func testEachPieceOfRawHTMLLeftOutIsNamedWithItsLineAndTheSetting() {
        // sigal's sample gallery credits its photos with raw links across lines.
        let text =
            "Credits:\n\n- *m57* [Public\n  domain], <a\n  href=\"https://example.org/m57\">via\n  Commons</a>\n\n"
            + "<div>box</div>\n"
        let safe = renderer.render(text, allowRawHTML: false)
        XCTAssertEqual(safe.notices.map(\.line), [4, 8], "one notice per opening tag or block, not the closing tag")
        XCTAssertTrue(
            safe.notices[0].message.hasPrefix(
                "raw HTML '<a href=\"https://example.org/m57\">' is left out of the page"),
            safe.notices[0].message)
        XCTAssertTrue(safe.notices.allSatisfy { $0.message.contains("set 'allow_html: true'") })
        let raw = renderer.render(text, allowRawHTML: true)
        XCTAssertEqual(raw.notices, [], "nothing is left out, nothing to say")
        XCTAssertTrue(raw.html.contains("href=\"https://example.org/m57\">via"), raw.html)
        XCTAssertEqual(renderer.render("No *HTML* here.", allowRawHTML: false).notices, [])
    }

    /// A link or image to `javascript:`, `vbscript:`, `file:` or a `data:` that is no
    /// picture: safe mode left `<a href="">` and `<img src="">` (a broken image `tessera
    /// verify` failed the site for) and nothing said it. Now the words stay, the link or
    /// image goes, and each is named with its line.
    func testUnsafeLinksAndImagesAreLeftOutWithTheirWordsKeptAndNamed() {
        let text =
            "See [the map](javascript:alert(1)) and [ours](map.html).\n\n"
            + "![the logo](data:text/html,x) ![a dot](data:image/png;base64,iVBORw0KGgo=)\n\n"
            + "[![inside](JavaScript:x)](vbscript:y) [a file](file:///etc/passwd)"
        let safe = renderer.render(text, allowRawHTML: false)
        XCTAssertEqual(
            safe.html,
            "<p>See the map and <a href=\"map.html\">ours</a>.</p>\n"
                + "<p>the logo <img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"a dot\" /></p>\n"
                + "<p>inside a file</p>\n")
        XCTAssertFalse(safe.html.contains("href=\"\""), safe.html)
        XCTAssertFalse(safe.html.contains("src=\"\""), safe.html)
        XCTAssertEqual(safe.notices.map(\.line), [1, 3, 5, 5, 5])
        XCTAssertTrue(
            safe.notices[0].message.hasPrefix(
                "the link to 'javascript:alert(1)' is left out of the page (its words are kept)"),
            safe.notices[0].message)
        XCTAssertTrue(safe.notices[1].message.hasPrefix("the image to 'data:text/html,x'"), safe.notices[1].message)
        XCTAssertEqual(safe.plainText, "See the map and ours. the logo a dot inside a file")
        let raw = renderer.render(text, allowRawHTML: true)
        XCTAssertEqual(raw.notices, [], "allow_html keeps them as written")
        XCTAssertTrue(raw.html.contains("href=\"javascript:alert(1)\""), raw.html)
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

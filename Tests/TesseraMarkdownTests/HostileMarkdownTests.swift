import TesseraMarkdown
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// No Markdown text, however made, costs more than time linear in its length, and none
/// nests deeper than `CommonMarkRenderer.maxNesting` in the page: deeper levels are
/// flattened with every word kept, and the renderer says at which line.
final class HostileMarkdownTests: XCTestCase {
    private let renderer = CommonMarkRenderer()

    /// The deepest nesting of `tags` (`ul`, `ol`, `blockquote`…) in `html`.
    private func depth(of tags: Set<String>, in html: String) -> Int {
        var depth = 0
        var deepest = 0
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
            if tags.contains(String(name)) {
                depth += tag.hasPrefix("/") ? -1 : 1
                deepest = max(deepest, depth)
            }
            rest = rest[rest.index(after: close)...]
        }
        return deepest
    }

    func testTheDeepestListsAreFlattenedIntoTheThirtySecondLevelWithEveryWordKept() throws {
        // 200 levels, one item each, each indented under the last.
        let levels = 200
        let text = (0..<levels).map { String(repeating: "  ", count: $0) + "- item \($0)." }.joined(separator: "\n")
        let rendered = renderer.render(text, allowRawHTML: false)
        XCTAssertEqual(depth(of: ["ul"], in: rendered.html), 32)
        XCTAssertEqual(rendered.plainText, (0..<levels).map { "item \($0)." }.joined(separator: " "))
        var position = rendered.html.startIndex
        for level in 0..<levels {
            let words = "item \(level)."
            guard let found = rendered.html.range(of: words, range: position..<rendered.html.endIndex) else {
                return XCTFail("'item \(level)' is missing or out of order")
            }
            position = found.upperBound
        }
        XCTAssertTrue(rendered.html.contains("<p>item 198.</p>\n<p>item 199.</p>"), "flattened items stay apart")
        XCTAssertEqual(rendered.notices.map(\.line), [33], "the 33rd list is the first one flattened")
        let message = rendered.notices.first?.message ?? ""
        XCTAssertTrue(message.contains("nested more than 32 levels"), message)
    }

    func testTenThousandNestedListsAndQuotesStayThirtyTwoDeep() {
        for (text, tags) in [
            (String(repeating: "- ", count: 10_000) + "deep", Set(["ul"])),
            (String(repeating: "1. ", count: 10_000) + "deep", ["ol"]),
            (String(repeating: ">", count: 10_000) + " deep", ["blockquote"]),
            (String(repeating: "> - ", count: 5_000) + "deep", ["blockquote", "ul"]),
        ] {
            let rendered = renderer.render(text, allowRawHTML: false)
            XCTAssertEqual(depth(of: tags, in: rendered.html), 32, String(text.prefix(8)))
            XCTAssertTrue(rendered.html.contains("deep"), String(text.prefix(8)))
            XCTAssertEqual(rendered.plainText, "deep")
            XCTAssertEqual(rendered.notices.map(\.line), [1])
        }
    }

    func testDeeplyNestedEmphasisAndLinksAreCutWithTheirTextKept() {
        let emphasis = String(repeating: "*", count: 50_000) + "word" + String(repeating: "*", count: 50_000)
        let rendered = renderer.render("Intro\n\n" + emphasis, allowRawHTML: false)
        XCTAssertLessThanOrEqual(depth(of: ["em", "strong"], in: rendered.html), 32)
        XCTAssertEqual(rendered.plainText, "Intro word")
        XCTAssertEqual(rendered.notices.map(\.line), [3])
        let message = rendered.notices.first?.message ?? ""
        XCTAssertTrue(message.contains("emphasis and links"), message)

        let images = String(repeating: "![a ", count: 1_000) + "b" + String(repeating: "](x.jpg)", count: 1_000)
        let alt = renderer.render(images, allowRawHTML: false)
        XCTAssertTrue(alt.plainText.hasSuffix("a a b"), String(alt.plainText.suffix(20)))
        XCTAssertEqual(alt.notices.count, 1)
    }

    /// The regular expressions the summary was made with took 15 s for 20,000 unclosed
    /// links and over 5 minutes for 100,000.
    func testUnclosedLinksAreReadInLinearTime() throws {
        let text = String(repeating: "[a](", count: 100_000)
        let outcome = HangGuard.run { [renderer] in renderer.render(text, allowRawHTML: false) }
        let rendered = try XCTUnwrap(outcome, "100,000 unclosed links did not render")
        XCTAssertEqual(rendered.plainText, text, "no link is closed, so all of it is text")
        XCTAssertEqual(rendered.html, "<p>" + text + "</p>\n")
    }

    func testThePlainTextIsTheWordsOfTheText() {
        let text = """
            # Porto, *at last*

            A [walk](https://example.org/walk "Walk") by the river &amp; a ![bridge](b.jpg).\\
            Fish &amp; chips, `code`, 5 * 3 and snake_case stay.

            - one
            - two

            > quoted

                indented code

            <div class="box">boxed <b>words</b><!-- a > b --></div>

            <script>var key = "SECRET"</script>

            <style>.hide { display: none }</style>

            Inline <span>html</span> and <3 and a <> pair.
            """
        let rendered = renderer.render(text, allowRawHTML: false)
        XCTAssertEqual(
            rendered.plainText,
            "Porto, at last A walk by the river & a bridge. Fish & chips, code, 5 * 3 and snake_case stay. "
                + "one; two quoted indented code boxed words Inline html and <3 and a <> pair.")
        // The words stay in the plain text, never a script's, a style's or a comment's text
        // (a page's description, the feed and the viewer's caption showed `var key = …`
        // that the build said was left out); the HTML left out of the page is named.
        XCTAssertEqual(
            rendered.notices.map(\.line), [13, 15, 17, 19],
            "the <div>, <script> and <style> blocks and the <span>, not '<3' or '<>'")
        XCTAssertEqual(renderer.render(text, allowRawHTML: true).plainText, rendered.plainText)
    }
    /// A script inside a paragraph (inline HTML around a text node), an end tag that only
    /// starts like the element's, and an element whose name only starts like `style`:
    /// the code stays out of the plain text, the words stay in.
    func testInlineScriptsAndLookalikeTagsKeepCodeOutAndWordsIn() {
        let text = """
            Hello <script>var key = "S1"</script> there, <STYLE>.x { color: red }</STYLE>friend.

            <script>a = "</scripts>"; key = "S2"</script>

            <style-guide>Guide words</style-guide>

            After <br/> a break.
            """
        for allowed in [false, true] {
            let plain = renderer.render(text, allowRawHTML: allowed).plainText
            XCTAssertEqual(plain, "Hello there, friend. Guide words After a break.", "allowRawHTML: \(allowed)")
        }
    }
}

import XCTest

@testable import TesseraTemplate

final class TemplateErrorTests: XCTestCase {
    private func parseError(_ source: String, name: String = "album") -> TemplateError? {
        do {
            _ = try Template(source, name: name)
            return nil
        } catch {
            return error
        }
    }

    func testUnclosedSectionPointsAtItsOpeningTag() throws {
        let error = try XCTUnwrap(parseError("<h1>{{title}}</h1>\n  {{#photos}}\n<img>\n"))
        XCTAssertEqual(
            error.description, "album:2:3: error: section 'photos' opened here is never closed; add {{/photos}}")
    }

    /// A theme is someone's text: 50,000 nested sections overflowed the stack that renders
    /// (and frees) the tree and ended the build with SIGSEGV; past 100 it is an error at the
    /// tag that goes too deep, and 100 still renders.
    func testSectionsNestedTooDeepAreAnErrorNotACrash() throws {
        let tooDeep = String(repeating: "{{#a}}", count: 50_000) + "x" + String(repeating: "{{/a}}", count: 50_000)
        let error = try XCTUnwrap(parseError(tooDeep))
        XCTAssertEqual(
            error.description,
            "album:1:601: error: sections nest more than 100 deep here; close some before opening {{#a}} "
                + "(a page needs a handful)")
        let deepest = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        XCTAssertEqual(try Template(deepest, name: "album").render(["a": true]), "x")
    }

    func testUnclosedTag() throws {
        let error = try XCTUnwrap(parseError("<h1>\n  <b>{{title\n</h1>\n"))
        XCTAssertEqual([error.line, error.column], [2, 6])
        XCTAssertTrue(error.description.hasPrefix("album:2:6: error: tag '{{title' is never closed; add '}}'"))
    }

    func testMismatchedCloseTagPointsAtTheCloseTag() throws {
        let error = try XCTUnwrap(parseError("{{#photos}}\n  {{#exif}}\n  {{/photos}}\n{{/exif}}"))
        XCTAssertEqual(
            error.description,
            "album:3:3: error: {{/photos}} does not match section 'exif' opened at 2:3; "
                + "close that section first with {{/exif}}")
    }

    func testCloseTagWithoutOpenSection() throws {
        let error = try XCTUnwrap(parseError("a\nb {{/photos}}"))
        XCTAssertEqual([error.line, error.column], [2, 3])
        XCTAssertTrue(error.message.contains("not open"), error.message)
    }

    func testEmptyTagName() throws {
        let error = try XCTUnwrap(parseError("<p>\n<p>{{ }}</p>"))
        XCTAssertEqual(
            error.description, "album:2:4: error: tag '{{ }}' has no name; put a name between the delimiters")
        XCTAssertEqual(try XCTUnwrap(parseError("{{#}}{{/}}")).column, 1)
        XCTAssertEqual(try XCTUnwrap(parseError("x{{> }}")).column, 2)
    }

    func testBadDelimiterChange() throws {
        let error = try XCTUnwrap(parseError("line\n\t{{=<% =}}"))
        XCTAssertEqual([error.line, error.column], [2, 2])
        XCTAssertTrue(error.message.hasPrefix("cannot change delimiters to '<%'"), error.message)
    }

    func testErrorsAfterDelimiterChangeUseTheNewDelimiters() throws {
        let error = try XCTUnwrap(parseError("{{=<% %>=}}\n<%#photos%>"))
        XCTAssertEqual(
            error.description, "album:2:1: error: section 'photos' opened here is never closed; add <%/photos%>")
    }

    func testTagMissingABraceBeforeTheNextTagIsUnclosed() throws {
        let error = try XCTUnwrap(parseError("<a href=\"{{url}\">{{title}}</a>"))
        XCTAssertEqual(
            error.description, "album:1:10: error: tag '{{url}\">' is never closed; add '}}' after its name")
    }

    func testTagMissingABraceAtTheEndOfItsLineIsUnclosed() throws {
        let error = try XCTUnwrap(parseError("<h1>{{title}</h1>\n<p>{{caption}}</p>\n"))
        XCTAssertEqual(
            error.description, "album:1:5: error: tag '{{title}</h1>' is never closed; add '}}' after its name")
        let section = try XCTUnwrap(parseError("x\n  {{#photos}\n{{/photos}}"))
        XCTAssertEqual([section.line, section.column], [2, 3])
    }

    func testUnclosedTagAtTheEndOfTheTemplate() throws {
        let error = try XCTUnwrap(parseError("<h1>{{title}"))
        XCTAssertEqual(error.description, "album:1:5: error: tag '{{title}' is never closed; add '}}'")
    }

    func testClosingBracesInTextAreText() throws {
        // Inline CSS closes nested blocks with `}}`; Mustache shows it as written.
        XCTAssertNil(parseError("<style>@media print { a { color: black }}</style>{{title}}"))
        XCTAssertEqual(try Template("a{b{c:d}} {{x}}", name: "t").render(["x": "y"]), "a{b{c:d}} y")
    }

    func testEmptyTagWithoutSpaces() throws {
        let error = try XCTUnwrap(parseError("a{{}}"))
        XCTAssertEqual(error.description, "album:1:2: error: tag '{{}}' has no name; put a name between the delimiters")
    }

    func testCommentsMaySpanLinesAndHoldBraces() throws {
        XCTAssertNil(parseError("{{! a comment\n  over {two} lines }}<p>{{title}}</p>"))
    }
}

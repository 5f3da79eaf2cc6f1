import TesseraYAML
import XCTest

@testable import TesseraCore

/// YAML read through libyaml: typed scalars, lines, and errors that name the line.
final class YAMLDocumentParserTests: XCTestCase {
    private let parser = YAMLDocumentParser()

    func testMapsListsAndTypedScalarsKeepTheirLines() throws {
        let text = """
            title: "Summer 2024"
            reverse: true
            # a comment
            layout:
              row_height: 240
            order:
              - b.jpg
              - a.jpg
            base_url: ~
            version: '1'
            """
        let document = try parser.parse(text, file: "tessera.yaml")
        guard case .map(let entries) = document.value else { return XCTFail("not a map: \(document)") }
        XCTAssertEqual(entries.map(\.key), ["title", "reverse", "layout", "order", "base_url", "version"])
        XCTAssertEqual(entries.map(\.line), [1, 2, 4, 6, 9, 10])
        XCTAssertEqual(entries[0].value.value, .text("Summer 2024"))
        XCTAssertEqual(entries[1].value.value, .bool(true))
        guard case .map(let layout) = entries[2].value.value else { return XCTFail() }
        XCTAssertEqual(layout, [.init(key: "row_height", value: .init(.number(240), line: 5, written: "240"), line: 5)])
        guard case .list(let order) = entries[3].value.value else { return XCTFail() }
        XCTAssertEqual(order.map(\.value), [.text("b.jpg"), .text("a.jpg")])
        XCTAssertEqual(entries[4].value.value, .null)
        XCTAssertEqual(entries[5].value.value, .text("1"), "a quoted number is text")
    }

    /// libyaml keeps a pointer to its parser inside the parser: a parser that moved read
    /// through a dead address, which crashed the release binary on any file of two keys and,
    /// in a debug build, invented "control characters" and cut long values at 16 KB.
    func testManyKeysAndLongQuotedValuesReadWhole() throws {
        let long = String(repeating: "Été à Paris, ", count: 3_000)
        var text = ""
        for index in 0..<200 { text += "key_\(index): \"\(index) \(long)\"\n" }
        for _ in 0..<3 {
            let document = try parser.parse(text, file: "tessera.yaml")
            guard case .map(let entries) = document.value else { return XCTFail("not a map") }
            XCTAssertEqual(entries.count, 200)
            XCTAssertEqual(entries.last?.value.value, .text("199 \(long)"))
            XCTAssertEqual(entries.last?.line, 200)
        }
    }

    func testAnEmptyTextIsAnEmptyMap() throws {
        XCTAssertEqual(try parser.parse("", file: "f").value, .map([]))
        XCTAssertEqual(try parser.parse("# only a comment\n", file: "f").value, .map([]))
        // A document marker with nothing after it is no settings too; it was "not a map".
        XCTAssertEqual(try parser.parse("---\n", file: "f").value, .map([]))
        XCTAssertEqual(try parser.parse("---\n# none yet\n...\n", file: "f").value, .map([]))
        XCTAssertEqual(try parser.parse("~\n", file: "f").value, .null, "a null written out stays one")
    }

    func testASyntaxErrorNamesTheFileAndLine() {
        XCTAssertThrowsError(try parser.parse("title: a\nlayout:\n  row_height: [1, 2\n", file: "tessera.yaml")) {
            error in
            let error = error as! ConfigurationError
            XCTAssertEqual(error.file, "tessera.yaml")
            XCTAssertNotNil(error.line)
            XCTAssertTrue(error.description.hasPrefix("tessera.yaml:"), error.description)
        }
    }

    /// libyaml gives up at the end of the file on a quote or a bracket left open: the line
    /// named was one past the last (`tessera.yaml:7` of a 6-line file), nowhere near the
    /// mistake. The line is where what was left open starts, and the message says what to do.
    func testAQuoteOrBracketLeftOpenIsNamedWhereItOpens() {
        func failure(_ text: String) -> (line: Int?, message: String) {
            do {
                _ = try parser.parse(text, file: "tessera.yaml")
                return (nil, "parsed")
            } catch {
                return (error.line, error.description)
            }
        }
        let quote = failure("title: \"My photos\nauthor: Ana\nlayout:\n  row_height: 200\n")
        XCTAssertEqual(quote.line, 1, quote.message)
        XCTAssertTrue(quote.message.hasSuffix("found unexpected end of stream; close the quote"), quote.message)
        // libyaml counts characters, not bytes: a title in French is the same mistake.
        for text in ["title: \"Été à Porto\ntheme: default\n", "\u{FEFF}title: \"Été\r\ntheme: x", "a: [é, è\n\n  \n"] {
            let accented = failure(text)
            XCTAssertEqual(accented.line, 1, accented.message)
            XCTAssertFalse(
                accented.message.contains("on line 2") || accented.message.contains("on line 3"), accented.message)
        }
        let bracket = failure("a: 1\norder: [x.jpg, y.jpg\n")
        XCTAssertEqual(bracket.line, 2, bracket.message)
        XCTAssertTrue(bracket.message.contains("close the '[' with ']'"), bracket.message)
        // Where the mistake is not something left open, the line is libyaml's own, and
        // where the map it broke started is said too.
        let key = failure("a:\n  b: 1\n c: 2\n")
        XCTAssertEqual(key.line, 3, key.message)
        XCTAssertTrue(key.message.contains("while parsing a block mapping started on line 1"), key.message)
    }

    func testARepeatedKeyAndAnAliasAreRefused() {
        XCTAssertThrowsError(try parser.parse("title: a\ntitle: b\n", file: "t.yaml")) { error in
            XCTAssertEqual((error as! ConfigurationError).line, 2)
            XCTAssertTrue("\(error)".contains("written twice"), "\(error)")
        }
        // Front matter keeps both, in order, for its reader to take the first and say so.
        let kept = try? parser.parse("title: a\ntitle: b\n", file: "index.md", keepsRepeatedKeys: true)
        guard case .map(let entries)? = kept?.value else { return XCTFail("a map") }
        XCTAssertEqual(entries.map(\.key), ["title", "title"])
        XCTAssertEqual(entries.map(\.line), [1, 2])
        XCTAssertThrowsError(try parser.parse("a: &x 1\nb: *x\n", file: "t.yaml")) { error in
            XCTAssertTrue("\(error)".contains("aliases"), "\(error)")
        }
    }

    /// A setting that takes text takes a plain scalar as the file writes it: `title: 2024`
    /// was refused ("must be text, not 2024") and `title: 2024.10` would have been `2024.1`;
    /// `version: "1"` is version 1, quoted; a key `2024:` is named `2024`, not `2024.0`.
    func testAScalarThatLooksLikeANumberIsTakenAsWrittenWhereTextIsWanted() throws {
        for written in ["2024", "2024.10", "007", "0x1F", "1e3", "true"] {
            let document = try parser.parse(
                "version: \"1\"\ntitle: \(written)\nignore: [\(written), 2019.10]\n", file: "tessera.yaml")
            let configuration = try SiteConfiguration(document: document, file: "tessera.yaml")
            XCTAssertEqual(configuration.title, written)
            XCTAssertEqual(configuration.ignore, [written, "2019.10"])
        }
        let keyed = try parser.parse("2024: a\n1.50: b\n", file: "index.md")
        guard case .map(let entries) = keyed.value else { return XCTFail("not a map: \(keyed)") }
        XCTAssertEqual(entries.map(\.key), ["2024", "1.50"])
    }

    /// libyaml's words alone ("found character that cannot start any token") said what it
    /// met, not what to do: a tab, a line indented under a value, a stray indent.
    func testLibyamlsCommonProblemsSayWhatToDo() {
        let cases = [
            "layout:\n\trow_height: 200\n": "YAML indents with spaces, not tabs",
            "title: ok\n  sort: date\n": "a line is indented under a value as if it belonged to it",
            "title: ok\nlayout:\n    gap: 2\n  row_height: 3\n":
                "a line is indented differently from the keys beside it",
        ]
        for (text, hint) in cases {
            XCTAssertThrowsError(try parser.parse(text, file: "tessera.yaml"), text) { error in
                XCTAssertTrue("\(error)".contains(hint), "\(error)")
            }
        }
    }

    func testTheDocumentFeedsTheConfigurationWithLineNumbersAndSuggestions() throws {
        let document = try parser.parse("title: Trips\nlayout:\n  row_heigth: 200\n", file: "tessera.yaml")
        XCTAssertThrowsError(try SiteConfiguration(document: document, file: "tessera.yaml")) { error in
            XCTAssertEqual(
                "\(error)", "tessera.yaml:3: unknown key 'row_heigth' in 'layout'; did you mean 'row_height'?")
        }
    }
}

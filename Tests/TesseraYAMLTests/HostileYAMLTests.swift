import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A settings file or a front matter is a few keys: whatever YAML can do beyond that is
/// refused at its line before anything is built from it, and no text, however made, can
/// hang the build or overflow its stack.
final class HostileYAMLTests: XCTestCase {
    private let parser = YAMLDocumentParser()

    private func refusal(_ text: String, file: String = "tessera.yaml") -> ConfigurationError? {
        do {
            _ = try parser.parse(text, file: file)
            return nil
        } catch {
            return error
        }
    }

    func testABillionLaughsIsRefusedAtTheFirstAnchorBeforeAnythingIsExpanded() throws {
        var text = "title: Trips\nlol: &a [" + Array(repeating: "\"lol\"", count: 9).joined(separator: ",") + "]\n"
        for (name, previous) in zip("bcdefghi", "abcdefgh") {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        let error = try XCTUnwrap(refusal(text), "9^9 references must not be accepted")
        XCTAssertEqual(error.line, 2, "the first anchor's line, before any alias is read")
        XCTAssertTrue(error.description.hasPrefix("tessera.yaml:2: "), error.description)
        XCTAssertTrue(error.description.contains("anchors (&a) and aliases"), error.description)
    }

    func testAnAnchorAloneIsRefusedToo() throws {
        let error = try XCTUnwrap(refusal("title: &name Trips\nlanguage: en\n"), "an anchor was accepted")
        XCTAssertEqual(error.line, 1)
        XCTAssertTrue(error.description.contains("&name"), error.description)
    }

    func testTagsAreRefusedWithTheirLine() throws {
        let cases = [
            ("title: Trips\nlogo: !!binary aGVsbG8=\n", "!!binary", 2),
            ("language: en\n\ntitle: !custom Trips\n", "!custom", 3),
            ("title: !!str 2024\n", "!!str", 1),
            ("order: !!seq\n  - a.jpg\n", "!!seq", 1),
            ("layout: !!map {row_height: 200}\n", "!!map", 1),
        ]
        for (text, tag, line) in cases {
            let error = try XCTUnwrap(refusal(text), "\(tag) was accepted")
            XCTAssertEqual(error.line, line, tag)
            XCTAssertTrue(error.description.contains("tags (\(tag)) are not supported"), error.description)
        }
    }

    func testASecondDocumentIsRefusedAtItsStartWithoutReadingIt() throws {
        let error = try XCTUnwrap(refusal("title: Trips\n---\norder: [a.jpg\n"))
        XCTAssertEqual(error.line, 2)
        XCTAssertTrue(error.description.contains("a second YAML document"), error.description)
    }

    func testNestingIsBoundedAndTheRefusalNamesTheLine() throws {
        func nested(_ depth: Int) -> String {
            (0..<depth).map { String(repeating: "  ", count: $0) + "a:" }.joined(separator: "\n") + " 1\n"
        }
        XCTAssertNil(refusal(nested(64)), "64 levels are read")
        let error = try XCTUnwrap(refusal(nested(65)))
        XCTAssertEqual(error.line, 65, "the map that goes one level too deep")
        XCTAssertTrue(error.description.contains("nested more than 64 levels"), error.description)
    }

    /// A list nested 5,000 deep overflowed the stack of the recursive tree builder (signal
    /// 11 in the debug build at 5,000, in the release one at 50,000).
    func testNoNestingOverflowsTheStack() throws {
        for depth in [5_000, 100_000] {
            let text =
                "title: Trips\norder: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let outcome = HangGuard.run { [parser] in
                Result { () throws(ConfigurationError) in try parser.parse(text, file: "Coast/index.md") }
            }
            let result = try XCTUnwrap(outcome, "parsing \(depth) levels did not end")
            guard case .failure(let error) = result else { return XCTFail("\(depth) levels were accepted") }
            XCTAssertEqual(error.line, 2)
            XCTAssertTrue(error.description.contains("nested more than 64 levels"), error.description)
        }
    }

    /// Each key was compared with every key before it: 100,000 keys took minutes.
    func testManyKeysAreReadInLinearTime() throws {
        let count = 100_000
        let text = (0..<count).map { "key_\($0): \($0)" }.joined(separator: "\n")
        let outcome = HangGuard.run { [parser] in
            Result { () throws(ConfigurationError) in try parser.parse(text, file: "tessera.yaml") }
        }
        let document = try XCTUnwrap(outcome, "100,000 keys were not read").get()
        guard case .map(let entries) = document.value else { return XCTFail("not a map") }
        XCTAssertEqual(entries.count, count)
        XCTAssertEqual(entries.last?.key, "key_\(count - 1)")
        XCTAssertEqual(entries.last?.line, count)
        XCTAssertEqual(entries.last?.value.value, .number(Double(count - 1)))
    }

    func testTheNumberOfValuesAndTheSizeAreBounded() throws {
        let values = try XCTUnwrap(
            refusal("title: Trips\norder: [" + String(repeating: "a,", count: 600_000) + "a]\n"),
            "600,000 values were accepted")
        XCTAssertEqual(values.line, 2)
        XCTAssertTrue(values.description.contains("more than 500000 values"), values.description)

        let huge = String(repeating: "# a comment line that says nothing at all\n", count: 500_000)
        let size = try XCTUnwrap(refusal("title: Trips\n" + huge), "a 20 MB text was read")
        XCTAssertEqual(size.line, 1)
        XCTAssertTrue(size.description.contains("larger than 16 MiB"), size.description)
    }
}

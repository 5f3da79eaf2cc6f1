import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// An `index.md` or a sidecar made to hurt (thousands of unclosed links, lists or front
/// matter nested thousands deep) is read in linear time, and what had to be cut is a
/// warning at the line of the file it is on.
final class HostileNoteTests: XCTestCase {
    private static func album(_ text: String, file: String = "Travels/index.md") -> AlbumMetadata {
        AlbumMetadata(
            MetadataNote.parse(text, file: file, documents: YAMLDocumentParser()), file: file,
            markdown: CommonMarkRenderer(), allowHTML: false)
    }

    /// The summary was made with regular expressions: 20,000 unclosed links took 15 s and
    /// 100,000 over 5 minutes (libcmark reads them in 0.02 s).
    func testASummaryOfUnclosedLinksIsMadeInLinearTime() throws {
        let body = String(repeating: "[a](", count: 100_000)
        let outcome = HangGuard.run { Self.album("Title: Links\n\n" + body) }
        let metadata = try XCTUnwrap(outcome, "the summary of 100,000 unclosed links was not made")
        XCTAssertEqual(metadata.summary, body)
        let photo = HangGuard.run {
            PhotoSidecar(
                MetadataNote.parse(body, file: "Travels/Bridge.md", documents: YAMLDocumentParser()),
                file: "Travels/Bridge.md", markdown: CommonMarkRenderer(), allowHTML: false)
        }
        XCTAssertEqual(try XCTUnwrap(photo, "the caption was not made").caption, body)
    }

    func testDeepListsAreAWarningAtTheirLineInTheFile() {
        let list = (0..<40).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n")
        let front = Self.album("---\ntitle: Deep\n---\n\nIntro.\n\n" + list)
        XCTAssertEqual(
            front.warnings.map(\.position), ["Travels/index.md:39"],
            "the 33rd list is on the body's 35th line, the file's 39th")
        let message = front.warnings.first?.message ?? ""
        XCTAssertTrue(message.contains("nested more than 32 levels"), message)
        XCTAssertTrue(front.descriptionHTML?.contains("level 39") ?? false, "nothing is left out")
        XCTAssertTrue(front.summary?.hasSuffix("level 38 level 39") ?? false, front.summary ?? "")

        let sigal = Self.album("Title: Deep\nSort: date\n\n\n" + list)
        XCTAssertEqual(sigal.warnings.map(\.position), ["Travels/index.md:37"])
        XCTAssertEqual(Self.album(list).warnings.map(\.position), ["Travels/index.md:33"])
    }

    /// Nested 5,000 deep, a front matter overflowed the stack of the YAML tree builder
    /// (signal 11): now it is a warning with its line, and the body is still read.
    func testAFrontMatterNestedThousandsDeepIsAWarning() throws {
        let depth = 5_000
        let text =
            "---\ntitle: Deep\norder: " + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "\n---\nThe body."
        let metadata = try XCTUnwrap(HangGuard.run { Self.album(text) })
        XCTAssertEqual(metadata.warnings.map(\.position), ["Travels/index.md:3"])
        let message = metadata.warnings.first?.message ?? ""
        XCTAssertTrue(message.contains("nested more than 64 levels"), message)
        XCTAssertEqual(metadata.summary, "The body.")
    }
}

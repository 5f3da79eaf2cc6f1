import Foundation
import FoundationXML
import TesseraLayout
import TesseraMarkdown
import TesseraTemplate
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// Text from disk that editors, cameras and strangers write: byte-order marks, `\r` line
/// ends, UTF-16, control characters in names and notes. The whole build in process, with
/// fake photos.
final class HostileTextTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    private func photo(_ path: String, caption: String? = nil) throws {
        // `note`: not byte-identical copies, which would be folded into one photo.
        try folder.write("photos/" + path, FakeImaging.photo(width: 3000, height: 2000, caption: caption, note: path))
    }

    private func text(_ path: String, _ bytes: [UInt8]) throws {
        try folder.write("photos/" + path, bytes)
    }

    private func builder(baseURL: String? = nil) throws -> SiteBuilder {
        SiteBuilder(
            input: input, output: output,
            configuration: SiteConfiguration(
                title: "Site", baseURL: baseURL, images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, generator: "test"), theme: try Theme.defaults(), imaging: FakeImaging(),
            video: FakeVideo(),
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
    }

    @discardableResult
    private func build(baseURL: String? = nil) throws -> BuildReport {
        try builder(baseURL: baseURL).build()
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// The page's `<title>`.
    private func title(_ path: String) throws -> String {
        let html = try page(path)
        guard let start = html.range(of: "<title>"), let end = html.range(of: "</title>") else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    private func description(_ path: String) throws -> String {
        let html = try page(path)
        guard let start = html.range(of: #"<meta name="description" content=""#) else { return "" }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    // MARK: Byte-order marks and line ends

    func testAnIndexOrSidecarSavedWithAByteOrderMarkKeepsItsHeader() throws {
        try photo("Trips/Harbour.jpg")
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        try text("Trips/index.md", mark + Array("Title: Our summer\n\nA week by the sea.\n".utf8))
        try text("Trips/Harbour.md", mark + Array("---\ntitle: The quay\n---\nBoats at dawn.\n".utf8))
        let report = try build()
        XCTAssertEqual(try title("trips/index.html"), "Our summer · Site")
        XCTAssertEqual(try description("trips/index.html"), "A week by the sea.", "the header is not published as text")
        XCTAssertFalse(try page("trips/index.html").contains("Title:"))
        XCTAssertEqual(try title("trips/harbour.html"), "The quay · Our summer")
        XCTAssertTrue(try page("trips/harbour.html").contains("<p>Boats at dawn.</p>"))
        XCTAssertEqual(report.warnings, [])
    }

    func testNotesWithCarriageReturnLineEndsReadAsWithLineFeeds() throws {
        try photo("Summer/Harbour.jpg")
        try photo("Trips/Bridge.jpg")
        try text("Summer/index.md", Array("Title: Our summer\rSort: date\r\rA week\rby the sea.\r".utf8))
        try text("Trips/index.md", Array("---\r\ntitle: Away\r\n---\r\nFar *away*.\r\n".utf8))
        try text("Summer/Harbour.md", Array("Title: The quay\r\rBoats.\r".utf8))
        let report = try build()
        XCTAssertEqual(try title("summer/index.html"), "Our summer · Site", "the header is not merged into the title")
        XCTAssertEqual(try description("summer/index.html"), "A week by the sea.")
        XCTAssertEqual(try title("trips/index.html"), "Away · Site")
        XCTAssertTrue(try page("trips/index.html").contains("<p>Far <em>away</em>.</p>"))
        XCTAssertEqual(try title("summer/harbour.html"), "The quay · Our summer")
        XCTAssertEqual(report.warnings, [])
    }

    func testANoteInUTF16FromNotepadIsRead() throws {
        try photo("Trips/Harbour.jpg")
        let text = "Title: Été\r\n\r\nLe port.\r\n"
        try self.text("Trips/index.md", [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let report = try build()
        XCTAssertEqual(try title("trips/index.html"), "Été · Site")
        XCTAssertEqual(try description("trips/index.html"), "Le port.")
        XCTAssertEqual(report.warnings, [])
    }

    // MARK: Control characters

    /// Names and texts that put characters XML 1.0 cannot carry into the feed, the sitemap
    /// and every page: each output is parsed by libxml2 (Foundation's XMLParser), and no
    /// published file holds a C0 control, DEL, a C1 control or a noncharacter.
    func testControlCharactersNeverReachTheFeedTheSitemapOrThePages() throws {
        let noncharacters = String(String.UnicodeScalarView([0xFFFE, 0xFFFF, 0x1FFFE].map { Unicode.Scalar($0)! }))
        try photo("Bell\u{7}Album/Esc\u{1B}[2J.jpg", caption: "Cap\u{0}tion\u{1} here")
        try photo("Bell\u{7}Album/Del\u{7F}and C1\u{85}\u{9B}.jpg")
        try photo("Bell\u{7}Album/Non\(noncharacters)char.jpg")
        try photo("Titled/Harbour.jpg")
        try text(
            "Titled/index.md",
            Array(
                "Title: Alarm\u{7} \u{1B}]0;pwned\u{7}\(noncharacters)\n\nText with \u{0}NUL, \u{B}VT and \u{1B}[31mred.\n"
                    .utf8))
        try text("Titled/Harbour.md", Array("---\ntitle: \"Quay\u{1}\"\n---\nBoats\u{7F} at\u{9B} dawn.\n".utf8))
        // A name that is not UTF-8 at all: refused, never written anywhere.
        let badName = Array((input.path + "/Titled/Bad").utf8) + [0xFF] + Array(".jpg".utf8)
        let made = (badName.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
        }
        XCTAssertGreaterThanOrEqual(made, 0)
        _ = FakeImaging.photo(width: 10, height: 10).withUnsafeBytes { write(made, $0.baseAddress, $0.count) }
        close(made)

        let report = try build(baseURL: "https://example.org/photos/")
        XCTAssertEqual(report.photos, 4)
        XCTAssertEqual(report.skipped.map(\.reason).filter { $0.contains("not valid UTF-8") }.count, 1)

        for file in ["feed.xml", "sitemap.xml"] {
            let parser = XMLParser(data: try Data(contentsOf: output.appendingPathComponent(file)))
            XCTAssertTrue(parser.parse(), "\(file) is well-formed XML: \(String(describing: parser.parserError))")
        }
        let feed = try page("feed.xml")
        XCTAssertTrue(feed.contains("<title>BellAlbum</title>"), "the control character is dropped: \(feed)")
        XCTAssertTrue(feed.contains("<title>Alarm ]0;pwned</title>"), feed)

        var published: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: output.path)!
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".html") || path.hasSuffix(".xml") || path.hasSuffix(".css") else { continue }
            published.append(path)
            let text = try page(path)
            let forbidden = text.unicodeScalars.filter(HTML.isForbidden)
            XCTAssertEqual(forbidden.map { String($0.value, radix: 16) }, [], "\(path) carries control characters")
        }
        XCTAssertGreaterThan(published.count, 8)
        let album = try page("titled/index.html")
        XCTAssertTrue(album.contains("Text with NUL, VT and [31mred."), "the description keeps its words")
        XCTAssertTrue(try page("titled/harbour.html").contains("<p>Boats at dawn.</p>"))
        XCTAssertTrue(try page("bell-album/esc-2j.html").contains("Caption here"), "an EXIF caption is escaped too")
        XCTAssertEqual(
            report.warnings.map(\.description),
            [
                "Titled/Harbour.md:2: holds a control character (U+0001), which no page can show; it is left out",
                "Titled/index.md:1: holds a control character (U+0007), which no page can show; it is left out",
            ])
    }
    /// Eighty characters of Chinese are 240 bytes: a photo or album so named stopped the
    /// whole build (`cannot write '….thumb0.5x.avif': File name too long`, no page made),
    /// from 74 characters (60 of four-byte ones) on. Slugs now keep to 200 bytes, so every
    /// file made of one (with AVIF and WebP, an album ZIP, while written under its
    /// temporary name) fits the system's 255.
    func testLongNamesInScriptsOfManyBytesBuild() throws {
        let names = [
            String(repeating: "写真", count: 40), String(repeating: "사진", count: 40),
            String(repeating: "𠮷", count: 60), String(repeating: "写真", count: 40) + " 2",
        ]
        let album = String(repeating: "京都", count: 42)
        for name in names { try photo(album + "/" + name + ".jpg") }
        var configuration = SiteConfiguration(title: "Site", images: SiteConfiguration.Images(formats: [.avif, .webp]))
        configuration.originals = .stripped
        configuration.zip = true
        let report = try SiteBuilder(
            input: input, output: output, configuration: configuration,
            run: RunOptions(jobs: 2, generator: "test"), theme: try Theme.defaults(), imaging: FakeImaging(),
            video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
        XCTAssertEqual(report.photos, names.count)
        XCTAssertEqual(report.skipped, [])
        let made = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        XCTAssertEqual(made.filter { $0.hasSuffix(".html") && $0.contains("写真") }.count, 2, "\(made)")
        XCTAssertTrue(made.contains { $0.hasSuffix(".thumb0.5x.avif") }, "\(made)")
        XCTAssertTrue(made.contains { $0.hasSuffix(".zip") }, "the album's ZIP too: \(made)")
        let longest = made.map { ($0 as NSString).lastPathComponent.utf8.count }.max() ?? 0
        XCTAssertLessThanOrEqual(longest + ".tessera-4194304-.tmp".utf8.count, 255, "\(made)")
    }
}

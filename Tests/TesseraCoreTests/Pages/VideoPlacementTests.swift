import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A video's tile and page name it a video ("Video 7 of 8 in Trip"), counted among all the
/// album's photos and videos; and the viewer's Live control has its word in each language.
final class VideoPlacementTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        for number in 1...6 {
            try folder.write("photos/Trip/\(number).jpg", FakeImaging.photo(width: 3000 + number, height: 2000))
        }
        try folder.write("photos/Trip/Beach.mov", FakeVideo.clip(width: 1920, height: 1080))
        try folder.write("photos/Trip/Dunes.mp4", FakeVideo.clip(width: 1280, height: 720))
    }

    private func build(language: String = "en", hidden: [String] = []) throws {
        try? FileManager.default.removeItem(at: output)
        var configuration = SiteConfiguration(language: language)
        configuration.hidden = hidden
        _ = try SiteBuilder(
            input: input, output: output,
            configuration: configuration,
            run: RunOptions(jobs: 2, generator: "test"),
            theme: try Theme.defaults(documents: YAMLDocumentParser(), language: language),
            imaging: FakeImaging(), video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Each tile of the album page: where it links and its image's alt text.
    private func tiles(_ page: String) throws -> [(href: String, alt: String)] {
        try text(page).matches(of: /<a[^>]* href="([^"]+)"[^>]*>(?:(?!<\/a>).)*?alt="([^"]*)"/.dotMatchesNewlines())
            .map { (String($0.1), String($0.2)) }
    }

    func testAVideosTileAndPageCallItAVideoCountedAmongThePhotos() throws {
        try build()
        let tiles = try tiles("trip/index.html")
        XCTAssertEqual(tiles.count, 8, "\(tiles)")
        let videos = tiles.filter { $0.href.lowercased().contains("beach") || $0.href.lowercased().contains("dunes") }
        XCTAssertEqual(videos.count, 2, "\(tiles)")
        for (position, tile) in tiles.enumerated() {
            let isVideo = videos.contains { $0.href == tile.href }
            XCTAssertEqual(tile.alt, "\(isVideo ? "Video" : "Photo") \(position + 1) of 8 in Trip", tile.href)
        }
        for (position, tile) in tiles.enumerated() where videos.contains(where: { $0.href == tile.href }) {
            let page = try text("trip/" + (tile.href.hasSuffix("/") ? tile.href + "index.html" : tile.href))
            XCTAssertTrue(page.contains("<title>Video \(position + 1) of 8 · Trip</title>"), page)
            XCTAssertTrue(page.contains(#"aria-label="\#(position + 1) / 8: back to Trip""#), page)
            XCTAssertTrue(page.contains(">Video \(position + 1) of 8 in Trip</h1>"), page)
            XCTAssertFalse(page.contains("Photo \(position + 1) of 8"), page)
        }
    }

    func testAHiddenVideoIsAVideoInItsAlbum() throws {
        try build(hidden: ["Trip/Dunes.mp4"])
        XCTAssertEqual(try tiles("trip/index.html").count, 7, "the hidden video has no tile")
        let page = try text("trip/dunes.html")
        XCTAssertTrue(page.contains("<title>Video · Trip</title>"), page)
        XCTAssertTrue(page.contains(">Video in Trip</h1>"), page)
        XCTAssertFalse(page.contains("Photo in Trip"), page)
    }

    func testAVideosPositionIsInTheAlbumsLanguage() throws {
        try build(language: "pl")
        let alts = try tiles("trip/index.html").map(\.alt)
        XCTAssertEqual(alts.filter { $0.hasPrefix("Film ") }.count, 2, "\(alts)")
        XCTAssertEqual(alts.filter { $0.hasPrefix("Zdjęcie ") }.count, 6, "\(alts)")
        XCTAssertTrue(alts.allSatisfy { $0.hasSuffix(" z 8 w albumie Trip") }, "\(alts)")
    }

    /// The viewer's script tag hands the Live control its word (`data-motion`), which the
    /// script names the control with.
    func testTheViewersLiveControlHasTheLanguagesWord() throws {
        for (language, word) in ["en": "Live", "fr": "Live", "pl": "Na żywo", "es": "En vivo", "zh-Hans": "实况"] {
            try build(language: language)
            for page in ["trip/index.html", "index.html"] {
                XCTAssertTrue(try text(page).contains("data-motion=\"\(word)\""), "\(language) \(page)")
            }
        }
    }
}

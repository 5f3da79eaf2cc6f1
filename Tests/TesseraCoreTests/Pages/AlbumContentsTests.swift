import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// An album's count says its photos and its videos apart, wherever it is shown: its own
/// header, its card on the page above, the feed; an album of videos alone names only them.
final class AlbumContentsTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("photos/Harbour.jpg", FakeImaging.photo(width: 3000, height: 2000))
        for number in 1...6 {
            try folder.write("photos/Trip/\(number).jpg", FakeImaging.photo(width: 3000 + number, height: 2000))
        }
        try folder.write("photos/Trip/Beach.mov", FakeVideo.clip(width: 1920, height: 1080))
        try folder.write("photos/Trip/Dunes.mp4", FakeVideo.clip(width: 1280, height: 720))
        try folder.write("photos/Clips/Waves.mp4", FakeVideo.clip(width: 1280, height: 720))
    }

    private func build(language: String = "en") throws {
        _ = try SiteBuilder(
            input: input, output: output,
            configuration: SiteConfiguration(language: language, baseURL: "https://example.org/"),
            run: RunOptions(jobs: 2, generator: "test"),
            theme: try Theme.defaults(documents: YAMLDocumentParser(), language: language),
            imaging: FakeImaging(), video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// The text of the page's `<p class="summary">` and of each album card's count.
    private func counts(_ page: String) throws -> (header: String?, cards: [String]) {
        let html = try text(page)
        let header = html.firstMatch(of: /<p class="summary">([^<]*)<\/p>/).map { String($0.1) }
        let cards = html.matches(of: /<span class="album-count">([^<]*)<\/span>/).map { String($0.1) }
        return (header, cards)
    }

    func testAnAlbumsHeaderAndCardCountItsVideosApartFromItsPhotos() throws {
        try build()
        XCTAssertEqual(try counts("trip/index.html").header, "6 photos, 2 videos")
        XCTAssertEqual(try counts("clips/index.html").header, "1 video", "videos alone: no \"0 photos\"")
        let home = try counts("index.html")
        XCTAssertEqual(home.header, "7 photos, 3 videos · 2 albums", "the home page counts all below it")
        XCTAssertEqual(home.cards, ["1 video", "6 photos, 2 videos"], "the cards, Clips before Trip")
        let feed = try text("feed.xml")
        XCTAssertTrue(feed.contains("<summary>6 photos, 2 videos</summary>"), feed)
        XCTAssertTrue(feed.contains("<summary>1 video</summary>"), feed)
    }

    func testAnAlbumWithoutVideosSaysOnlyItsPhotos() throws {
        try FileManager.default.removeItem(at: input.appendingPathComponent("Trip/Beach.mov"))
        try FileManager.default.removeItem(at: input.appendingPathComponent("Trip/Dunes.mp4"))
        try build()
        XCTAssertEqual(try counts("trip/index.html").header, "6 photos")
    }

    func testEachLanguageCountsAndJoinsVideosItsOwnWay() throws {
        let expected: [String: (trip: String, clips: String)] = [
            "fr": ("6 photos, 2 vidéos", "1 vidéo"),
            "pl": ("6 zdjęć, 2 filmy", "1 film"),
            "ja": ("写真 6 枚、動画 2 本", "動画 1 本"),
            "ar": ("6 صور، مقطعا فيديو", "مقطع فيديو واحد"),
            "he": ("6 תמונות, שני סרטונים", "סרטון אחד"),
        ]
        for (language, texts) in expected {
            try? FileManager.default.removeItem(at: output)
            try build(language: language)
            XCTAssertEqual(try counts("trip/index.html").header, texts.trip, language)
            XCTAssertEqual(try counts("clips/index.html").header, texts.clips, language)
        }
    }
}

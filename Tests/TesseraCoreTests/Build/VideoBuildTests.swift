import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// Videos through the whole pipeline in process, with a fake video port: each is
/// published (page, poster images in its displayed shape, web rendition), made once, and
/// listed with its reason when it cannot be.
final class VideoBuildTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("photos/Harbour.jpg", FakeImaging.photo(width: 3000, height: 2000))
        // A phone's portrait clip: stored 1920×1080, turned a quarter.
        try folder.write(
            "photos/Beach.mov",
            FakeVideo.clip(width: 1920, height: 1080, rotation: 90, seconds: 65, recorded: "2026-07-14 18:02:11"))
    }

    @discardableResult
    private func build(_ video: FakeVideo = FakeVideo(), force: Bool = false) throws -> BuildReport {
        try SiteBuilder(
            input: input, output: output, configuration: SiteConfiguration(),
            run: RunOptions(jobs: 2, force: force, generator: "test"), theme: try Theme.defaults(),
            imaging: FakeImaging(), video: video, documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func testAVideoIsPublishedWithItsPageItsPosterAndItsWebRendition() throws {
        let report = try build()
        XCTAssertEqual(report.skipped.map(\.path), [])
        XCTAssertEqual(report.photos, 2)
        let mp4 = try text("_media/beach.mp4")
        // Fitted into 1080 px on its longest edge, upright, even sides.
        XCTAssertTrue(mp4.hasPrefix("mp4 608×1080"), mp4)
        let page = try text("beach.html")
        XCTAssertTrue(page.contains("<video controls playsinline preload=\"none\""), page)
        XCTAssertTrue(page.contains("<source src=\"_media/beach.mp4\" type=\"video/mp4\">"), page)
        XCTAssertTrue(page.contains("width=\"608\" height=\"1080\""), page)
        XCTAssertTrue(page.contains("2026-07-14"), page)
        // The poster is portrait, as the clip is seen: 9:16.
        let album = try text("index.html")
        XCTAssertTrue(album.contains("1:05"), "the tile says the duration")
        XCTAssertTrue(album.contains("beach.html"))
        let posters = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_media").path)
            .filter { $0.hasPrefix("beach") && $0.hasSuffix(".jpg") }
        XCTAssertFalse(posters.isEmpty)
        for poster in posters {
            let made = try text("_media/" + poster)
            let size = (made.split(separator: " ").first ?? "").split(separator: "×").compactMap { Int($0) }
            XCTAssertEqual(size.count, 2, made)
            XCTAssertGreaterThan(size.last ?? 0, size.first ?? 0, "\(poster) is portrait: \(made)")
        }
    }

    func testAnUnchangedVideoIsNotTranscodedAgain() throws {
        try build()
        let again = FakeVideo()
        try build(again)
        XCTAssertEqual(again.made, [])
        try build(again, force: true)
        XCTAssertEqual(again.made.filter { $0.hasPrefix("transcode") }, ["transcode Beach.mov"])
    }

    func testWithoutFFmpegEachVideoIsListedWithTheInstallCommand() throws {
        let report = try build(FakeVideo(installed: false))
        XCTAssertEqual(report.skipped.map(\.path), ["Beach.mov"])
        let reason = try XCTUnwrap(report.skipped.first?.reason)
        XCTAssertTrue(reason.contains("apt-get install ffmpeg"), reason)
        XCTAssertEqual(report.photos, 1, "the photo is still published")
    }

    func testABrokenClipIsListedWithItsReasonAndNothingIsLeftWhereItsVideoGoes() throws {
        try folder.write("photos/Broken.mp4", FakeVideo.clip(width: 640, height: 480, note: "BROKEN"))
        let report = try build()
        XCTAssertEqual(report.skipped.map(\.path), ["Broken.mp4"])
        let reason = try XCTUnwrap(report.skipped.first?.reason)
        XCTAssertTrue(reason.contains("ffmpeg failed"), reason)
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_media").path)
        XCTAssertEqual(media.filter { $0.contains("broken") }, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("broken.html").path))
    }

    func testAFileThatIsNoVideoIsListedNotDropped() throws {
        try folder.write("photos/Empty.mp4", FakeVideo.header + Array("not json".utf8))
        let report = try build()
        XCTAssertEqual(report.skipped.map(\.path), ["Empty.mp4"])
        let reason = try XCTUnwrap(report.skipped.first?.reason)
        XCTAssertTrue(reason.contains("not a readable video"), reason)
    }
}

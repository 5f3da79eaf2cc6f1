import Foundation
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// Live and Motion Photos through the whole pipeline in process, with a fake video port:
/// one tile and one page each, the still with its motion as a silent MP4 played on press
/// or hover; a bad Motion Photo is a warning naming the file, and its still is published.
final class MotionBuildTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("photos/IMG_0001.JPG", FakeImaging.photo(width: 4032, height: 3024))
        try folder.write("photos/IMG_0001.MOV", FakeVideo.liveMovie(seconds: 2.8, width: 1440, height: 1080))
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

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
    }

    /// A fake still whose XMP declares `offset` bytes from the end as its Motion Photo video.
    private func motionPhoto(offset: String, video: [UInt8]) -> [UInt8] {
        FakeImaging.photo(
            width: 4000, height: 3000,
            note: "<x:xmpmeta><rdf:Description GCamera:MicroVideoOffset=\"\(offset)\"/></x:xmpmeta>") + video
    }

    func testALivePhotoIsOnePhotoWithItsMotionAsASilentMP4() throws {
        let video = FakeVideo()
        let report = try build(video)
        XCTAssertEqual(report.photos, 1, "one tile, not a photo and a video")
        XCTAssertEqual(report.skipped.map(\.path), [])
        XCTAssertEqual(report.folded.map(\.relativePath), ["IMG_0001.MOV"])
        XCTAssertEqual(report.folded.first?.joined, "IMG_0001.JPG")
        XCTAssertEqual(report.folded.first?.kind, .live)
        XCTAssertFalse(exists("img-0001-2.html"))
        XCTAssertFalse(exists("_media/img-0001.mp4"), "the movie is no video page's")
        // The motion is small and silent: the `motion` rendition (720 px, no sound).
        let motion = try text("_media/img-0001.motion.mp4")
        XCTAssertTrue(motion.hasPrefix("mp4 720×540"), motion)
        XCTAssertEqual(video.made.filter { $0.hasPrefix("transcode") }, ["transcode IMG_0001.MOV"])
        let page = try text("img-0001.html")
        XCTAssertTrue(page.contains("<img src=\"_media/img-0001.jpg\""), "the still is the page's picture")
        XCTAssertTrue(page.contains("<video class=\"motion\" hidden muted playsinline preload=\"none\""), page)
        XCTAssertTrue(page.contains("<source src=\"_media/img-0001.motion.mp4\" type=\"video/mp4\">"), page)
        XCTAssertTrue(try text("tessera.js").contains("video.motion"), "the site script plays it on hover or press")
        let album = try text("index.html")
        XCTAssertTrue(album.contains("class=\"motion-mark\""), "the tile is marked")
        XCTAssertTrue(
            album.contains("data-motion=\"_media/img-0001.motion.mp4\""), "the viewer plays it from the tile: \(album)")
        XCTAssertFalse(album.contains("data-loop="), "a Live Photo's motion does not loop")
        XCTAssertTrue(album.contains("pointer-events:none\">\u{25C9}</span>"), "with the theme's ring")
        XCTAssertEqual(album.components(separatedBy: "class=\"tile\"").count - 1, 1)
    }

    /// A Live Photo whose still cannot be decoded: its motion was made anyway and published
    /// with no page to play it (and `verify` found nothing wrong). Now the still is skipped
    /// and its motion is never made.
    func testAStillThatCannotBeDecodedHasNoMotionMade() throws {
        try folder.write("photos/IMG_0001.JPG", FakeImaging.photo(width: 4032, height: 3024, note: "BROKEN"))
        let video = FakeVideo()
        let report = try build(video)
        XCTAssertEqual(report.skipped.map(\.path), ["IMG_0001.JPG"])
        XCTAssertEqual(
            report.skipped.first?.reason,
            "corrupt JPEG: damaged image data (IMG_0001.MOV, its movie, is left out with it)",
            "the movie is named: nothing from the pair is published")
        XCTAssertFalse(exists("_media/img-0001.motion.mp4"), "no motion without its still")
        XCTAssertEqual(video.made.filter { $0.hasPrefix("transcode") }, [], "nor an encode for it")
    }

    func testTheTileMarksAreTheThemesAGIFsAndALiveOrMotionPhotosEachItsOwn() throws {
        let renderer = PageRenderer(theme: try Theme.defaults(), layout: LayoutOptions())
        var page = AlbumPage.example
        let gif = try renderer.render(page)
        XCTAssertTrue(gif.contains("<span class=\"motion-mark\" aria-hidden=\"true\""), gif)
        XCTAssertTrue(gif.contains("pointer-events:none\">GIF</span>"), "an animated GIF's tile says GIF")
        page.photos[0].motion?.loops = false
        let live = try renderer.render(page)
        XCTAssertTrue(live.contains("pointer-events:none\">\u{25C9}</span>"), "a Live Photo's tile has the ring")
        XCTAssertFalse(live.contains(">GIF<"))
    }

    func testAnUnchangedLivePhotoIsNotMadeAgainAndAChangedMovieIs() throws {
        try build()
        let again = FakeVideo()
        try build(again)
        XCTAssertEqual(again.made, [])
        try folder.write("photos/IMG_0001.MOV", FakeVideo.liveMovie(seconds: 2.9, width: 1920, height: 1080))
        let changed = FakeVideo()
        try build(changed)
        XCTAssertEqual(changed.made, ["transcode IMG_0001.MOV"], "only the motion is made again")
        XCTAssertTrue(try text("_media/img-0001.motion.mp4").hasPrefix("mp4 720×404"))
    }

    func testALivePhotoWithoutFFmpegIsItsStillWithAWarning() throws {
        let report = try build(FakeVideo(installed: false))
        XCTAssertEqual(report.photos, 1)
        XCTAssertEqual(report.skipped.map(\.path), [])
        XCTAssertTrue(exists("img-0001.html"))
        XCTAssertFalse(try text("img-0001.html").contains("<video"), "no motion to play")
        let warning = try XCTUnwrap(report.warnings.first { $0.file == "IMG_0001.JPG" })
        XCTAssertTrue(warning.message.contains("published as a still"), warning.message)
        // `--strict` says what it is: no metadata file has a problem.
        XCTAssertEqual(
            report.strictFailures, ["1 photo was published without its motion (a still) and --strict is set"])
    }

    /// Built before ffmpeg was installed, a Live Photo, a Motion Photo and an animated GIF
    /// stayed stills for good: the failed reading was kept with the still's header (and a
    /// build with nothing else to retry left a memo replaying its warnings), so every
    /// later build said ffprobe was missing. The reading is done again until it works.
    func testMotionsLeftStillsForWantOfFFmpegArePublishedOnceItIsInstalled() throws {
        let clip = FakeVideo.clip(width: 1920, height: 1080, seconds: 3)
        try folder.write("photos/PXL_0002.jpg", motionPhoto(offset: String(clip.count), video: clip))
        let without = try build(FakeVideo(installed: false))
        XCTAssertEqual(without.warnings.filter { $0.kind == .motion }.count, 2, "\(without.warnings)")
        let again = try build(FakeVideo(installed: false))
        XCTAssertEqual(again.warnings.filter { $0.kind == .motion }.count, 2, "still said while ffmpeg is missing")
        let with = try build(FakeVideo())
        XCTAssertEqual(with.warnings.filter { $0.kind == .motion }, [], "\(with.warnings)")
        XCTAssertTrue(exists("_media/img-0001.motion.mp4") && exists("_media/pxl-0002.motion.mp4"))
        XCTAssertTrue(try text("img-0001.html").contains("motion.mp4"))
    }

    func testALivePhotosUnreadableMovieFailsStrictAsAMotionProblemNotAMetadataFiles() throws {
        // A Live Photo's movie header, then no clip ffprobe can read.
        var movie = FakeVideo.liveMovie()
        let facts = try XCTUnwrap(movie.indices.first { movie[$0] == UInt8(ascii: "{") })
        movie[facts] = UInt8(ascii: "x")
        try folder.write("photos/IMG_0001.MOV", movie)
        let report = try build()
        XCTAssertTrue(exists("img-0001.html"), "the still is published")
        let warning = try XCTUnwrap(report.warnings.first { $0.file == "IMG_0001.JPG" })
        XCTAssertEqual(warning.kind, .motion, warning.message)
        XCTAssertEqual(
            report.strictFailures, ["1 photo was published without its motion (a still) and --strict is set"])
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let warnings = try XCTUnwrap(json["warnings"] as? [[String: Any]])
        XCTAssertEqual(warnings.map { $0["kind"] as? String }, ["motion"], "--json names the kind too")
    }

    func testAMotionPhotosAppendedMP4IsPublishedAsItsMotion() throws {
        let clip = FakeVideo.clip(width: 1920, height: 1080, seconds: 3)
        try folder.write("photos/PXL_0002.jpg", motionPhoto(offset: String(clip.count), video: clip))
        let video = FakeVideo()
        let report = try build(video)
        XCTAssertEqual(report.photos, 2)
        XCTAssertEqual(report.warnings.map(\.file), [])
        XCTAssertTrue(try text("_media/pxl-0002.motion.mp4").hasPrefix("mp4 720×404"))
        XCTAssertTrue(try text("pxl-0002.html").contains("_media/pxl-0002.motion.mp4"))
        XCTAssertTrue(video.made.contains { $0.hasPrefix("transcode tessera-motion-") }, "\(video.made)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { $0.hasPrefix("tessera-motion-\(getpid())-") }
        XCTAssertEqual(leftovers, [], "the extracted MP4 is removed")
    }

    func testAMotionPhotoWithABadOffsetIsAWarningNamingItAndItsStillIsPublished() throws {
        let clip = FakeVideo.clip(width: 1920, height: 1080, seconds: 3)
        try folder.write("photos/PXL_0003.jpg", motionPhoto(offset: "987654321", video: clip))
        try folder.write("photos/PXL_0004.jpg", motionPhoto(offset: "10", video: clip))
        let report = try build()
        XCTAssertEqual(report.photos, 3)
        XCTAssertEqual(report.skipped.map(\.path), [])
        let warnings = Dictionary(report.warnings.map { ($0.file, $0.message) }) { first, _ in first }
        XCTAssertTrue(warnings["PXL_0003.jpg"]?.contains("outside the file") == true, "\(warnings)")
        XCTAssertTrue(warnings["PXL_0004.jpg"]?.contains("'ftyp'") == true, "\(warnings)")
        XCTAssertTrue(exists("pxl-0003.html"))
        XCTAssertEqual(
            report.strictFailures, ["2 photos were published without their motion (as stills) and --strict is set"])
        XCTAssertFalse(exists("_media/pxl-0003.motion.mp4"))
        XCTAssertFalse(try text("pxl-0003.html").contains("motion.mp4"))
        // The warning is repeated by a build that reuses the still's header.
        let again = try build()
        XCTAssertTrue(again.warnings.contains { $0.file == "PXL_0003.jpg" })
    }
}

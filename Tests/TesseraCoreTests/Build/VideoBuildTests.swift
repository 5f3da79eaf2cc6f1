import Foundation
import Synchronization
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
    private func build(
        _ video: FakeVideo = FakeVideo(), imaging: FakeImaging = FakeImaging(), force: Bool = false,
        configuration: SiteConfiguration = SiteConfiguration(),
        videoProgress: (@Sendable (VideoProgress) -> Void)? = nil
    ) throws -> BuildReport {
        var builder = SiteBuilder(
            input: input, output: output, configuration: configuration,
            run: RunOptions(jobs: 2, force: force, generator: "test"), theme: try Theme.defaults(),
            imaging: imaging, video: video, documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
        builder.videoProgress = videoProgress
        return try builder.build()
    }

    /// Every file of the site but the manifest, with its bytes.
    private func siteFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: output.path))
        for case let path as String in walker where !path.hasPrefix(".tessera") {
            let url = output.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func testAVideoIsPublishedWithItsPageItsPosterAndItsWebRendition() throws {
        let report = try build()
        XCTAssertEqual(report.skipped.map(\.path), [])
        XCTAssertEqual([report.photos, report.videos], [1, 1])
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

    func testAChangedVideoSettingRemakesTheVideosOnlyNotTheirPostersNorThePhotos() throws {
        try build()
        var smaller = SiteConfiguration()
        smaller.videos.longestEdge = 720
        smaller.videos.crf = 28
        let video = FakeVideo()
        let imaging = FakeImaging()
        try build(video, imaging: imaging, configuration: smaller)
        XCTAssertEqual(video.made, ["transcode Beach.mov"], "the poster frame is not taken again")
        XCTAssertEqual(imaging.decoded, [], "no photo and no poster is encoded again")
        let mp4 = try text("_media/beach.mp4")
        XCTAssertTrue(mp4.hasPrefix("mp4 404×720 crf28"), mp4)
        XCTAssertTrue(try text("beach.html").contains("width=\"404\" height=\"720\""), "the page boxes the new size")

        let same = FakeVideo()
        try build(same, configuration: smaller)
        XCTAssertEqual(same.made, [], "the same settings again make nothing")
    }

    func testWithoutFFmpegEachVideoIsListedWithTheInstallCommand() throws {
        let report = try build(FakeVideo(installed: false))
        XCTAssertEqual(report.skipped.map(\.path), ["Beach.mov"])
        let reason = try XCTUnwrap(report.skipped.first?.reason)
        XCTAssertTrue(reason.contains("apt-get install ffmpeg"), reason)
        XCTAssertEqual([report.photos, report.videos], [1, 0], "the photo is still published")
    }

    func testTheSummaryAndTheJSONCountVideosApartFromPhotos() throws {
        try folder.write("photos/Dunes.mp4", FakeVideo.clip(width: 1280, height: 720))
        let report = try build()
        XCTAssertEqual([report.photos, report.videos], [1, 2])
        XCTAssertTrue(report.summary.hasPrefix("1 photo, 2 videos in 1 album, "), report.summary)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        XCTAssertEqual(json["photos"] as? Int, 1)
        XCTAssertEqual(json["videos"] as? Int, 2)
        XCTAssertEqual(try JSONDecoder().decode(BuildReport.self, from: JSONEncoder().encode(report)), report)

        try FileManager.default.removeItem(at: input.appendingPathComponent("Beach.mov"))
        try FileManager.default.removeItem(at: input.appendingPathComponent("Dunes.mp4"))
        let photosOnly = try build()
        XCTAssertTrue(photosOnly.summary.hasPrefix("1 photo in 1 album, "), "no video, no count: \(photosOnly.summary)")
    }

    func testALongVideoReportsHowFarItsEncodeIsAndAShortOneDoesNot() throws {
        try folder.write("photos/Short.mp4", FakeVideo.clip(width: 640, height: 360, seconds: 4))
        let reports = Mutex<[VideoProgress]>([])
        try build(videoProgress: { report in reports.withLock { $0.append(report) } })
        let told = reports.withLock { $0 }
        XCTAssertEqual(Set(told.map(\.path)), ["Beach.mov"], "only the clip over 10 s")
        XCTAssertEqual(told.map(\.fraction), [nil, 0.5, 1, nil])
        XCTAssertEqual(told.map(\.isFinished), [false, false, false, true])
        XCTAssertEqual(told.first?.duration, 65)
    }

    func testWithoutFFmpegAVideoPublishedEarlierKeepsItsFilesAndIsNamedWithTheInstallCommand() throws {
        try build()
        let before = try siteFiles()
        XCTAssertTrue(before.keys.contains("_media/beach.mp4"))

        for force in [false, true] {
            let missing = FakeVideo(installed: false)
            let report = try build(missing, force: force)
            XCTAssertEqual(report.skipped.map(\.path), [], "force: \(force)")
            XCTAssertEqual(report.kept.map(\.path), ["Beach.mov"])
            let reason = try XCTUnwrap(report.kept.first?.reason)
            XCTAssertTrue(reason.contains("`sudo apt-get install ffmpeg`"), reason)
            XCTAssertTrue(reason.hasSuffix("kept as the last build published it"), reason)
            XCTAssertEqual([report.photos, report.videos], [1, 1], "the video is still on the site")
            XCTAssertTrue(report.summary.contains(", 1 video kept from the last build, "), report.summary)
            let after = try siteFiles()
            for (path, bytes) in before where path.contains("beach") {
                XCTAssertEqual(after[path], bytes, "\(path) is kept as it was (force: \(force))")
            }
            XCTAssertTrue(try text("index.html").contains("beach.html"), "the album still lists it")
        }

        // With ffmpeg back, what was kept is up to date: nothing is made again.
        let back = FakeVideo()
        let report = try build(back)
        XCTAssertEqual(back.made, [])
        XCTAssertEqual(report.kept.map(\.path), [])
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

    func testAClipWhosePosterCannotBeMadeIsNotEncoded() throws {
        // The fake's poster frame carries the clip's name: this one's does not decode.
        try folder.write("photos/BROKEN.mov", FakeVideo.clip(width: 1920, height: 1080, seconds: 600))
        let video = FakeVideo()
        let report = try build(video)
        XCTAssertEqual(report.skipped.map(\.path), ["BROKEN.mov"])
        XCTAssertTrue(video.made.contains("poster BROKEN.mov"), "\(video.made)")
        XCTAssertFalse(video.made.contains("transcode BROKEN.mov"), "ten minutes encoded for no page: \(video.made)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("_media/broken.mp4").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("_media/beach.mp4").path))
    }

    func testAFileThatIsNoVideoIsListedNotDropped() throws {
        try folder.write("photos/Empty.mp4", FakeVideo.header + Array("not json".utf8))
        let report = try build()
        XCTAssertEqual(report.skipped.map(\.path), ["Empty.mp4"])
        let reason = try XCTUnwrap(report.skipped.first?.reason)
        XCTAssertTrue(reason.contains("not a readable video"), reason)
    }

    /// A disk that fills while ffmpeg writes is the machine's fault, not the clip's: the
    /// build stops as it does for a photo's image, naming the file, instead of publishing
    /// the site without the clip (it was "ffmpeg failed: …; skipped", exit status 0).
    func testADiskThatFillsWhileAClipIsEncodedStopsTheBuildNamingTheFile() throws {
        try folder.write("photos/Full.mp4", FakeVideo.clip(width: 640, height: 480, note: "DISK FULL"))
        XCTAssertThrowsError(try build()) {
            XCTAssertEqual(
                "\($0)",
                "cannot write '\(output.path)/_media/full.mp4': No space left on device; the site as it was keeps "
                    + "working: fix that (room on the disk, a permission, the path), then build again (what was made "
                    + "is kept)")
        }
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_media").path)
        XCTAssertEqual(media.filter { $0.contains("full") }, [], "no half-written rendition is left")
    }

    /// A temporary folder (`TMPDIR`) that cannot be written stops the build with a message
    /// that names it and what to do; it was "ffmpeg failed: av_interleaved_write_frame():
    /// Input/output error; skipped", which blamed the clip.
    func testATemporaryFolderThatCannotBeWrittenStopsTheBuildNamingIt() throws {
        try folder.write("photos/Frame.mp4", FakeVideo.clip(width: 640, height: 480, note: "NO TMP"))
        XCTAssertThrowsError(try build()) {
            let message = "\($0)"
            XCTAssertTrue(message.hasPrefix("cannot write '"), message)
            XCTAssertTrue(
                message.contains(
                    "' in the temporary folder: No such file or directory; set TMPDIR to a folder Tessera can write"),
                message)
        }
    }

    /// A tool that cannot be started (too many open files) would fail every clip alike: the
    /// build stops and says why, instead of skipping each clip as unreadable.
    func testAToolThatCannotStartStopsTheBuild() throws {
        try folder.write("photos/Start.mp4", FakeVideo.clip(width: 640, height: 480, note: "NO START"))
        XCTAssertThrowsError(try build()) {
            XCTAssertEqual(
                "\($0)",
                "cannot start /usr/bin/ffprobe: Bad file descriptor; the limit on open files (`ulimit -n`) is too low "
                    + "for it: raise it (`ulimit -n 4096`), then build again")
        }
    }
}

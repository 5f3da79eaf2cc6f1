import Foundation
import TesseraImaging
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// A folder of a photo and phone clips built in process with the real ports (libgd and
/// friends, ffprobe and ffmpeg), every published file judged by readers that are not
/// Tessera's: ffprobe's JSON, an MP4 box walk, `exiftool -ee -G -a`.
final class VideoSiteBuildTests: XCTestCase {
    private var clips: Clips!
    private var input: URL { clips.url.appendingPathComponent("photos") }
    private var output: URL { clips.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        clips = try Clips()
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try clips.make(
            "photos/Harbour.jpg", ["-f", "lavfi", "-i", "testsrc2=size=640x480", "-frames:v", "1"])
        try clips.testPattern("photos/Landscape.mp4", size: "640x360", seconds: 2)
        // Stored 1920×1080 and turned a quarter, with the place in three forms.
        let portrait = try clips.portraitPhone("Portrait.mov")
        try FileManager.default.moveItem(at: portrait, to: input.appendingPathComponent("Portrait.mov"))
        try clips.testPattern(
            "photos/Located.mp4", size: "320x240", seconds: 1,
            extra: ["-metadata", "location=+48.85+002.35/", "-movflags", "use_metadata_tags"])
    }

    @discardableResult
    private func build(_ video: any VideoProcessing = FFmpegVideoProcessor()) throws -> BuildReport {
        try SiteBuilder(
            input: input, output: output, configuration: SiteConfiguration(),
            run: RunOptions(jobs: 2, generator: "test"), theme: try Theme.defaults(documents: YAMLDocumentParser()),
            imaging: ImagePipeline(),
            video: video, documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `poster` and `<source src>` of a video page, as site-relative paths.
    private func videoFiles(of path: String) throws -> (poster: URL, video: URL) {
        let html = try page(path)
        let poster = try XCTUnwrap(html.firstMatch(of: /<video[^>]* poster="([^"]+)"/)?.1, html)
        let source = try XCTUnwrap(html.firstMatch(of: /<source src="([^"]+)" type="video\/mp4">/)?.1, html)
        return (output.appendingPathComponent(String(poster)), output.appendingPathComponent(String(source)))
    }

    func testEveryClipIsPublishedAsFaststartH264InItsDisplayedShapeWithAPosterOfThatShape() throws {
        let report = try build()
        XCTAssertEqual(report.skipped.map(\.path), [])
        XCTAssertEqual([report.photos, report.videos], [1, 3], "the photo and the three clips")

        // The small web-playable clips are remuxed (their Baseline H.264 kept); the 1920×1080
        // one is re-encoded, as H.264 High, upright and fitted into 1080 px.
        let expected: [(page: String, width: Int, height: Int, seconds: Double, profile: String)] = [
            ("landscape.html", 640, 360, 2, "Constrained Baseline"), ("portrait.html", 608, 1080, 1, "High"),
            ("located.html", 320, 240, 1, "Constrained Baseline"),
        ]
        for clip in expected {
            let html = try page(clip.page)
            XCTAssertTrue(html.contains("<video controls playsinline preload=\"none\""), html)
            XCTAssertTrue(html.contains("width=\"\(clip.width)\" height=\"\(clip.height)\""), clip.page)
            let (poster, video) = try videoFiles(of: clip.page)
            let probe = try Judge.probe(video)
            XCTAssertEqual(probe.codec, "h264", clip.page)
            XCTAssertEqual(probe.profile, clip.profile, clip.page)
            XCTAssertFalse(probe.hasDisplayMatrix, "players would turn \(clip.page) again")
            XCTAssertEqual([probe.width, probe.height], [clip.width, clip.height], clip.page)
            XCTAssertEqual(try XCTUnwrap(probe.formatDuration), clip.seconds, accuracy: 0.2, clip.page)
            let boxes = try Judge.topLevelBoxes(video)
            let moov = try XCTUnwrap(boxes.firstIndex(of: "moov"), "\(boxes)")
            let mdat = try XCTUnwrap(boxes.firstIndex(of: "mdat"), "\(boxes)")
            XCTAssertLessThan(moov, mdat, "faststart: \(clip.page)'s index comes first")
            // The poster has the video's shape exactly (a portrait clip's is 9:16, upright).
            let still = try Judge.probe(poster)
            let ratio = Double(try XCTUnwrap(still.width)) / Double(try XCTUnwrap(still.height))
            XCTAssertEqual(ratio, Double(clip.width) / Double(clip.height), accuracy: 0.01, clip.page)
        }
        // The tile of the portrait clip is portrait, with its duration.
        let album = try page("index.html")
        let tile = try XCTUnwrap(album.firstMatch(of: /<a class="tile" href="portrait.html"[\s\S]*?<\/a>/)?.0)
        let size = try XCTUnwrap(tile.firstMatch(of: /width="(\d+)" height="(\d+)"/))
        XCTAssertLessThan(Int(size.1)!, Int(size.2)!, String(tile))
        XCTAssertTrue(tile.contains("0:01"), String(tile))
    }

    func testNoPublishedFileCarriesAPlace() throws {
        try build()
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: output.path))
            .filter { [".mp4", ".jpg", ".avif", ".webp"].contains(where: $0.hasSuffix) }
        XCTAssertGreaterThanOrEqual(files.filter { $0.hasSuffix(".mp4") }.count, 3)
        for file in files {
            XCTAssertEqual(try Judge.locationKeys(output.appendingPathComponent(file)), [], file)
        }
        // The inputs did carry it: the judge sees it there.
        XCTAssertNotEqual(try Judge.locationKeys(input.appendingPathComponent("Located.mp4")), [])
    }

    func testWithoutFFmpegEachClipIsListedWithTheInstallCommandAndThePhotoIsPublished() throws {
        let report = try build(FFmpegVideoProcessor(tools: VideoTools(ffmpeg: nil, ffprobe: nil)))
        XCTAssertEqual(report.skipped.map(\.path).sorted(), ["Landscape.mp4", "Located.mp4", "Portrait.mov"])
        for skipped in report.skipped {
            XCTAssertTrue(skipped.reason.contains("apt-get install ffmpeg"), skipped.reason)
        }
        XCTAssertEqual([report.photos, report.videos], [1, 0])
    }

    func testACorruptClipIsListedWithItsReason() throws {
        let whole = try Data(contentsOf: input.appendingPathComponent("Landscape.mp4"))
        try Data(whole.prefix(64) + Data(repeating: 0x5A, count: 4096)).write(
            to: input.appendingPathComponent("Broken.mp4"))
        let report = try build()
        XCTAssertEqual(report.skipped.map(\.path), ["Broken.mp4"])
        XCTAssertFalse(try XCTUnwrap(report.skipped.first?.reason).isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("broken.html").path))
    }
}

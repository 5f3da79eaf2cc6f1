import Foundation
import TesseraTestSupport
import XCTest

/// The binary (`TESSERA_BINARY` under `make test`) with the real ffmpeg builds a folder of
/// a Live Photo (a JPEG and a short MOV with Apple's key, sound and a place), a Motion
/// Photo (a JPEG whose XMP, written by exiftool, declares the MP4 appended to it) and an
/// animated GIF under `--strict`: three tiles, each still with a motion MP4 that ffprobe
/// finds silent and with its index first, and no published file with a place.
final class MotionEndToEndTests: XCTestCase {
    private static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    private func ffmpeg(_ arguments: [String]) throws {
        try run(Self.tool("ffmpeg")!, ["-hide_banner", "-loglevel", "error", "-y"] + arguments)
    }

    func testLiveAndMotionPhotosAndAGIFAreOneTileEachWithASilentFaststartMotion() throws {
        guard Self.tool("ffmpeg") != nil, let ffprobe = Self.tool("ffprobe") else {
            throw XCTSkip("ffmpeg is not installed (Debian: ffmpeg; make test installs it)")
        }
        guard let exiftool = ExifTool.path else { throw XCTSkip(ExifTool.missing) }
        let folder = try TemporaryFolder()
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        func path(_ name: String) -> String { photos.appendingPathComponent(name).path }
        let clip = [
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=15:duration=2", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a",
            "aac", "-metadata", "location=+48.8577+002.2950/",
        ]
        // A Live Photo: the still and its movie, with Apple's key.
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", path("IMG_0001.JPG")])
        try ffmpeg(
            clip + [
                "-metadata", "com.apple.quicktime.content.identifier=7D5B2C1A", "-movflags", "use_metadata_tags", "-f",
                "mov", path("IMG_0001.MOV"),
            ])
        // A Motion Photo: a JPEG declaring the MP4 appended to it.
        let scratch = folder.url.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let mp4 = scratch.appendingPathComponent("motion.mp4")
        let still = scratch.appendingPathComponent("still.jpg")
        try ffmpeg(clip + ["-movflags", "use_metadata_tags", mp4.path])
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", still.path])
        let video = try Data(contentsOf: mp4)
        try run(
            exiftool,
            [
                "-q", "-overwrite_original", "-XMP-GCamera:MicroVideo=1",
                "-XMP-GCamera:MicroVideoOffset=\(video.count)",
                still.path,
            ])
        try (try Data(contentsOf: still) + video).write(to: URL(fileURLWithPath: path("PXL_0002.jpg")))
        // An animated GIF.
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=240x136:rate=10:duration=1", "-vf",
            "split[a][b];[a]palettegen[p];[b][p]paletteuse", path("Wave.gif"),
        ])

        let result = try Tessera.run(["build", "photos", "-o", "site", "--json", "--strict"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["photos"] as? Int, 3, "one tile each: \(result.stdout)")
        let folded = try XCTUnwrap(report["folded"] as? [[String: Any]])
        XCTAssertEqual(folded.first?["path"] as? String, "IMG_0001.MOV")
        XCTAssertEqual(folded.first?["kind"] as? String, "live")

        let site = folder.url.appendingPathComponent("site")
        for slug in ["img-0001", "pxl-0002", "wave"] {
            let motion = site.appendingPathComponent("_media/\(slug).motion.mp4")
            let streams = try run(
                ffprobe, ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", motion.path])
            XCTAssertEqual(streams.split(separator: "\n"), ["video"], "\(slug): silent, one video stream")
            // `+faststart`: the index (`moov`) comes before the media data (`mdat`).
            let bytes = try Data(contentsOf: motion)
            let moov = try XCTUnwrap(bytes.range(of: Data("moov".utf8))?.lowerBound, slug)
            let mdat = try XCTUnwrap(bytes.range(of: Data("mdat".utf8))?.lowerBound, slug)
            XCTAssertLessThan(moov, mdat, "\(slug) starts with its index")
            let page = try String(contentsOf: site.appendingPathComponent("\(slug).html"), encoding: .utf8)
            XCTAssertTrue(page.contains("_media/\(slug).motion.mp4"), page)
        }
        XCTAssertTrue(
            try String(contentsOf: site.appendingPathComponent("wave.html"), encoding: .utf8)
                .contains("<video autoplay muted loop playsinline poster="))
        // No place in any published file, embedded streams included.
        let media = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("_media").path)
            .map { site.appendingPathComponent("_media/" + $0).path }
        let tags = try run(exiftool, ["-ee", "-G", "-a", "-s", "-q", "-q"] + media)
        let places = tags.split(separator: "\n").filter {
            $0.localizedCaseInsensitiveContains("GPS") || $0.localizedCaseInsensitiveContains("location")
        }
        XCTAssertEqual(places, [], "no published file carries a place")
    }
}

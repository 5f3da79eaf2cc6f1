import Foundation
import TesseraTestSupport
import XCTest

/// The binary (`TESSERA_BINARY` under `make test`) builds a folder of a photo and a phone
/// clip with `--strict`: both are published, the clip as a playable MP4 with its page, and
/// `tessera verify` finds nothing to say of the result.
final class VideoEndToEndTests: XCTestCase {
    private static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ffmpeg!)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ffmpeg \(arguments)")
    }

    func testAPhotoAndAClipAreBothPublishedUnderStrict() throws {
        guard Self.ffmpeg != nil else {
            throw XCTSkip("ffmpeg is not installed (Debian: ffmpeg; make test installs it)")
        }
        let folder = try TemporaryFolder()
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=640x480", "-frames:v", "1",
            photos.appendingPathComponent("Harbour.jpg").path,
        ])
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=480x270:rate=15:duration=2", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
            "-metadata", "location=+48.85+002.35/", "-movflags", "use_metadata_tags",
            photos.appendingPathComponent("Clip.MOV").path,
        ])

        let result = try Tessera.run(["build", "photos", "-o", "site", "--json", "--strict"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["photos"] as? Int, 1, result.stdout)
        XCTAssertEqual(report["videos"] as? Int, 1, result.stdout)
        XCTAssertEqual((report["skipped"] as? [Any])?.count, 0, result.stdout)

        let site = folder.url.appendingPathComponent("site")
        let page = try String(contentsOf: site.appendingPathComponent("clip.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<source src=\"_media/clip.mp4\" type=\"video/mp4\">"), page)
        let mp4 = try Data(contentsOf: site.appendingPathComponent("_media/clip.mp4"))
        XCTAssertEqual(String(decoding: mp4[4..<8], as: UTF8.self), "ftyp", "an MP4")
        XCTAssertNil(mp4.range(of: Data("+48.85".utf8)), "the place is not in the published clip")

        let verified = try Tessera.run(["verify", "site"], in: folder.url)
        XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr)
    }

    /// Ctrl-C (SIGINT to tessera alone, as a terminal sends it to the foreground group,
    /// which ffmpeg is not in) while a clip is encoding: the ffmpeg it started is gone
    /// soon after. It went on encoding for the clip's whole length with no parent, into a
    /// temporary file in the site, while a rebuild started a second one on the same clip.
    func testCtrlCDuringAnEncodeStopsItsFFmpeg() throws {
        try assertFFmpegEnds(whenTesseraGets: SIGINT)
    }

    /// SIGKILL, which tessera cannot catch (the OOM killer, `kill -9`): its ffmpeg dies too.
    func testKillingTheBuildKillsItsFFmpeg() throws {
        try assertFFmpegEnds(whenTesseraGets: SIGKILL)
    }

    /// Starts a build of a long clip, sends `signal` to tessera once its ffmpeg encodes,
    /// and checks that ffmpeg is gone soon after tessera.
    private func assertFFmpegEnds(whenTesseraGets signal: Int32, line: UInt = #line) throws {
        guard Self.ffmpeg != nil else {
            throw XCTSkip("ffmpeg is not installed (Debian: ffmpeg; make test installs it)")
        }
        let folder = try TemporaryFolder()
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // Two minutes of 720p (a few seconds looped, so cheap to make) take tessera's
        // encode far longer than the waits below.
        let piece = folder.url.appendingPathComponent("piece.mp4")
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=4", "-c:v", "libx264", "-preset",
            "ultrafast", "-crf", "30", piece.path,
        ])
        try ffmpeg([
            "-stream_loop", "29", "-i", piece.path, "-c", "copy", photos.appendingPathComponent("Long.mp4").path,
        ])

        let site = folder.url.appendingPathComponent("site")
        let process = Process()
        process.executableURL = try Tessera.binary()
        process.arguments = ["build", "photos", "-o", "site", "--quiet"]
        process.currentDirectoryURL = folder.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        var encoder: pid_t?
        let started = Date(timeIntervalSinceNow: 60)
        while encoder == nil, process.isRunning, Date() < started {
            encoder = Self.children(of: process.processIdentifier).first { Self.isFFmpeg($0, writingInto: site) }
            if encoder == nil { usleep(20_000) }
        }
        let ffmpeg = try XCTUnwrap(encoder, "tessera started an ffmpeg writing into the site", line: line)
        defer { if Self.isFFmpeg(ffmpeg, writingInto: site) { kill(ffmpeg, SIGKILL) } }

        kill(process.processIdentifier, signal)
        let stopped = Date(timeIntervalSinceNow: 20)
        while process.isRunning, Date() < stopped { usleep(20_000) }
        XCTAssertFalse(process.isRunning, "signal \(signal) ended the build", line: line)
        // Bounded well below the encode's length, which the old binary's ffmpeg ran for.
        let gone = Date(timeIntervalSinceNow: 10)
        while Self.isFFmpeg(ffmpeg, writingInto: site), Date() < gone { usleep(20_000) }
        XCTAssertFalse(
            Self.isFFmpeg(ffmpeg, writingInto: site),
            "the ffmpeg tessera started (process \(ffmpeg)) still encodes after tessera got signal \(signal)",
            line: line)
    }

    /// The processes whose parent is `parent`, from `/proc`.
    private static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { status(of: $0)?.parent == parent }
    }

    /// State and parent of a process, from `/proc/PID/stat` (after the command's closing
    /// parenthesis: state, then parent); nil when there is no such process.
    private static func status(of pid: pid_t) -> (state: Substring, parent: pid_t)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = pid_t(fields[1]) else { return nil }
        return (fields[0], parent)
    }

    /// Whether `pid` is a live (not a zombie) ffmpeg whose arguments name `site`.
    private static func isFFmpeg(_ pid: pid_t, writingInto site: URL) -> Bool {
        guard let status = status(of: pid), status.state != "Z",
            let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
        else { return false }
        let arguments = String(decoding: command, as: UTF8.self).split(separator: "\0")
        return arguments.first?.hasSuffix("ffmpeg") == true && arguments.contains { $0.contains(site.path) }
    }
}

import Foundation
import TesseraTestSupport
import XCTest

/// The release binary started the ways a shell, cron or a CI script start it: its output
/// to a full disk, into a pipe whose reader is gone, with its streams closed, under a file
/// size limit. Each crashed (`FileHandle.write` trapped: SIGILL, exit 132) or died of a
/// signal (SIGPIPE 141, SIGXFSZ 153) with no word, some after the site was made.
final class StandardStreamsTests: XCTestCase {
    /// Runs `script` in `bash` in `folder` with `$T` the binary; its exit status and stderr.
    private func shell(_ script: String, in folder: URL) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        // The sanitizer runs' settings (their leak suppressions) reach the binary too.
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["T": try Tessera.binary().path, "PATH": "/usr/bin:/bin"]) { $1 }
        process.currentDirectoryURL = folder
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    func testAFullDiskAGoneReaderOrClosedStreamsNeverCrashTheBuild() throws {
        let tmp = try TemporaryFolder()
        XCTAssertEqual(try shell(#""$T" sample photos"#, in: tmp.url).status, 0)
        for (name, script) in [
            ("stdout on a full disk", #""$T" build photos -o s1 --formats none --verbose >/dev/full"#),
            ("stderr on a full disk", #""$T" build photos -o s2 --formats none --verbose 2>/dev/full"#),
            ("a reader gone", #""$T" build photos -o s3 --formats none --verbose | true"#),
            ("stdout and stderr closed", #""$T" build photos -o s4 --formats none --verbose >&- 2>&-"#),
            ("every stream closed", #""$T" build photos -o s5 --formats none <&- >&- 2>&-"#),
        ] {
            // `| true` reports the pipe's last command: ask the shell for the binary's status.
            let (status, stderr) = try shell(
                script.contains("| true") ? "set -o pipefail; " + script : script, in: tmp.url)
            XCTAssertEqual(status, 0, "\(name): \(stderr)")
            XCTAssertFalse(stderr.contains("Fatal error"), "\(name): \(stderr)")
        }
        for index in 1...5 {
            XCTAssertTrue(
                FileManager.default.fileExists(
                    atPath: tmp.url.appendingPathComponent("s\(index)/index.html").path), "site \(index) was made")
        }
    }

    /// Under `ulimit -f` an image larger than the limit was SIGXFSZ's death (153) with no
    /// message; it is a write error naming the file, and the build says it failed.
    func testAFileSizeLimitIsAnErrorNotADeath() throws {
        let tmp = try TemporaryFolder()
        XCTAssertEqual(try shell(#""$T" sample photos"#, in: tmp.url).status, 0)
        let (status, stderr) = try shell(#"ulimit -f 40; exec "$T" build photos -o site --formats none"#, in: tmp.url)
        XCTAssertEqual(status, 1, stderr)
        XCTAssertTrue(stderr.contains("error: "), stderr)
        XCTAssertTrue(stderr.contains("too large") || stderr.contains("File too large"), stderr)
    }

    /// `init` that cannot write (a full disk; here a file-size limit of 0) leaves no empty
    /// `tessera.yaml` behind, which a second `init` then refused to write over.
    func testInitThatCannotWriteLeavesNothingAndCanRunAgain() throws {
        let tmp = try TemporaryFolder()
        let (status, stderr) = try shell(#"ulimit -f 0; exec "$T" init site"#, in: tmp.url)
        XCTAssertEqual(status, 1, stderr)
        XCTAssertTrue(stderr.contains("cannot write '\(tmp.url.path)/site/tessera.yaml'"), stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path + "/site"), [], "nothing left")
        let again = try shell(#"exec "$T" init site"#, in: tmp.url)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: tmp.url.path + "/site/tessera.yaml"))
    }

    /// A video that the machine will not let ffmpeg write (here a file-size limit; a full
    /// disk alike) stops the build with a write error naming the file, exit status 1, as a
    /// photo's image does; so does a temporary folder that does not exist. Each was the
    /// clip's fault ("cannot be read back", "Input/output error"), skipped, exit status 0:
    /// a site published without its videos.
    func testAVideoTheMachineCannotWriteStopsTheBuild() throws {
        let tmp = try TemporaryFolder()
        let made = try shell(
            "mkdir photos && ffmpeg -loglevel error -f lavfi -i testsrc2=size=640x360:rate=25 -t 2 "
                + "-pix_fmt yuv420p photos/clip.mp4", in: tmp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        let limited = try shell(#"ulimit -f 100; exec "$T" build photos -o site --formats none"#, in: tmp.url)
        XCTAssertEqual(limited.status, 1, limited.stderr)
        XCTAssertTrue(
            limited.stderr.contains("error: cannot write '\(tmp.url.path)/site/_media/clip.mp4': File too large"),
            limited.stderr)
        XCTAssertFalse(limited.stderr.contains("skipped"), limited.stderr)
        let nowhere = try shell(
            #"export TMPDIR=/nonexistent; exec "$T" build photos -o site2 --formats none"#, in: tmp.url)
        XCTAssertEqual(nowhere.status, 1, nowhere.stderr)
        XCTAssertTrue(nowhere.stderr.contains("error: cannot write '/nonexistent/"), nowhere.stderr)
        XCTAssertTrue(nowhere.stderr.contains("in the temporary folder: No such file or directory"), nowhere.stderr)
        XCTAssertTrue(nowhere.stderr.contains("set TMPDIR to a folder"), nowhere.stderr)
    }

    /// With a descriptor inherited above the soft limit on open files (a shell's or a job
    /// runner's, here 250 under `ulimit -Sn 200`) Foundation could start no ffprobe (`Bad
    /// file descriptor`), and every video was skipped; the limit is raised at start, and
    /// the video is published.
    func testADescriptorAboveALowSoftLimitStillLetsVideosBeMade() throws {
        let tmp = try TemporaryFolder()
        let made = try shell(
            "mkdir photos && ffmpeg -loglevel error -f lavfi -i testsrc2=size=320x180:rate=25 -t 1 "
                + "-pix_fmt yuv420p photos/clip.mp4", in: tmp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        let (status, stderr) = try shell(
            #"exec 250</dev/null; ulimit -Sn 200; exec "$T" build photos -o site --formats none"#, in: tmp.url)
        XCTAssertEqual(status, 0, stderr)
        XCTAssertFalse(stderr.contains("skipped"), stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: tmp.url.path + "/site/_media/clip.mp4"), stderr)
    }
}

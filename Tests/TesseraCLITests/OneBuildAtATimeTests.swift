import Foundation
import Synchronization
import TesseraCLI
import XCTest

@testable import TesseraCore

/// One build at a time per output folder, whoever starts them (`serve` and a manual
/// `build`, two terminals): the later one waits, says for whom, and then runs.
final class OneBuildAtATimeTests: XCTestCase {
    private var tmp: SampleWorkspace!
    private var site: URL { tmp.site }

    override func setUpWithError() throws { tmp = try SampleWorkspace() }
    override func tearDown() { tmp = nil }

    /// Two builds with different settings started together, then a third: the folder ends
    /// as a clean build of the third's settings makes it, byte for byte, and neither of the
    /// first two fails.
    func testTwoBuildsStartedTogetherThenAThirdLeaveTheFolderAsACleanBuildWould() throws {
        let last = ["--formats", "none", "--quality", "90", "--quiet"]
        XCTAssertEqual(try Tessera.run(["build", "photos", "-o", "clean"] + last, in: tmp.url).status, 0)
        let clean = try SiteTree(tmp.url.appendingPathComponent("clean"))

        let binary = try Tessera.binary()
        let together = [["--formats", "webp", "--quality", "50", "--quiet"], last].map { options in
            let process = Process()
            process.executableURL = binary
            process.arguments = ["build", "photos", "-o", "site"] + options
            process.currentDirectoryURL = tmp.url
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            return (process, errors)
        }
        for (process, _) in together { try process.run() }
        for (process, errors) in together {
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "each build waits for the other instead of failing: \(stderr)")
            XCTAssertFalse(stderr.contains("not made by Tessera"), stderr)
        }
        let third = try Tessera.run(["build", "photos", "-o", "site"] + last, in: tmp.url)
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertEqual(try SiteTree(site).differences(from: clean), [], "the site is what a clean build makes")
    }

    /// The CLI holding the lock is this test; the build waits, says for whom, and runs
    /// when it is let go.
    func testABuildWaitsForTheBuildHoldingTheFolderAndSaysWhichProcessItIs() throws {
        let held = try OutputLock(output: site)
        let console = BufferedConsole()
        let cli = CLI(
            arguments: ["build", "photos", "-o", "site", "--formats", "none"], workingDirectory: tmp.url,
            console: console.console)
        let status = Mutex<CLI.ExitCode?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let code = cli.run()
            status.withLock { $0 = code }
            done.signal()
        }
        // Until it says it waits (or ends without waiting, which the assertions below catch).
        while !console.stderr.contains("waiting") && status.withLock({ $0 }) == nil { usleep(10_000) }
        XCTAssertNil(status.withLock { $0 }, "it waits while the folder is held")
        held.release()
        done.wait()
        XCTAssertEqual(status.withLock { $0 }, .success, console.stderr)
        XCTAssertTrue(
            console.stderr.hasPrefix(
                "note: another build (process \(getpid()): \(CommandLine.arguments[0])"),
            console.stderr)
        XCTAssertTrue(
            console.stderr.contains("is writing '\(site.path)'; waiting up to 30 s for it to finish\n"), console.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
    }

    /// Ctrl-C during `serve`'s first build (here, waiting for another build to let go of
    /// the folder) ends the process at once, as it ends `tessera build`; it was caught and
    /// held until the build was over (up to the lock's 30 s here, a video's minutes in a
    /// rebuild), then the server started anyway.
    func testCtrlCDuringServesBuildStopsItAtOnce() throws {
        let held = try OutputLock(output: site)
        defer { held.release() }
        let process = Process()
        process.executableURL = try Tessera.binary()
        process.arguments = ["serve", "photos", "-o", "site", "--port", "0", "--formats", "none"]
        process.currentDirectoryURL = tmp.url
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var printed = ""
        let deadline = Date(timeIntervalSinceNow: 60)
        while !printed.contains("waiting up to 30 s"), Date() < deadline, process.isRunning {
            printed += String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        }
        XCTAssertTrue(process.isRunning, "serve's first build waits for the folder: \(printed)")
        kill(process.processIdentifier, SIGINT)
        // Bounded below the lock's 30 s, which the old binary waited out: not a timing claim.
        let stopped = Date(timeIntervalSinceNow: 20)
        while process.isRunning, Date() < stopped { usleep(20_000) }
        let running = process.isRunning
        if running { process.terminate() }
        process.waitUntilExit()
        printed += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertFalse(running, "Ctrl-C ended the build: \(printed)")
        XCTAssertEqual(process.terminationStatus, 130, printed)
        XCTAssertTrue(printed.contains("Stopped during a build; what it made is kept"), printed)
    }
}

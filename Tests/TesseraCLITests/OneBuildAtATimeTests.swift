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
}

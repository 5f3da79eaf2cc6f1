import Foundation
import TesseraCore
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCLI

/// `serve` says what `build` says of a site's warnings and notes (a `sigal.conf.py` read or
/// not read, a metadata problem), after its first build and after a rebuild that changes
/// them, never again for a save that leaves them as they were: the serve command's own
/// builds, run in process one after another as its watcher would run them.
final class ServeMessagesTests: XCTestCase {
    private var tmp: TemporaryFolder!

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        let bytes = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 120, height: 80), label: "1", hue: 0.3, orientation: .up)
        try tmp.write("photos/Porto/bridge.jpg", bytes)
        try tmp.write(
            "sigal.conf.py", Array("title = \"Trips\"\nsource = \"photos\"\ntheme = \"colorbox\"\n".utf8))
    }

    override func tearDown() {
        tmp = nil
    }

    /// The `note:` and `warning:` lines of some output.
    private func messages(_ text: String) -> [String] {
        text.components(separatedBy: "\n").filter { $0.contains("note: ") || $0.contains("warning: ") }
    }

    /// `tessera serve photos -o site --formats none` plus `flags`, run in process, and the
    /// console it prints to.
    private func serveCommand(_ flags: [String]) throws -> (ServeCommand, BufferedConsole) {
        let buffered = BufferedConsole()
        let cli = CLI(arguments: [], workingDirectory: tmp.url, console: buffered.console)
        let arguments = ["photos", "-o", "site", "--formats", "none"] + flags
        return (try ServeCommand(ArgumentParser.parse(arguments, for: ServeCommand.spec), cli: cli), buffered)
    }

    /// Reads the message lines `buffered` prints: each call returns those printed since
    /// the last one, as a user sees what one rebuild adds.
    private func messageReader(_ buffered: BufferedConsole) -> () -> [String] {
        var printed = 0
        return { [self] in
            let all = messages(buffered.stderr)
            defer { printed = all.count }
            return Array(all.dropFirst(printed))
        }
    }

    private func write(_ path: String, _ text: String) throws {
        try tmp.write(path, Array(text.utf8))
    }

    func testTheFirstBuildSaysWhatBuildSaysAndARebuildOnlyWhatChanged() throws {
        let (serve, buffered) = try serveCommand([])
        let newMessages = messageReader(buffered)
        let built = try InProcessCLI.run(["build", "photos", "-o", "built", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(built.status, 0, built.stderr)
        let conf = tmp.url.appendingPathComponent("sigal.conf.py").path
        XCTAssertEqual(
            messages(built.stderr),
            [
                "note: \(conf): read for title (never run); to make them Tessera's, write these lines into "
                    + "\(tmp.url.appendingPathComponent("photos/tessera.yaml").path): title: \"Trips\"",
                "note: \(conf):3: sigal's 'theme' is not read: choose a built-in look with 'theme:' "
                    + "(tessera themes lists them)",
            ])

        XCTAssertEqual(serve.build().exitCode, .success)
        XCTAssertEqual(newMessages(), messages(built.stderr), "the first build says what build says")
        XCTAssertEqual(serve.build().exitCode, .success)
        XCTAssertEqual(newMessages(), [], "a rebuild with the same notes repeats none")
        XCTAssertEqual(buffered.stdout.components(separatedBy: " in 2 albums, ").count - 1, 2, "each has its summary")

        // A new problem: the whole list as it now stands, so the last one shown is complete.
        try write("photos/Porto/index.md", "Title: Porto\nThumbnail: gone.jpg\n")
        XCTAssertEqual(serve.build().exitCode, .success)
        let cover =
            "Porto/index.md:2: warning: cover 'gone.jpg' is not a photo in this album or a sub-album; "
            + "the first photo stands in"
        XCTAssertEqual(newMessages(), messages(built.stderr) + [cover])
        XCTAssertEqual(serve.build().exitCode, .success)
        XCTAssertEqual(newMessages(), [])

        // A failed rebuild prints its error alone, and the next good one is compared with
        // the last good one.
        try write("photos/tessera.yaml", "srot: name\n")
        XCTAssertEqual(serve.build().exitCode, .failure)
        XCTAssertEqual(newMessages(), [])
        XCTAssertTrue(buffered.stderr.contains("unknown key 'srot'; did you mean 'sort'?"), buffered.stderr)
        try FileManager.default.removeItem(at: tmp.url.appendingPathComponent("photos/tessera.yaml"))
        XCTAssertEqual(serve.build().exitCode, .success)
        XCTAssertEqual(newMessages(), [], "the same as before the failure")

        // A tessera.yaml makes the sigal.conf.py unread: one note says so, with the cover's warning.
        try write("photos/tessera.yaml", "title: Trips\n")
        XCTAssertEqual(serve.build().exitCode, .success)
        let unread = newMessages()
        XCTAssertEqual(unread.count, 2, unread.joined(separator: "\n"))
        XCTAssertTrue(unread[0].hasPrefix("note: \(conf): not read, because "), unread[0])
        XCTAssertEqual(unread[1], cover)

        // Everything mended: one line says none is left, then silence.
        try FileManager.default.removeItem(at: tmp.url.appendingPathComponent("sigal.conf.py"))
        try write("photos/Porto/index.md", "Title: Porto\n")
        XCTAssertEqual(serve.build().exitCode, .success)
        XCTAssertEqual(newMessages(), ["note: no warnings or notes any more (the last build had 2)"])
        XCTAssertEqual(serve.build().exitCode, .success)
        XCTAssertEqual(newMessages(), [])
    }

    /// `serve --verbose` prints each build's time per stage, after its standing messages,
    /// every time (it differs each time), while the standing ones still print only when
    /// they change.
    func testVerboseServePrintsEachBuildsTimePerStageAndTheNotesOnce() throws {
        let (serve, buffered) = try serveCommand(["-v"])
        let newMessages = messageReader(buffered)
        XCTAssertEqual(serve.build().exitCode, .success)
        let first = newMessages()
        XCTAssertGreaterThan(first.count, 1, first.joined(separator: "\n"))
        XCTAssertTrue(first.last?.hasPrefix("note: time per stage: lock ") == true, first.joined(separator: "\n"))
        XCTAssertEqual(first.filter { $0.contains("time per stage") }.count, 1)
        XCTAssertTrue(first.contains { $0.contains("sigal.conf.py") }, "the standing notes come first")

        XCTAssertEqual(serve.build().exitCode, .success)
        let second = newMessages()
        XCTAssertEqual(second.count, 1, "only the time per stage: " + second.joined(separator: "\n"))
        XCTAssertTrue(second.first?.hasPrefix("note: time per stage: lock ") == true, second.joined(separator: "\n"))
    }

    func testQuietServePrintsNoNoteButStillItsErrors() throws {
        let (serve, buffered) = try serveCommand(["--quiet"])
        XCTAssertEqual(serve.build().exitCode, .success)
        XCTAssertEqual(buffered.stderr, "")
        try write("photos/tessera.yaml", "srot: name\n")
        XCTAssertEqual(serve.build().exitCode, .failure)
        XCTAssertTrue(buffered.stderr.hasPrefix("error: "), buffered.stderr)
    }
}

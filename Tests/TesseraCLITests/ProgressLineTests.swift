import XCTest

@testable import TesseraCLI

/// The progress line on standard error: a bar on a terminal, silence in a log for short builds.
final class ProgressLineTests: XCTestCase {
    func testATerminalGetsABarThatIsClearedBeforeTheSummary() {
        let buffer = BufferedConsole()
        let line = ProgressLine(console: buffer.console, interactive: true)
        line.update(BuildProgressSnapshot(stage: "Rendering", done: 4, total: 4))
        XCTAssertTrue(buffer.stderr.hasPrefix("\r\u{1B}[2KRendering [########################] 4/4"), buffer.stderr)
        line.finish()
        XCTAssertTrue(buffer.stderr.hasSuffix("\r\u{1B}[2K"), "the bar is erased: \(buffer.stderr)")
        XCTAssertEqual(buffer.stdout, "")
    }

    func testALogGetsNothingForAShortBuild() {
        let buffer = BufferedConsole(plainProgressInterval: .seconds(5))
        let line = ProgressLine(console: buffer.console, interactive: false)
        line.update(BuildProgressSnapshot(stage: "Rendering", done: 1, total: 2))
        line.update(BuildProgressSnapshot(stage: "Rendering", done: 2, total: 2))
        line.finish()
        XCTAssertEqual(buffer.stderr, "")
    }

    func testALogGetsAPlainLineOnceTheIntervalHasPassed() {
        let buffer = BufferedConsole(plainProgressInterval: .zero)
        let line = ProgressLine(console: buffer.console, interactive: false)
        line.update(BuildProgressSnapshot(stage: "Images", done: 120, total: 400))
        line.finish()
        XCTAssertEqual(buffer.stderr, "Images: 120 of 400\n")
        XCTAssertEqual(
            Tessera.withoutProgress(buffer.stderr), "", "the end-to-end tests' filter knows the line's shape")
    }

    /// A log's line says how fast the stage goes and, at that pace, how long it has left,
    /// as a terminal's bar does: a 100,000-photo build in CI says when it will end.
    func testALogsLineAndATerminalsBarSayTheRateAndTheTimeLeft() {
        let second: UInt64 = 1_000_000_000
        let halfway = ProgressLine.pace(
            of: BuildProgressSnapshot(stage: "Images", done: 120, total: 400), since: 0, now: 4 * second)
        XCTAssertEqual(halfway?.rate, "30/s")
        XCTAssertEqual(halfway?.eta, "10 s", "280 left at 30 a second")
        let slow = ProgressLine.pace(
            of: BuildProgressSnapshot(stage: "Images", done: 3, total: 100_000), since: 0, now: 2 * second)
        XCTAssertEqual(slow?.rate, "1.5/s")
        XCTAssertEqual(slow?.eta, "18 h 31 min")
        let done = ProgressLine.pace(
            of: BuildProgressSnapshot(stage: "Images", done: 400, total: 400), since: 0, now: 4 * second)
        XCTAssertEqual(done?.rate, "100/s")
        XCTAssertNil(done?.eta, "nothing left")
        XCTAssertNil(
            ProgressLine.pace(of: BuildProgressSnapshot(stage: "Images", done: 0, total: 400), since: 0, now: second),
            "no pace before the first is done")
        XCTAssertEqual(ProgressLine.duration(seconds: 99), "99 s")
        XCTAssertEqual(ProgressLine.duration(seconds: 150), "3 min")
        XCTAssertEqual(ProgressLine.duration(seconds: 7_250), "2 h 01 min")

        // The log's line, as a slow machine's stage prints it (the stage has just begun, so
        // its pace is measured over a moment: only its shape is certain).
        let buffer = BufferedConsole(plainProgressInterval: .zero)
        let line = ProgressLine(console: buffer.console, interactive: false)
        line.update(BuildProgressSnapshot(stage: "Images", done: 0, total: 400))
        usleep(20_000)
        line.update(BuildProgressSnapshot(stage: "Images", done: 120, total: 400))
        let printed = buffer.stderr.components(separatedBy: "\n")
        XCTAssertEqual(printed.first, "Images: 0 of 400")
        XCTAssertTrue(
            printed[1].range(of: #"^Images: 120 of 400, [0-9.]+/s, about \d+ s left$"#, options: .regularExpression)
                != nil, printed[1])
        XCTAssertEqual(Tessera.withoutProgress(buffer.stderr), "", "the end-to-end tests' filter knows it")
    }

    /// A test's console never prints a plain progress line, however slow the machine: the
    /// in-process tests compare standard error (`hasPrefix("error: …")`) as it is.
    func testATestsConsoleNeverPrintsAPlainLine() {
        let buffer = BufferedConsole()
        XCTAssertNil(buffer.console.plainProgressInterval)
        XCTAssertEqual(Console.standard().plainProgressInterval, .seconds(5), "the program's own: every 5 seconds")
        let line = ProgressLine(console: buffer.console, interactive: false)
        for done in 1...400 { line.update(BuildProgressSnapshot(stage: "Images", done: done, total: 400)) }
        line.finish()
        XCTAssertEqual(buffer.stderr, "")
    }
    func testALongVideosPercentFollowsTheBarOnATerminal() {
        let buffer = BufferedConsole()
        let line = ProgressLine(console: buffer.console, interactive: true)
        line.update(BuildProgressSnapshot(stage: "Rendering", done: 2, total: 2))
        // Past the terminal's tenth of a second between drawings.
        usleep(150_000)
        line.update(video: VideoProgressSnapshot(name: "Trip/Beach\u{1B}.mov", fraction: 0.456))
        let drawings = buffer.stderr.components(separatedBy: "\r\u{1B}[2K").filter { !$0.isEmpty }
        XCTAssertEqual(drawings.count, 2, buffer.stderr)
        let last = drawings.last ?? ""
        XCTAssertTrue(last.hasPrefix("Rendering [########################] 2/2"), last)
        XCTAssertTrue(last.hasSuffix("  Trip/Beach\\x1b.mov 45 %"), "the name made visible: \(last)")
        line.update(video: VideoProgressSnapshot(name: "Trip/Beach\u{1B}.mov", fraction: nil, isFinished: true))
        line.finish()
        XCTAssertTrue(buffer.stderr.hasSuffix("\r\u{1B}[2K"), "the line is erased: \(buffer.stderr)")
    }

    func testALogGetsAVideosPercentAsAPlainLine() {
        let buffer = BufferedConsole(plainProgressInterval: .zero)
        let line = ProgressLine(console: buffer.console, interactive: false)
        line.update(video: VideoProgressSnapshot(name: "Trip/Beach.mov", fraction: nil))
        line.update(video: VideoProgressSnapshot(name: "Trip/Beach.mov", fraction: 0.5))
        line.update(video: VideoProgressSnapshot(name: "Trip/Beach.mov", fraction: 1))
        line.update(video: VideoProgressSnapshot(name: "Trip/Beach.mov", fraction: nil, isFinished: true))
        line.finish()
        XCTAssertEqual(buffer.stderr, "Encoding: Trip/Beach.mov 50 %\nEncoding: Trip/Beach.mov 100 %\n")
        XCTAssertEqual(Tessera.withoutProgress(buffer.stderr), "", "the end-to-end tests' filter knows the line")

        let test = BufferedConsole()
        let quiet = ProgressLine(console: test.console, interactive: false)
        quiet.update(video: VideoProgressSnapshot(name: "Trip/Beach.mov", fraction: 0.5))
        XCTAssertEqual(test.stderr, "", "a test's console never prints one")
    }
}

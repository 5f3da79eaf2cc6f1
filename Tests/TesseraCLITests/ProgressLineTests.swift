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
        let buffer = BufferedConsole()
        let line = ProgressLine(console: buffer.console, interactive: false)
        line.update(BuildProgressSnapshot(stage: "Rendering", done: 1, total: 2))
        line.update(BuildProgressSnapshot(stage: "Rendering", done: 2, total: 2))
        line.finish()
        XCTAssertEqual(buffer.stderr, "")
    }
}

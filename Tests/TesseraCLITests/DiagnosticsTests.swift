import XCTest

@testable import TesseraCLI

/// The one path for `warning:`/`error:`/`note:` lines and the exit code they lead to.
final class DiagnosticsTests: XCTestCase {
    func testTheExitCodeIsTheWorstReportedAndQuietKeepsOnlyErrors() {
        let buffer = BufferedConsole()
        let diagnostics = Diagnostics(console: buffer.console)
        diagnostics.warning("a.jpg: corrupt; skipped")
        diagnostics.note("time per stage: scan 0.01 s")
        XCTAssertEqual(diagnostics.exitCode, .success, "warnings and notes do not fail a command")
        diagnostics.error("cannot write 'site'")
        XCTAssertEqual(diagnostics.exitCode, .failure)
        diagnostics.usage(UsageError("Unknown option '--x'."))
        XCTAssertEqual(diagnostics.exitCode, .usage)
        diagnostics.error("later")
        XCTAssertEqual(diagnostics.exitCode, .usage, "a usage error is not hidden by a later failure")
        XCTAssertEqual(
            buffer.stderr,
            "warning: a.jpg: corrupt; skipped\nnote: time per stage: scan 0.01 s\nerror: cannot write 'site'\n"
                + "Error: Unknown option '--x'.\n  See 'tessera --help' for more information.\nerror: later\n")
        XCTAssertEqual(buffer.stdout, "")

        let quietBuffer = BufferedConsole()
        let quiet = Diagnostics(console: quietBuffer.console, quiet: true)
        quiet.warning("w")
        quiet.note("n")
        quiet.error("e")
        XCTAssertEqual(quietBuffer.stderr, "error: e\n")
    }
}

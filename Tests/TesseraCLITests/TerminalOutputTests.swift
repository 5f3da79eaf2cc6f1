import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCLI
@testable import TesseraCore

/// Names that try the terminal: escape sequences, C1 controls, bidirectional overrides and
/// line breaks in file names are shown as escapes on the terminal and kept as they are in
/// `--json`. Run in process.
final class TerminalOutputTests: XCTestCase {
    private var tmp: TemporaryFolder!
    private var photos: URL { tmp.url.appendingPathComponent("photos") }

    /// Names a stranger's archive could hold: an OSC window title, a screen clear, a C1
    /// CSI, a bidirectional override and a line break that would forge a line of its own.
    private static let hostileNames = [
        "\u{1B}]0;pwned\u{7}.jpg", "\u{1B}[2J.jpg", "c1\u{9B}31m.jpg", "gpj.\u{202E}evil.jpg",
        "two\nerror: forged.jpg",
    ]

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let painted = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 96, height: 64), label: "A", hue: 0.3, orientation: .up)
        try Data(painted).write(to: photos.appendingPathComponent("good.jpg"))
    }

    override func tearDown() {
        tmp = nil
    }

    /// Whether `text` holds a character a terminal would obey: C0 but the line feed, DEL, C1
    /// or a bidirectional control.
    private func obeyed(_ text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && TerminalText.isControl($0) }.map { String($0.value, radix: 16) }
    }

    func testControlCharactersAreShownAsEscapes() {
        XCTAssertEqual(TerminalText.visible("\u{1B}]0;pwned\u{7}.jpg"), #"\x1b]0;pwned\x07.jpg"#)
        XCTAssertEqual(TerminalText.visible("a\tb\nc\rd\u{0}\u{7F}\u{9B}"), #"a\tb\nc\rd\x00\x7f\x9b"#)
        XCTAssertEqual(TerminalText.visible("gpj.\u{202E}exe\u{2066}"), #"gpj.\u{202e}exe\u{2066}"#)
        XCTAssertEqual(TerminalText.visible("two\nlines\n", keepingLineBreaks: true), "two\nlines\n")
        XCTAssertEqual(TerminalText.visible("Été à Paris 東京 📷"), "Été à Paris 東京 📷", "text is left as it is")
        XCTAssertEqual(
            TerminalText.jsonForTerminal(#"{"path":"\u001b[2J"# + "\u{9B}\u{7F}\u{202E}\"}"),
            #"{"path":"\u001b[2J\u009b\u007f\u202e"}"#)
    }

    func testEveryDiagnosticShowsControlCharactersAsEscapes() {
        let buffer = BufferedConsole()
        let diagnostics = Diagnostics(console: buffer.console)
        diagnostics.warning("\u{1B}[2J.jpg: not an image; skipped")
        diagnostics.warning("bad", at: "x\u{1B}[31m.md:3")
        diagnostics.note("two\nwarning: forged")
        diagnostics.error("cannot write '\u{7}site'")
        diagnostics.usage(UsageError("Unknown option '--\u{1B}[2J'."))
        XCTAssertEqual(
            buffer.stderr,
            #"warning: \x1b[2J.jpg: not an image; skipped"# + "\n" + #"x\x1b[31m.md:3: warning: bad"# + "\n"
                + #"note: two\nwarning: forged"# + "\n" + #"error: cannot write '\x07site'"# + "\n"
                + #"Error: Unknown option '--\x1b[2J'."# + "\n  See 'tessera --help' for more information.\n")
        buffer.console.out("Open /tmp/\u{1B}]0;x\u{7}/index.html\n")
        XCTAssertEqual(
            buffer.stdout, #"Open /tmp/\x1b]0;x\x07/index.html"# + "\n", "everything printed, not only diagnostics")
    }

    func testAFileNamedWithTerminalEscapesIsShownEscapedAndTheJSONKeepsTheRealName() throws {
        for name in Self.hostileNames { try Data("not an image".utf8).write(to: photos.appendingPathComponent(name)) }
        try Data("notes".utf8).write(to: photos.appendingPathComponent("\u{1B}[41mREADME.txt"))

        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--verbose"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(obeyed(result.stderr + result.stdout), [], "nothing reaches the terminal raw")
        XCTAssertTrue(result.stderr.contains(#"warning: \x1b]0;pwned\x07.jpg: not an image; skipped"#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#"warning: \x1b[2J.jpg: "#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#"warning: c1\x9b31m.jpg: "#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#"warning: gpj.\u{202e}evil.jpg: "#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#"warning: two\nerror: forged.jpg: "#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#"note: \x1b[41mREADME.txt: not a photo; ignored"#), result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertTrue(
            lines.allSatisfy { $0.hasPrefix("warning: ") || $0.hasPrefix("note: ") }, "no name starts a line: \(lines)")
        XCTAssertTrue(result.stdout.hasPrefix("1 photo in 1 album, 5 skipped"), result.stdout)

        let json = try InProcessCLI.run(["build", "photos", "-o", "site", "--json"], in: tmp.url)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(obeyed(json.stdout), [], "the JSON escapes what JSON itself would let through")
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let skipped = try XCTUnwrap(report["skipped"] as? [[String: String]])
        XCTAssertEqual(
            Set(skipped.compactMap { $0["path"] }), Set(Self.hostileNames), "the real names, for programs to use")
    }
}

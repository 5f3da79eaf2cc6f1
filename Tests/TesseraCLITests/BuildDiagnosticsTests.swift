import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCLI
@testable import TesseraCore

/// What a build prints and exits with — warnings for skipped photos, the summary, `--quiet`,
/// `--strict`, a failed write — run in process on a folder of two small files.
final class BuildDiagnosticsTests: XCTestCase {
    private var tmp: TemporaryFolder!

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        let photos = tmp.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let painted = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 96, height: 64), label: "A", hue: 0.3, orientation: .up)
        try Data(painted).write(to: photos.appendingPathComponent("good.jpg"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: photos.appendingPathComponent("broken.jpg"))
    }

    override func tearDown() {
        tmp = nil
    }

    /// `build photos -o site --templates theme`, with `text` written as the folder's `name`.
    private func build(withTemplate name: String, _ text: String) throws -> Tessera.Result {
        let theme = tmp.url.appendingPathComponent("theme")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: theme.appendingPathComponent(name))
        return try InProcessCLI.run(["build", "photos", "-o", "site", "--templates", "theme"], in: tmp.url)
    }

    func testASkippedPhotoIsAWarningWithItsPathAndTheSummaryCountsIt() throws {
        let result = try InProcessCLI.run(["build", "photos", "-o", "site"], in: tmp.url)
        XCTAssertEqual(result.status, 0, "a skipped photo is a warning, not a failure: \(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        XCTAssertTrue(
            warnings.first.map { $0.hasPrefix("warning: broken.jpg: ") && $0.hasSuffix("; skipped") } ?? false,
            result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let summary = lines.first ?? ""
        XCTAssertTrue(
            summary.range(of: #"^1 photo in 1 album, 1 skipped, \d+\.\d s$"#, options: .regularExpression) != nil,
            summary)
        XCTAssertEqual(lines.last, "Open \(tmp.url.appendingPathComponent("site/index.html").standardizedFileURL.path)")
    }

    func testQuietPrintsNothingAndStrictTurnsTheSkipIntoAnErrorWithExit1() throws {
        let quiet = try InProcessCLI.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url)
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stdout + quiet.stderr, "")
        let strict = try InProcessCLI.run(["build", "photos", "-o", "site", "--strict", "--quiet"], in: tmp.url)
        XCTAssertEqual(strict.status, 1, "--strict fails the build when a photo was skipped")
        XCTAssertEqual(strict.stderr, "error: 1 photo was skipped and --strict is set\n")
    }

    func testVerboseAddsNotesAndJSONReplacesTheSummary() throws {
        try Data("hi".utf8).write(to: tmp.url.appendingPathComponent("photos/README.txt"))
        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--verbose", "--json"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("note: README.txt: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("note: time per stage: "), result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(report?["photos"] as? Int, 1, result.stdout)
    }

    func testAnOutputUnderARegularFileFailsWithAClearError() throws {
        let file = tmp.url.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: file)
        let result = try InProcessCLI.run(["build", "photos", "-o", "notes.txt/site"], in: tmp.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.messages.hasPrefix("error: cannot write '"), result.stderr)
        XCTAssertTrue(
            result.messages.contains("notes.txt/site': Not a directory; the site as it was keeps working: "),
            "the message names the folder and why: \(result.stderr)")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "mine")
    }

    func testAMissingTemplatesFolderIsAnErrorNamingIt() throws {
        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--templates", "theme"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.messages.hasPrefix("error: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("theme"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site").path))
    }

    /// A template's mistake is written as a compiler writes one (README: `file:line:column:
    /// error: …`), once, not as `error: file:line:column: error: …`.
    func testABrokenTemplateIsAnErrorAtItsPositionInTheCompilersForm() throws {
        let theme = tmp.url.appendingPathComponent("theme")
        let result = try build(withTemplate: "album.mustache", "<p>{{#photos}}\n")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(
            result.messages,
            "\(theme.path)/album.mustache:1:4: error: section 'photos' opened here is never closed; add {{/photos}}\n")

        // A mistake found while rendering names the file too, not the template's name alone.
        let rendered = try build(withTemplate: "album.mustache", "{{#title}}{{> album}}{{/title}}")
        XCTAssertEqual(rendered.status, 1, rendered.stderr)
        XCTAssertTrue(
            rendered.messages.hasPrefix(
                "\(theme.path)/album.mustache:1:11: error: partial 'album' is nested more than"),
            rendered.messages)
    }

    func testAMisspeltTemplateVariableIsAWarningAtItsPositionAndTheBuildGoesOn() throws {
        let result = try build(withTemplate: "footer.mustache", "<footer>{{titel}}</footer>\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter {
            $0.contains("warning: ") && !$0.contains("broken.jpg")
        }
        XCTAssertFalse(warnings.isEmpty, result.stderr)
        for warning in warnings {
            XCTAssertTrue(warning.contains("footer.mustache:1:9: warning: 'titel' "), result.stderr)
        }
        let quiet = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--templates", "theme", "--quiet"], in: tmp.url)
        XCTAssertEqual(quiet.stderr, "")
    }
}

import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCLI
@testable import TesseraCore

/// A `--templates` folder's `words/en.yaml` reaches the pages, a word it lacks is a warning
/// naming the file and the word, and a broken plural rule stops the build naming the file
/// and line — run in process, as `tessera build` runs.
final class WordsFileTests: XCTestCase {
    private var tmp: TemporaryFolder!

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        let photos = tmp.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let painted = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 96, height: 64), label: "A", hue: 0.3, orientation: .up)
        try Data(painted).write(to: photos.appendingPathComponent("a.jpg"))
        try FileManager.default.createDirectory(
            at: tmp.url.appendingPathComponent("theme/words"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        tmp = nil
    }

    private func build(words: String) throws -> Tessera.Result {
        try Data(words.utf8).write(to: tmp.url.appendingPathComponent("theme/words/en.yaml"))
        return try InProcessCLI.run(["build", "photos", "-o", "site", "--templates", "theme"], in: tmp.url)
    }

    func testAWordsFileOverridesWordsAndEachWordItLacksIsAWarning() throws {
        let result = try build(
            words:
                "words:\n  madeWith: \"Hecho con Tessera\"\n  photos:\n    one: \"{count} foto\"\n    other: \"{count} fotos\"\n"
        )
        XCTAssertEqual(result.status, 0, result.stderr)
        let home = try String(contentsOf: tmp.url.appendingPathComponent("site/index.html"), encoding: .utf8)
        XCTAssertTrue(home.contains("<footer class=\"page-footer\">Hecho con Tessera</footer>"), home)
        XCTAssertTrue(home.contains("<p class=\"summary\">1 foto</p>"), home)
        // Two words changed, the rest left out: one warning, not one per word (there were 45).
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("theme/words/en.yaml") }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        XCTAssertTrue(
            warnings.first?.contains("theme/words/en.yaml:1:1: warning: ") == true
                && warnings.first?.contains("words are left out") == true
                && warnings.first?.contains("the built-in theme's are used") == true, result.stderr)
        XCTAssertFalse(result.stderr.contains("'madeWith'"), result.stderr)
    }

    func testABrokenPluralRuleStopsTheBuildNamingTheFileAndLine() throws {
        let result = try build(words: "plurals:\n  one: \"i = = 1\"\nwords:\n  next: \"Dalej\"\n")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("theme/words/en.yaml:2: plural rule 'one'"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site/index.html").path))
    }
}

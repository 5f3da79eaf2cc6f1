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
        XCTAssertTrue(
            result.stderr.contains(
                "theme/words/en.yaml:1:1: warning: no word 'next'; the built-in theme's 'Next\u{00A0}→' is used"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains("no word 'madeWith'"), result.stderr)
    }

    func testABrokenPluralRuleStopsTheBuildNamingTheFileAndLine() throws {
        let result = try build(words: "plurals:\n  one: \"i = = 1\"\nwords:\n  next: \"Dalej\"\n")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("theme/words/en.yaml:2: plural rule 'one'"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site/index.html").path))
    }
}

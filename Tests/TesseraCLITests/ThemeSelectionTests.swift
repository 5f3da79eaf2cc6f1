import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCLI
@testable import TesseraCore

/// Choosing a built-in theme as a user does: `tessera themes`, `theme:` in tessera.yaml and
/// `--theme`, and a misspelt name answered with the nearest one.
final class ThemeSelectionTests: XCTestCase {
    func testThemesListsOneThemeALineWithWhatItIsFor() throws {
        let result = try InProcessCLI.run(["themes"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { String($0.prefix { $0 != " " }) }, ["default", "journal", "portfolio"])
        XCTAssertTrue(lines[2].hasSuffix("Dark and full-bleed for portfolios; edge-to-edge grid, minimal chrome"))
        XCTAssertEqual(
            Set(lines.map { $0.count - $0.drop { $0 != " " }.drop { $0 == " " }.count }).count, 1,
            "the descriptions start in one column")
    }

    func testAMisspeltThemeFlagIsAUsageErrorNamingTheNearest() throws {
        let result = try InProcessCLI.run(["build", "--theme", "portfolo"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "Error: The value 'portfolo' is invalid for '--theme': expected one of the built-in themes "
                    + "'default', 'journal', 'portfolio'. Did you mean 'portfolio'?\n"),
            result.stderr)
    }

    func testAMisspeltThemeInTheFileNamesItsLineAndTheNearest() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("photos/tessera.yaml", Array("title: Trips\ntheme: jornal\n".utf8))
        let result = try InProcessCLI.run(["build", "photos", "-o", "site"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains(
                "tessera.yaml:2: 'theme' must be one of the built-in themes 'default', 'journal', 'portfolio', "
                    + "not 'jornal'; did you mean 'journal'?"),
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site").path))
    }

    func testTheFileChoosesTheThemeAndTheFlagOverridesIt() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("photos/tessera.yaml", Array("theme: journal\n".utf8))
        let chosen = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--quiet", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        let css = try String(contentsOf: tmp.url.appendingPathComponent("site/tessera.css"), encoding: .utf8)
        XCTAssertTrue(css.contains("Tessera's journal theme"), String(css.prefix(400)))
        let flagged = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--quiet", "--formats", "none", "--theme", "portfolio"], in: tmp.url)
        XCTAssertEqual(flagged.status, 0, flagged.stderr)
        let again = try String(contentsOf: tmp.url.appendingPathComponent("site/tessera.css"), encoding: .utf8)
        XCTAssertTrue(again.contains("Tessera's portfolio theme"), String(again.prefix(400)))
    }
}

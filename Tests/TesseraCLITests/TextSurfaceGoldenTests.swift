import Foundation
import TesseraTestSupport
import XCTest

/// The texts a user reads besides the pages, kept byte for byte (`Golden/`): every help
/// screen, the starter `tessera.yaml` that `tessera init` writes (with and without
/// `--templates`) and the sample site's stylesheet. Run in process; the page goldens are
/// `PageGoldenTests`, the hostile corpus's report is checked in `CorpusTests`.
final class TextSurfaceGoldenTests: XCTestCase {
    func testEveryHelpScreenIsUnchanged() throws {
        for (arguments, name) in [
            (["--help"], "help.txt"), (["build", "--help"], "help-build.txt"), (["serve", "--help"], "help-serve.txt"),
            (["init", "--help"], "help-init.txt"), (["layout", "--help"], "help-layout.txt"),
            (["sample", "--help"], "help-sample.txt"), (["verify", "--help"], "help-verify.txt"),
        ] {
            let result = try InProcessCLI.run(arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "", "help goes to standard output only")
            try Golden.check(result.stdout, name)
        }
    }

    func testTheStarterConfigurationIsUnchanged() throws {
        let tmp = try TemporaryFolder()
        for (arguments, name) in [
            (["init", "plain"], "starter.yaml"), (["init", "themed", "--templates"], "starter-templates.yaml"),
        ] {
            let result = try InProcessCLI.run(arguments, in: tmp.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let yaml = tmp.url.appendingPathComponent(arguments[1]).appendingPathComponent("tessera.yaml")
            try Golden.check(try String(contentsOf: yaml, encoding: .utf8), name)
        }
    }

    func testTheSampleSiteStylesheetIsUnchanged() throws {
        let tmp = try TemporaryFolder()
        let sample = try InProcessCLI.run(["sample", "photos"], in: tmp.url)
        XCTAssertEqual(sample.status, 0, sample.stderr)
        // The stylesheet depends on the layout settings, not on the image formats.
        let build = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--formats", "none", "--quiet"], in: tmp.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        let css = try String(contentsOf: tmp.url.appendingPathComponent("site/tessera.css"), encoding: .utf8)
        try Golden.check(css, "sample-tessera.css")
    }
}

import Foundation
import XCTest

/// The command line as a user meets it: messages, help and exit codes of the real binary.
final class CommandLineTests: XCTestCase {
    func testAMisspelledOptionSuggestsTheRightOneAndExits64() throws {
        let result = try Tessera.run(["build", "--ouput", "x"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Error: Unknown option '--ouput'. Did you mean '--output'?")
        XCTAssertTrue(lines.count == 3 && lines[1].hasPrefix("Usage: tessera build [<input>]"), result.stderr)
        XCTAssertEqual(lines.last, "  See 'tessera build --help' for more information.")
    }

    func testAnUnknownSubcommandIsAUsageError() throws {
        let result = try Tessera.run(["biuld"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: Unknown subcommand 'biuld'. Did you mean 'build'?\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("See 'tessera --help' for more information."))
    }

    func testBadValuesNameTheOptionAndTheAllowedRange() throws {
        let result = try Tessera.run(["build", "--quality", "120"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: The value '120' is invalid for '--quality': expected a whole number from 1 to 100."), result.stderr)
        let missing = try Tessera.run(["build", "-o"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.hasPrefix("Error: Missing value for '--output <dir>'."), missing.stderr)
        let breakpoints = try Tessera.run(["build", "--breakpoints", "800,400"])
        XCTAssertEqual(breakpoints.status, 64)
        XCTAssertTrue(breakpoints.stderr.hasPrefix("Error: The value '800,400' is invalid for '--breakpoints': expected ascending widths"), breakpoints.stderr)
        let extra = try Tessera.run(["build", "a", "b"])
        XCTAssertEqual(extra.status, 64)
        XCTAssertTrue(extra.stderr.hasPrefix("Error: Unexpected argument 'b'."), extra.stderr)
    }

    func testShortOptionsTakeTheirValueAttachedOrSeparate() throws {
        let tmp = try TemporaryFolder()
        for arguments in [["-j1", "-osite-a"], ["-j", "1", "-o", "site-b"]] {
            let result = try Tessera.run(["build", "nowhere"] + arguments, in: tmp.url)
            XCTAssertEqual(result.status, 1, "parsed, then failed on the missing input: \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: input folder"), result.stderr)
        }
        let unknown = try Tessera.run(["build", "-x1"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown option '-x1'."), unknown.stderr)
    }

    func testHelpAndVersionGoToStandardOutputAndSucceed() throws {
        let help = try Tessera.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for heading in ["OVERVIEW:", "USAGE: tessera <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "  build", "  layout", "  sample"] {
            XCTAssertTrue(help.stdout.contains(heading), "missing \(heading) in:\n\(help.stdout)")
        }
        let buildHelp = try Tessera.run(["build", "--help"])
        XCTAssertEqual(buildHelp.status, 0)
        XCTAssertTrue(buildHelp.stdout.contains("ARGUMENTS:\n  <input>"), buildHelp.stdout)
        XCTAssertTrue(buildHelp.stdout.contains("-o, --output <dir>"), buildHelp.stdout)
        XCTAssertEqual(try Tessera.run(["help", "layout"]).stdout, try Tessera.run(["layout", "--help"]).stdout)
        let version = try Tessera.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, version.stdout)
    }

    func testAMissingInputFolderFailsWithExit1AndSaysWhatToDo() throws {
        let tmp = try TemporaryFolder()
        let result = try Tessera.run(["build", "nowhere", "-o", "site"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: input folder"), result.stderr)
        XCTAssertTrue(result.stderr.contains("pass the folder of photos"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site").path))
    }

    func testAnOutputInsideTheInputIsRefused() throws {
        let tmp = try TemporaryFolder()
        try FileManager.default.createDirectory(at: tmp.url.appendingPathComponent("photos"), withIntermediateDirectories: true)
        let result = try Tessera.run(["build", "photos", "-o", "photos/site"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is inside the input folder"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.url.appendingPathComponent("photos").path), [])
    }

    func testSampleRefusesANonEmptyFolder() throws {
        let tmp = try TemporaryFolder()
        try Data("x".utf8).write(to: tmp.url.appendingPathComponent("note.txt"))
        let result = try Tessera.run(["sample", tmp.url.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is not empty"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path), ["note.txt"])
    }
}

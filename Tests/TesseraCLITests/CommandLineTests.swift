import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCLI
@testable import TesseraCore

/// The command line as a user meets it: messages, help and exit codes, run in process (the
/// binary's own contract is checked in `CommandLineContractTests`).
final class CommandLineTests: XCTestCase {
    func testAMisspelledOptionSuggestsTheRightOneAndExits64() throws {
        let result = try InProcessCLI.run(["build", "--ouput", "x"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Error: Unknown option '--ouput'. Did you mean '--output'?")
        XCTAssertTrue(lines.count == 3 && lines[1].hasPrefix("Usage: tessera build [<input>]"), result.stderr)
        XCTAssertEqual(lines.last, "  See 'tessera build --help' for more information.")
    }

    func testAnUnknownSubcommandIsAUsageError() throws {
        let result = try InProcessCLI.run(["biuld"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix("Error: Unknown subcommand 'biuld'. Did you mean 'build'?\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("See 'tessera --help' for more information."))
    }

    func testBadValuesNameTheOptionAndTheAllowedRange() throws {
        let result = try InProcessCLI.run(["build", "--quality", "120"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "Error: The value '120' is invalid for '--quality': expected a whole number from 1 to 100."),
            result.stderr)
        let missing = try InProcessCLI.run(["build", "-o"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.hasPrefix("Error: Missing value for '--output <dir>'."), missing.stderr)
        let breakpoints = try InProcessCLI.run(["build", "--breakpoints", "800,400"])
        XCTAssertEqual(breakpoints.status, 64)
        XCTAssertTrue(
            breakpoints.stderr.hasPrefix(
                "Error: The value '800,400' is invalid for '--breakpoints': expected ascending widths"),
            breakpoints.stderr)
        let extra = try InProcessCLI.run(["build", "a", "b"])
        XCTAssertEqual(extra.status, 64)
        XCTAssertTrue(extra.stderr.hasPrefix("Error: Unexpected argument 'b'."), extra.stderr)
    }

    func testShortOptionsTakeTheirValueAttachedOrSeparate() throws {
        let tmp = try TemporaryFolder()
        for arguments in [["-j1", "-osite-a"], ["-j", "1", "-o", "site-b"]] {
            let result = try InProcessCLI.run(["build", "nowhere"] + arguments, in: tmp.url)
            XCTAssertEqual(result.status, 1, "parsed, then failed on the missing input: \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: input folder"), result.stderr)
        }
        let unknown = try InProcessCLI.run(["build", "-x1"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown option '-x1'."), unknown.stderr)
    }

    func testHelpAndVersionGoToStandardOutputAndSucceed() throws {
        let help = try InProcessCLI.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for heading in [
            "OVERVIEW:", "USAGE: tessera <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "  build", "  layout", "  sample",
        ] {
            XCTAssertTrue(help.stdout.contains(heading), "missing \(heading) in:\n\(help.stdout)")
        }
        let buildHelp = try InProcessCLI.run(["build", "--help"])
        XCTAssertEqual(buildHelp.status, 0)
        XCTAssertTrue(buildHelp.stdout.contains("ARGUMENTS:\n  <input>"), buildHelp.stdout)
        XCTAssertTrue(buildHelp.stdout.contains("-o, --output <dir>"), buildHelp.stdout)
        XCTAssertEqual(
            try InProcessCLI.run(["help", "layout"]).stdout, try InProcessCLI.run(["layout", "--help"]).stdout)
        let version = try InProcessCLI.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(
            version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, version.stdout)
    }

    func testAMissingInputFolderFailsWithExit1AndSaysWhatToDo() throws {
        let tmp = try TemporaryFolder()
        let result = try InProcessCLI.run(["build", "nowhere", "-o", "site"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: input folder"), result.stderr)
        XCTAssertTrue(result.stderr.contains("pass the folder of photos"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site").path))
    }

    func testAnOutputInsideTheInputIsRefused() throws {
        let tmp = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: tmp.url.appendingPathComponent("photos"), withIntermediateDirectories: true)
        let result = try InProcessCLI.run(["build", "photos", "-o", "photos/site"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is inside the input folder"), result.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: tmp.url.appendingPathComponent("photos").path), [])
    }

    func testSampleRefusesANonEmptyFolder() throws {
        let tmp = try TemporaryFolder()
        try Data("x".utf8).write(to: tmp.url.appendingPathComponent("note.txt"))
        let result = try InProcessCLI.run(["sample", tmp.url.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is not empty"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path), ["note.txt"])

        let file = tmp.url.appendingPathComponent("note.txt")
        let onAFile = try InProcessCLI.run(["sample", file.path])
        XCTAssertEqual(onAFile.status, 1)
        XCTAssertEqual(
            onAFile.stderr, "error: '\(file.path)' exists and is not a folder; choose a new folder name\n")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "x", "the file is left as it was")
    }

    func testSampleUnderAFileSaysWhyInTheSystemsWords() throws {
        let tmp = try TemporaryFolder()
        let file = tmp.url.appendingPathComponent("note.txt")
        try Data("x".utf8).write(to: file)
        let inside = file.appendingPathComponent("photos")
        let result = try InProcessCLI.run(["sample", inside.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: cannot make the folder '\(inside.path)"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(": Not a directory\n"), result.stderr)
        XCTAssertFalse(result.stderr.contains("NSCocoaErrorDomain"), result.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "x", "the file is left as it was")
    }

    /// `-o "$OUT"` with `OUT` unset in a script: an empty path is a usage error naming the
    /// argument, never the working folder, where the site would be written among the user's
    /// files (index.html, 404.html, album folders). (`serve` reads its folders as `build`
    /// does, with `SiteArguments`; not run here, as before the fix it served for ever.)
    func testAnEmptyPathIsAUsageErrorNotTheWorkingFolder() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("photos/A/a.jpg", Array("never read: the arguments are refused first".utf8))
        try tmp.write("work/notes.txt", Array("mine".utf8))
        let work = tmp.url.appendingPathComponent("work")
        let photos = tmp.url.appendingPathComponent("photos").path
        let cases: [([String], String)] = [
            (["build", photos, "-o", ""], "'--output': expected a folder path"),
            (["build", "", "-o", tmp.url.appendingPathComponent("site").path], "'<input>': expected a folder path"),
            (["build", photos, "--config", ""], "'--config': expected a file path"),
            (["init", ""], "'<dir>': expected a folder path"),
            (["sample", ""], "'<dir>': expected a folder path"),
            (["verify", ""], "'<site>': expected a folder path"),
        ]
        for (arguments, expected) in cases {
            let result = try InProcessCLI.run(arguments, in: work)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasPrefix("Error: The value '' is invalid for \(expected), not an empty one.\n"),
                "\(arguments): \(result.stderr)")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: work.path), ["notes.txt"],
                "\(arguments): nothing is written into the working folder")
        }
    }

    func testEveryBuildRangeIsRefusedAtBothEndsNamingTheOption() throws {
        let cases: [(String, [String], String)] = [
            ("row-height", ["39", "2001"], "a number from 40 to 2000"),
            ("gap", ["-1", "201"], "a number from 0 to 200"),
            ("min-tile-width", ["-0.5", "1001"], "a number from 0 to 1000"),
            ("breakpoints", ["99", "400,400", "20001"], "ascending widths from 100 to 20000, separated by commas"),
            ("thumbnail-height", ["31", "4097", "2.5"], "a whole number from 32 to 4096"),
            ("display-size", ["63", "16385"], "a whole number from 64 to 16384"),
            ("quality", ["0", "101", "high"], "a whole number from 1 to 100"),
            ("max-megapixels", ["0", "10001"], "a whole number from 1 to 10000"),
            ("jobs", ["0", "257"], "a whole number from 1 to 256"),
        ]
        for (option, values, expected) in cases {
            for value in values {
                let result = try InProcessCLI.run(["build", "--\(option)=\(value)"])
                XCTAssertEqual(result.status, 64, "--\(option)=\(value)")
                XCTAssertEqual(
                    result.stderr.split(separator: "\n").first.map(String.init),
                    "Error: The value '\(value)' is invalid for '--\(option)': expected \(expected).")
            }
        }
    }

    func testFlagsOverrideTheConfigurationAndLeaveTheRestAtItsDefaults() throws {
        let tmp = try TemporaryFolder()
        let arguments = try ArgumentParser.parse(
            [
                "--quality", "90", "--row-height=300", "--breakpoints", "400, 900", "--templates", "theme", "--title",
                "Trips", "-j3", "--force",
            ],
            for: BuildCommand.spec)
        let command = try BuildCommand(
            arguments, cli: CLI(arguments: [], workingDirectory: tmp.url, console: BufferedConsole().console))
        var expected = SiteConfiguration(title: "Trips", templates: tmp.url.appendingPathComponent("theme").path)
        expected.images.quality = 90
        expected.layout.rowHeight = 300
        expected.layout.breakpoints = [400, 900]
        XCTAssertEqual(try command.site.configuration(), expected)
        XCTAssertEqual(command.options.jobs, 3)
        XCTAssertTrue(command.options.force)
        XCTAssertFalse(command.options.strict)

        let plain = try BuildCommand(
            ArgumentParser.parse([], for: BuildCommand.spec),
            cli: CLI(arguments: [], workingDirectory: tmp.url, console: BufferedConsole().console))
        XCTAssertEqual(try plain.site.configuration(), SiteConfiguration(), "no flag, no file, no change")
    }

    func testTheLayoutLabAcceptsWiderValuesThanASite() throws {
        let cli = CLI(
            arguments: [], workingDirectory: FileManager.default.temporaryDirectory, console: BufferedConsole().console)
        let lab = try LayoutCommand(
            ArgumentParser.parse(["--width", "100000", "--row-height", "5", "--gap", "5000"], for: LayoutCommand.spec),
            cli: cli)
        XCTAssertEqual([lab.width, lab.rowHeight, lab.gap], [100_000, 5, 5000])
        let tooWide = try InProcessCLI.run(["layout", "--width", "100001"])
        XCTAssertEqual(tooWide.status, 64)
        XCTAssertTrue(
            tooWide.stderr.hasPrefix(
                "Error: The value '100001' is invalid for '--width': expected a number from 1 to 100000."),
            tooWide.stderr)
        let site = try InProcessCLI.run(["build", "--row-height", "5"])
        XCTAssertEqual(site.status, 64, "a site's rows stay within 40 to 2000 px")
    }

    func testALayoutFileThatIsNotRatiosIsAnErrorWithExit1() throws {
        let tmp = try TemporaryFolder()
        try Data("[1.5, -2]".utf8).write(to: tmp.url.appendingPathComponent("ratios.json"))
        let result = try InProcessCLI.run(["layout", "--width", "500", "ratios.json"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "error: ratios.json: item 1 is not a positive ratio or {\"width\": w, \"height\": h} with positive sides\n")
        let missing = try InProcessCLI.run(["layout", "--width", "500", "nothing.json"], in: tmp.url)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("error: cannot read 'nothing.json'"), missing.stderr)
    }
}

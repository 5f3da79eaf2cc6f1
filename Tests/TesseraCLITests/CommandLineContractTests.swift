import Foundation
import TesseraTestSupport
import XCTest

/// The published contract of the real binary: a usage error, help and version, and a
/// failed build, with their streams and exit codes. The rules behind the messages are
/// checked in process in `CommandLineTests`.
final class CommandLineContractTests: XCTestCase {
    func testAUsageErrorPrintsThreeLinesOnStandardErrorAndExits64() throws {
        let result = try Tessera.run(["build", "--ouput", "x"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Error: Unknown option '--ouput'. Did you mean '--output'?")
        XCTAssertTrue(lines.count == 3 && lines[1].hasPrefix("Usage: tessera build [<input>]"), result.stderr)
        XCTAssertEqual(lines.last, "  See 'tessera build --help' for more information.")
    }

    func testHelpAndVersionGoToStandardOutputAndSucceed() throws {
        let help = try Tessera.run(["build", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stderr, "")
        XCTAssertTrue(help.stdout.contains("-o, --output <dir>"), help.stdout)
        let version = try Tessera.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(
            version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, version.stdout)
    }

    func testAFailedBuildSaysWhatToDoOnStandardErrorAndExits1() throws {
        let tmp = try TemporaryFolder()
        let result = try Tessera.run(["build", "nowhere", "-j1", "-osite"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("error: input folder"), result.stderr)
        XCTAssertTrue(result.stderr.contains("pass the folder of photos"), result.stderr)
    }
}

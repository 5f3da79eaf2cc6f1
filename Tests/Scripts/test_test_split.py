"""Tests of scripts/test-split: which tests start the binary, and their share of the time."""
import pathlib
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts/test-split"

SWIFT = textwrap.dedent('''\
    final class ServeTests: XCTestCase {
        override func setUpWithError() throws {
            process.executableURL = try Tessera.binary()
        }
        func testServes() throws { XCTAssertTrue(true) }
    }

    final class BuildTests: XCTestCase {
        private func build(_ extra: [String] = [], inProcess: Bool = false) throws -> Tessera.Result {
            inProcess ? try InProcessCLI.run(extra) : try Tessera.run(extra)
        }
        private struct Fixture { var name: String }
        func testOnTheBinary() throws { _ = try build() }
        func testInProcess() throws { _ = try build(["--formats", "none"], inProcess: true) }
        func testAnotherTypesRunIsNotOurs() throws { _ = try InProcessCLI.run(["build"]) }
        static func run(_ arguments: [String]) throws { _ = try Tessera.binary() }
        func testThroughAStaticHelper() throws { try Self.run(["build"]) }
    }
    ''')

LOG = textwrap.dedent('''\
    Test Case 'ServeTests.testServes' passed (3.000 seconds)
    Test Case 'BuildTests.testOnTheBinary' passed (1.000 seconds)
    Test Case 'BuildTests.testInProcess' passed (2.000 seconds)
    Test Case 'BuildTests.testAnotherTypesRunIsNotOurs' passed (2.000 seconds)
    Test Case 'BuildTests.testThroughAStaticHelper' failed (1.000 seconds)
    Test Case 'OtherTests.testElsewhere' passed (1.000 seconds)
    ''')


class TestSplitTests(unittest.TestCase):
    def run_split(self):
        with tempfile.TemporaryDirectory() as folder:
            tests = pathlib.Path(folder, "Tests/CLITests")
            tests.mkdir(parents=True)
            (tests / "Tests.swift").write_text(SWIFT, encoding="utf-8")
            log = pathlib.Path(folder, "log")
            log.write_text(LOG, encoding="utf-8")
            return subprocess.run(
                [sys.executable, "-B", str(SCRIPT), str(log), str(tests.parent)],
                capture_output=True, text=True, check=True).stdout

    def test_binary_tests_are_the_ones_that_start_it_directly_in_setup_or_through_a_helper(self):
        out = self.run_split()
        listed = {line.split()[1] for line in out.splitlines() if line.startswith(" ")}
        self.assertEqual(
            listed, {"ServeTests.testServes", "BuildTests.testOnTheBinary", "BuildTests.testThroughAStaticHelper"})

    def test_the_share_is_of_every_test_in_the_log(self):
        self.assertIn("6 tests, 10.00 s; 3 binary-running, 5.00 s = 50.0 %", self.run_split())


if __name__ == "__main__":
    unittest.main()

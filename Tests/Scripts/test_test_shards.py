"""Tests of scripts/test-shards: every listed test runs in one of two processes, and any
failure, unplaced module or missing test fails the run."""
import os
import pathlib
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts/test-shards"

# A stand-in for an XCTest bundle: lists TESTS, runs the classes named on its command line,
# failing those in FAIL, skipping (XCTSkip) those in XCTSKIP and leaving out those in SKIP,
# and prints XCTest's summary line.
BUNDLE = textwrap.dedent('''\
    #!/usr/bin/env python3
    import os, sys
    tests = os.environ["TESTS"].split()
    if sys.argv[1] == "--list-tests":
        print("Listing tests:")
        print()
        print("\\n".join(tests))
        sys.exit(0)
    classes = sys.argv[1].split(",")
    ran = failures = 0
    for test in tests:
        name = test.split("/")[0]
        if name not in classes or name in os.environ.get("SKIP", "").split():
            continue
        failed = name in os.environ.get("FAIL", "").split()
        skipped = name in os.environ.get("XCTSKIP", "").split()
        outcome = "failed" if failed else "skipped" if skipped else "passed"
        print(f"Test Case '{test.split('.', 1)[1].replace('/', '.')}' {outcome} (0.001 seconds)")
        ran += 1
        failures += failed
    print(f"\\t Executed {ran} tests, with {failures} failures (0 unexpected) in 0.1 (0.1) seconds")
    sys.exit(1 if failures else 0)
    ''')

TESTS = "TesseraCLITests.BuildTests/testA TesseraCLITests.BuildTests/testB TesseraCoreTests.PlanTests/testC"


class TestShardsTests(unittest.TestCase):
    def run_shards(self, **environment):
        with tempfile.TemporaryDirectory() as folder:
            bundle = pathlib.Path(folder) / "Fake.xctest"
            bundle.write_text(BUNDLE)
            bundle.chmod(0o755)
            env = {**os.environ, "TESTS": TESTS, **environment}
            return subprocess.run(
                [sys.executable, str(SCRIPT), str(bundle)], capture_output=True, text=True, env=env, timeout=60)

    def test_every_test_runs_once_in_one_of_two_shards(self):
        result = self.run_shards()
        self.assertEqual(result.returncode, 0, result.stderr)
        for test in TESTS.split():
            name = test.split(".", 1)[1].replace("/", ".")
            self.assertEqual(result.stdout.count(f"Test Case '{name}' passed"), 1, result.stdout)
        self.assertIn("shard 1 (TesseraCLITests", result.stdout)
        self.assertIn("shard 2 (TesseraCoreTests", result.stdout)

    def test_a_failing_test_fails_the_run(self):
        result = self.run_shards(FAIL="TesseraCoreTests.PlanTests")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Test Case 'PlanTests.testC' failed", result.stdout)

    def test_a_module_in_no_shard_fails_the_run_by_name(self):
        result = self.run_shards(TESTS=TESTS + " TesseraNewTests.NewTests/testD")
        self.assertEqual(result.returncode, 1)
        self.assertIn("TesseraNewTests", result.stderr)

    def test_a_test_no_shard_ran_fails_the_run_by_name(self):
        result = self.run_shards(SKIP="TesseraCLITests.BuildTests")
        self.assertEqual(result.returncode, 1)
        self.assertIn("1 tests ran of the 3", result.stderr)
        self.assertIn("BuildTests.testA, BuildTests.testB", result.stderr)

    def test_a_skipped_test_counts_as_run(self):
        result = self.run_shards(XCTSKIP="TesseraCoreTests.PlanTests")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Test Case 'PlanTests.testC' skipped", result.stdout)


if __name__ == "__main__":
    unittest.main()

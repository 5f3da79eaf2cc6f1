"""Tests of scripts/package-symbols: the count of a module's `package` declarations."""
import pathlib
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts/package-symbols"

REPORT = textwrap.dedent('''\
    /// A package struct, counted once; `package var` in this comment is not.
    package struct Report: Sendable {
        package static let empty = Report(count: 0)
        package var count: Int
        var hidden: Int = 0
        let text = "package var inString"  // package func inComment()
        package init(count: Int) { self.count = count }
        package mutating func add() { count += 1 }
    }
    ''')

PLAIN = textwrap.dedent('''\
    struct Plain {
        internal var packageName = ""
        func package() {}
    }
    package enum Kind { case one }
    ''')


class PackageSymbolsTests(unittest.TestCase):
    def run_script(self, *arguments, generated=False):
        with tempfile.TemporaryDirectory() as folder:
            module = pathlib.Path(folder, "Sources/Module")
            (module / "Build").mkdir(parents=True)
            (module / "Build/Report.swift").write_text(REPORT, encoding="utf-8")
            (module / "Plain.swift").write_text(PLAIN, encoding="utf-8")
            if generated:
                (module / "DefaultTemplates.swift").write_text(
                    "package let templates = 1\n", encoding="utf-8")
            return subprocess.run(
                [sys.executable, str(SCRIPT), *arguments, str(module)],
                capture_output=True, text=True)

    def test_counts_declarations_not_comments_strings_or_names(self):
        result = self.run_script()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Module: 6 package declarations in 2 files", result.stdout)
        self.assertIn("struct 1", result.stdout)
        self.assertIn("let 1", result.stdout)
        self.assertIn("enum 1", result.stdout)

    def test_generated_templates_are_not_counted(self):
        result = self.run_script(generated=True)
        self.assertIn("Module: 6 package declarations in 2 files", result.stdout)

    def test_max_passes_at_the_count(self):
        result = self.run_script("--max", "6")
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_max_fails_over_the_count_naming_the_files(self):
        result = self.run_script("--max", "5")
        self.assertEqual(result.returncode, 1)
        self.assertIn("6 package declarations, more than the 5 allowed", result.stderr)
        self.assertIn("5 Build/Report.swift", result.stdout)
        self.assertIn("1 Plain.swift", result.stdout)

    def test_verbose_lists_each_declaration(self):
        result = self.run_script("-v")
        self.assertIn("Build/Report.swift:4: var count", result.stdout)
        self.assertIn("Plain.swift:5: enum Kind", result.stdout)

    def test_bad_arguments_say_what_to_give(self):
        result = self.run_script("--max", "many")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--max needs a whole number", result.stderr)


if __name__ == "__main__":
    unittest.main()

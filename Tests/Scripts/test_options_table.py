"""Tests of scripts/options-table: it reads help's two columns, and README's table is current."""
import pathlib
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts/options-table"

HELP = textwrap.dedent('''\
    OVERVIEW: Build the gallery site from a folder of photos.

    USAGE: tessera build [<input>] [--output <dir>] [--breakpoints <px,px,…>] [--force]

    ARGUMENTS:
      <input>               The folder of photos. (default: photos)

    OPTIONS:
      -o, --output <dir>    The folder to write the site into. (default: site)
      --breakpoints <px,px,…>
                            Widths | ascending. (default: 320 to 2560 in 15 % steps)
      --force               Make every image again.
      -h, --help            Show help information.
    ''')


class OptionsTableTests(unittest.TestCase):
    def setUp(self):
        self.folder = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        self.help = self.folder / "help-build.txt"
        self.help.write_text(HELP)
        self.readme = self.folder / "README.md"

    def run_script(self, *args):
        return subprocess.run(
            [sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, cwd=self.folder)

    def test_every_option_but_help_is_a_row_long_ones_from_their_next_line(self):
        result = self.run_script(self.help)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, textwrap.dedent('''\
            | option | meaning |
            |---|---|
            | `-o, --output DIR` | The folder to write the site into. (default: site) |
            | `--breakpoints PX,PX,…` | Widths \\| ascending. (default: 320 to 2560 in 15 % steps) |
            | `--force` | Make every image again. |
            '''))

    def test_check_fails_naming_the_fix_until_write_brings_the_table_up_to_date(self):
        self.readme.write_text("# Tool\n\n<!-- build-options:begin -->\n| old |\n<!-- build-options:end -->\n\nEnd.\n")
        stale = self.run_script("--check", self.readme, self.help)
        self.assertEqual(stale.returncode, 1)
        self.assertIn("scripts/options-table --write", stale.stdout)
        self.assertEqual(self.run_script("--write", self.readme, self.help).returncode, 0)
        self.assertEqual(self.run_script("--check", self.readme, self.help).returncode, 0)
        text = self.readme.read_text()
        self.assertTrue(text.startswith("# Tool\n\n<!-- build-options:begin -->\n| option | meaning |"), text)
        self.assertTrue(text.endswith("| `--force` | Make every image again. |\n<!-- build-options:end -->\n\nEnd.\n"))

    def test_a_readme_without_the_section_is_refused(self):
        self.readme.write_text("# Tool\n")
        result = self.run_script("--check", self.readme, self.help)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("build-options:begin", result.stderr)

    def test_the_repositorys_readme_matches_build_help(self):
        result = self.run_script("--check", ROOT / "README.md")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()

"""Tests of scripts/template-variables on fixture Swift files in a temporary folder."""
import pathlib
import subprocess
import sys
import tempfile
import textwrap
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent.parent.parent / "scripts/template-variables"

PAGES = textwrap.dedent('''\
    /// One album: its photos and sub-albums.
    ///
    /// Rendered by album.mustache.
    package struct AlbumPage: Hashable, Encodable, Sendable {
        /// The album's title, from its folder name or front matter.
        package var title: String
        /// The cover photo, when the album has one.
        ///   Shown above the grid.
        let cover: Tile?
        /// Photos in display order.
        var tiles: [Tile] = []
        /// The "photo | photos" count, in words (a computed property: not a variable).
        var countText: String { "\\(tiles.count) photos" }
        static let kind = "album"

        /// Not a page model: it is not Encodable, so its fields are not listed.
        struct Helper {
            var hidden: Int
        }

        func url() -> String { "index.html" }
    }

    struct Settings {
        var notAModel: Bool
    }

    /// A photo in a grid.
    struct Tile: Codable {
        /// Image source, relative to the page.
        var src: String

        var width: Int // undocumented
    }
    ''')


class TemplateVariablesTests(unittest.TestCase):
    def setUp(self):
        self.folder = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        (self.folder / "Pages").mkdir()
        (self.folder / "Pages/AlbumPage.swift").write_text(PAGES)
        self.readme = self.folder / "README.md"

    def run_script(self, *args):
        return subprocess.run(
            [sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, cwd=self.folder)

    def test_one_table_per_encodable_struct_with_stored_properties_and_their_docs(self):
        result = self.run_script(self.folder / "Pages")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, textwrap.dedent('''\
            ### `AlbumPage`

            One album: its photos and sub-albums. Rendered by album.mustache.

            | variable | type | meaning |
            |---|---|---|
            | `title` | `String` | The album's title, from its folder name or front matter. |
            | `cover` | `Tile?` | The cover photo, when the album has one. Shown above the grid. |
            | `tiles` | `[Tile]` | Photos in display order. |

            ### `Tile`

            A photo in a grid.

            | variable | type | meaning |
            |---|---|---|
            | `src` | `String` | Image source, relative to the page. |
            | `width` | `Int` |  |
            '''))

    def test_write_replaces_only_the_marked_section_and_check_then_passes(self):
        self.readme.write_text("# Site\n\n<!-- template-variables:begin -->\nold\n<!-- template-variables:end -->\n\nEnd.\n")
        self.assertEqual(self.run_script("--write", self.readme, self.folder / "Pages").returncode, 0)
        text = self.readme.read_text()
        self.assertTrue(text.startswith("# Site\n\n<!-- template-variables:begin -->\n### `AlbumPage`\n"), text)
        self.assertTrue(text.endswith("| `width` | `Int` |  |\n<!-- template-variables:end -->\n\nEnd.\n"), text)
        self.assertNotIn("\nold\n", text)
        self.assertEqual(self.run_script("--check", self.readme, self.folder / "Pages").returncode, 0)

    def test_check_fails_with_a_diff_and_the_command_to_fix_it(self):
        self.readme.write_text("<!-- template-variables:begin -->\n<!-- template-variables:end -->\n")
        self.run_script("--write", self.readme, self.folder / "Pages")
        source = self.folder / "Pages/AlbumPage.swift"
        source.write_text(source.read_text().replace("Photos in display order.", "Photos, oldest first."))
        result = self.run_script("--check", self.readme, self.folder / "Pages")
        self.assertEqual(result.returncode, 1)
        self.assertIn("-| `tiles` | `[Tile]` | Photos in display order. |", result.stdout)
        self.assertIn("+| `tiles` | `[Tile]` | Photos, oldest first. |", result.stdout)
        self.assertIn("run scripts/template-variables --write", result.stdout)

    def test_the_words_file_is_listed_after_the_models_with_its_english_and_comments(self):
        words = self.folder / "en.yaml"
        words.write_text(textwrap.dedent('''\
            # The site's words.
            plurals:
              one: "i = 1 and v = 0"
            words:
              # A number of photos.
              photos:
                one: "{count} photo"
                other: "{count} photos"
              # The link onwards.
              next: "Next →"
              separator: " · "
              plain: Albums
            '''))
        result = self.run_script("--words", words, self.folder / "Pages")
        self.assertEqual(result.returncode, 0, result.stderr)
        tables = result.stdout.split("### Words (")
        self.assertEqual(len(tables), 2, result.stdout)
        self.assertIn("### `Tile`", tables[0], "the models come first")
        rows = [line for line in tables[1].splitlines() if line.startswith("| `")]
        self.assertEqual(rows, [
            "| `photos` | one: `{count} photo`, other: `{count} photos` | A number of photos. |",
            "| `next` | `Next →` | The link onwards. |",
            '| `separator` | `" · "` |  |',
            "| `plain` | `Albums` |  |",
        ])
        self.assertNotIn("one` | `i = 1", result.stdout, "plural rules are not words")

    def test_a_readme_without_markers_is_an_error_that_says_what_to_add(self):
        self.readme.write_text("# Site\n")
        result = self.run_script("--check", self.readme, self.folder / "Pages")
        self.assertEqual(result.returncode, 1)
        self.assertIn("<!-- template-variables:begin -->", result.stderr)
        self.assertEqual(self.readme.read_text(), "# Site\n")


if __name__ == "__main__":
    unittest.main()

"""Tests of bench/viewer.py's "without viewer" site: the copy of Tessera's site that each
run visits beside the real one, to measure what the viewer costs. If the tag it removes
stops matching what the themes write, the copy would silently be the same site and the
bench would find the viewer free; these tests fail first."""
import importlib.util
import os
import pathlib
import re
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SPEC = importlib.util.spec_from_file_location("viewer_bench", ROOT / "bench" / "viewer.py")
viewer_bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(viewer_bench)


def rendered_head(theme):
    """The theme's head template (its own, or the default theme's it extends) with every
    Mustache tag filled in, as a built page has it."""
    own = ROOT / "Templates" / theme / "head.mustache"
    template = (own if own.exists() else ROOT / "Templates" / "default" / "head.mustache").read_text(encoding="utf-8")
    html = re.sub(r"\{\{[#/^][^}]*\}\}", "", template)
    return re.sub(r"\{\{[^}]*\}\}", "x", html)


class WithoutViewerTests(unittest.TestCase):
    def test_every_built_in_theme_loads_the_viewer_through_the_tag_the_bench_removes(self):
        themes = [p.name for p in (ROOT / "Templates").iterdir() if (p / "theme.yaml").exists()]
        self.assertGreaterEqual(len(themes), 3)
        for theme in themes:
            head = rendered_head(theme).encode()
            self.assertIn(b"viewer.js", head, theme)
            stripped = viewer_bench.VIEWER_SCRIPT.sub(b"", head)
            self.assertNotIn(b"viewer.js", stripped, theme)
            self.assertIn(b"<link", stripped, f"{theme}: only the viewer's tag goes")

    def test_the_copy_drops_the_tag_from_pages_and_links_every_other_file(self):
        with tempfile.TemporaryDirectory() as work:
            site, copy = pathlib.Path(work, "site"), pathlib.Path(work, "copy")
            (site / "album").mkdir(parents=True)
            page = rendered_head("default") + "<main>tiles</main>"
            (site / "index.html").write_text(page, encoding="utf-8")
            (site / "album" / "index.html").write_text(page, encoding="utf-8")
            (site / "album" / "a.avif").write_bytes(b"\x00avif")

            self.assertEqual(viewer_bench.without_viewer(site, copy), 2)

            for name in ("index.html", "album/index.html"):
                html = (copy / name).read_text(encoding="utf-8")
                self.assertNotIn("viewer.js", html)
                self.assertIn("<main>tiles</main>", html)
            self.assertEqual(os.stat(copy / "album" / "a.avif").st_ino, os.stat(site / "album" / "a.avif").st_ino)
            self.assertIn("viewer.js", (site / "index.html").read_text(encoding="utf-8"), "the site is not touched")

            # Made again over an earlier copy, it starts clean.
            (copy / "stale.html").write_text("old", encoding="utf-8")
            viewer_bench.without_viewer(site, copy)
            self.assertFalse((copy / "stale.html").exists())


if __name__ == "__main__":
    unittest.main()

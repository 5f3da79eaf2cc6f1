"""Tests of scripts/site-diff: its comparisons on fixture folders, and whole runs with two
fake `tessera` binaries (Python scripts that build a tiny site the way Tessera decides what
to make), so no Swift build is needed."""
import importlib.machinery
import importlib.util
import json
import os
import pathlib
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent.parent.parent / "scripts/site-diff"


def load_script():
    loader = importlib.machinery.SourceFileLoader("site_diff", str(SCRIPT))
    spec = importlib.util.spec_from_loader("site_diff", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


site_diff = load_script()

# A fake `tessera`: `sample DIR`, `init DIR --templates` and `build IN -o OUT --json`. Like
# Tessera, an image is kept when the manifest holds its fingerprint and the file exists; a
# page's fingerprint names the binary, so another binary renders every page again but
# leaves a page whose bytes are equal untouched (reused, not generated). VARIANT breaks one
# thing on purpose.
FAKE = textwrap.dedent('''\
    #!{python}
    import hashlib, json, pathlib, sys
    VARIANT = {variant!r}
    args = sys.argv[1:]

    def digest(data):
        return hashlib.sha256(data).hexdigest()[:16]

    if args[0] == "sample":
        out = pathlib.Path(args[1])
        (out / "Travels").mkdir(parents=True)
        (out / "Harbour.jpg").write_bytes(b"harbour")
        (out / "Travels/Bridge.jpg").write_bytes(b"bridge" + (b"!" if VARIANT == "sample" else b""))
    elif args[0] == "init":
        folder = pathlib.Path(args[1])
        (folder / "templates").mkdir()
        (folder / "templates/page.mustache").write_text("{{{{title}}}}")
        (folder / "tessera.yaml").write_text("version: 1\\n")
    elif args[0] == "build":
        photos, site = pathlib.Path(args[1]), pathlib.Path(args[args.index("-o") + 1])
        manifest_path = site / ".tessera-manifest.json"
        old = json.loads(manifest_path.read_text()) if manifest_path.exists() else {{"files": {{}}}}
        files, counts = {{}}, {{"generated": 0, "reused": 0}}

        def product(path, data, fingerprint, page):
            files[path] = {{"fingerprint": fingerprint}}
            target = site / path
            up_to_date = old["files"].get(path) == files[path] and target.exists()
            if page and not up_to_date and target.exists() and target.read_bytes() == data:
                up_to_date = True
            if up_to_date:
                counts["reused"] += 1
                return
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            counts["generated"] += 1

        jpegs = sorted(p for p in photos.rglob("*.jpg"))
        for jpeg in jpegs:
            name = jpeg.relative_to(photos).as_posix().lower()
            data = jpeg.read_bytes()
            fingerprint = digest(data + (b"v2" if VARIANT == "fingerprint" else b""))
            product("_media/" + name, b"image of " + data, fingerprint, False)
            html = "<p>" + name + ("</p>" if VARIANT != "page" else "</p>\\n<p>changed</p>")
            product(name.replace(".jpg", ".html"), html.encode(), digest(sys.argv[0].encode() + data), True)
        if VARIANT == "extra":
            product("extra.txt", b"new", "x", False)
        site.mkdir(parents=True, exist_ok=True)
        manifest_path.write_text(json.dumps({{"files": files, "photos": {{}}, "version": 3}}, sort_keys=True))
        report = {{"photos": len(jpegs) + (1 if VARIANT == "report" else 0), "seconds": 0.1, "removed": 0}}
        report.update(counts)
        print(json.dumps(report))
''')


class Comparisons(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.a = pathlib.Path(self.tmp.name, "a")
        self.b = pathlib.Path(self.tmp.name, "b")

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, side, path, data):
        target = side / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data if isinstance(data, bytes) else data.encode())

    def manifest(self, files, photos=None, version=3):
        return json.dumps({"files": {p: {"fingerprint": f} for p, f in files.items()},
                           "photos": photos or {}, "version": version})

    def test_equal_folders_have_no_difference(self):
        for side in (self.a, self.b):
            self.write(side, "index.html", "<p>hi</p>")
            self.write(side, "_media/a.jpg", b"\xff\xd8")
            self.write(side, ".nojekyll", "")
        self.assertEqual(site_diff.compare_trees(self.a, self.b), [])

    def test_a_changed_missing_or_extra_file_is_named_with_a_text_diff(self):
        self.write(self.a, "index.html", "<h1>Photos</h1>\n<p>one</p>\n")
        self.write(self.b, "index.html", "<h1>Photos</h1>\n<p>two</p>\n")
        self.write(self.a, "gone.html", "x")
        self.write(self.b, "tessera.css", "body{}")
        found = dict(site_diff.compare_trees(self.a, self.b))
        self.assertEqual(sorted(found), [
            "gone.html: only in the reference",
            "index.html: differs (27 bytes in the reference, 27 in the candidate)",
            "tessera.css: only in the candidate",
        ])
        diff = found["index.html: differs (27 bytes in the reference, 27 in the candidate)"]
        self.assertIn("-<p>one</p>", diff)
        self.assertIn("+<p>two</p>", diff)

    def test_an_allowed_path_may_differ(self):
        self.write(self.a, "tessera.css", "a{}")
        self.write(self.b, "tessera.css", "b{}")
        self.assertEqual(site_diff.compare_trees(self.a, self.b, allow={"tessera.css"}), [])

    def test_page_fingerprints_may_differ_but_no_other_manifest_field(self):
        self.write(self.a, ".tessera-manifest.json", self.manifest({"index.html": "1", "_media/a.jpg": "2"}))
        self.write(self.b, ".tessera-manifest.json", self.manifest({"index.html": "9", "_media/a.jpg": "2"}))
        self.assertEqual(site_diff.compare_trees(self.a, self.b), [])

        self.write(self.b, ".tessera-manifest.json", self.manifest({"index.html": "1", "_media/a.jpg": "3"}))
        [(message, _)] = site_diff.compare_trees(self.a, self.b)
        self.assertIn("_media/a.jpg has fingerprint", message)
        self.assertIn("it would be made again", message)

        photo = {"byteCount": 1, "info": {"format": "jpeg"}}
        self.write(self.a, ".tessera-manifest.json", self.manifest({}, {"a.jpg": photo}))
        self.write(self.b, ".tessera-manifest.json", self.manifest({}, {"a.jpg": dict(photo, byteCount=2)}, 4))
        messages = [message for message, _ in site_diff.compare_trees(self.a, self.b)]
        self.assertEqual(len(messages), 2, messages)
        self.assertIn("'version' is 3 in the reference, 4 in the candidate", messages[0])
        self.assertIn("photo a.jpg is", messages[1])

    def test_reports_are_compared_without_their_time(self):
        a = {"photos": 3, "seconds": 1.0, "skipped": [{"path": "x.jpg", "reason": "not an image"}]}
        self.assertEqual(site_diff.compare_reports(a, dict(a, seconds=2.5)), [])
        [message] = site_diff.compare_reports(a, dict(a, skipped=[]))
        self.assertIn("'skipped'", message)

    def test_a_build_over_an_up_to_date_site_must_make_and_remove_nothing(self):
        self.assertEqual(site_diff.check_incremental({"generated": 0, "removed": 0, "reused": 9}), [])
        self.assertEqual(len(site_diff.check_incremental({"generated": 2, "removed": 1})), 2)
        self.assertEqual(site_diff.check_incremental({"generated": 1, "removed": 0}, allow_count=1), [])


class WholeRuns(unittest.TestCase):
    """scripts/site-diff run as a command, with fake binaries."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def fake(self, variant):
        path = self.root / f"tessera-{variant}"
        path.write_text(FAKE.format(python=sys.executable, variant=variant))
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
        return path

    def site_diff(self, candidate, *extra):
        result = subprocess.run(
            [sys.executable, str(SCRIPT), "--reference-binary", str(self.fake("reference")),
             "--candidate", str(self.fake(candidate)), "--work", str(self.root / "work"), *extra],
            capture_output=True, text=True, env=dict(os.environ, TESSERA_BENCH_PHOTOS=""))
        return result.returncode, result.stdout + result.stderr

    def test_the_same_behaviour_is_no_difference_and_the_reference_sites_are_kept(self):
        status, output = self.site_diff("same", "--only", "sample", "--only", "story")
        self.assertEqual(status, 0, output)
        self.assertIn("sample photos: identical (2 files)", output)
        self.assertIn("sample: identical (5 files; over the reference site: generated 0, reused 4)", output)
        self.assertIn("story: identical", output)
        self.assertTrue(output.endswith("site-diff: no difference\n"), output)
        # A second run reuses the reference's sites: the reference binary may even be gone.
        sites = sorted(p.name for p in (self.root / "work/reference").glob("*/sites/*"))
        self.assertEqual(len(sites), 2, sites)
        status, output = self.site_diff("same", "--only", "sample")
        self.assertEqual(status, 0, output)

    def test_a_changed_page_is_shown_and_fails(self):
        status, output = self.site_diff("page", "--only", "sample")
        self.assertEqual(status, 1, output)
        self.assertIn("harbour.html: differs", output)
        self.assertIn("+<p>changed</p>", output)
        self.assertIn("over the reference site: harbour.html: differs", output)

    def test_an_allowed_page_passes(self):
        status, output = self.site_diff("page", "--only", "sample", "--allow", "harbour.html",
                                        "--allow", "travels/bridge.html")
        self.assertEqual(status, 0, output)

    def test_a_changed_image_fingerprint_fails_though_the_bytes_are_equal(self):
        status, output = self.site_diff("fingerprint", "--only", "sample")
        self.assertEqual(status, 1, output)
        self.assertIn("_media/harbour.jpg has fingerprint", output)
        self.assertIn("the build over the reference site generated 2 files, expected 0", output)

    def test_an_extra_file_a_changed_report_and_changed_sample_photos_fail(self):
        status, output = self.site_diff("extra", "--only", "sample")
        self.assertEqual(status, 1, output)
        self.assertIn("extra.txt: only in the candidate", output)
        status, output = self.site_diff("report", "--only", "sample")
        self.assertEqual(status, 1, output)
        self.assertIn("--json 'photos': 2 in the reference, 3 in the candidate", output)
        status, output = self.site_diff("sample", "--only", "sample")
        self.assertEqual(status, 1, output)
        self.assertIn("sample photos: 1 difference", output)
        self.assertIn("Travels/Bridge.jpg: differs", output)

    def test_another_corpus_is_a_case_of_its_own(self):
        corpus = self.root / "hostile"
        corpus.mkdir()
        (corpus / "odd.jpg").write_bytes(b"odd")
        status, output = self.site_diff("page", "--corpus", str(corpus), "--only", "hostile")
        self.assertEqual(status, 1, output)
        self.assertIn("hostile: ", output)
        self.assertIn("odd.html: differs", output)
        self.assertNotIn("sample", output)

    def test_an_unknown_case_is_a_usage_error(self):
        status, output = self.site_diff("same", "--only", "smaple")
        self.assertEqual(status, 2, output)
        self.assertIn("--only smaple: no such case", output)


if __name__ == "__main__":
    unittest.main()

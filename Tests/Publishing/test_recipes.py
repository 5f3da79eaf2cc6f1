"""The publishing recipes in README, run for real against local targets.

Each recipe's command is quoted from README (the test fails if README says otherwise),
run here against a local folder, bucket or repository, and the published copy is
checked: every page and image is there, `.nojekyll` is there, the manifest, the build memo
and the journal a killed build leaves (which name files and folders, hidden albums
included) are not, and every link in every page resolves.
"""
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TESSERA = Path(os.environ.get("TESSERA", ROOT / ".build" / "debug" / "tessera"))
MANIFEST = ".tessera-manifest.json"
JOURNAL = ".tessera-journal"
MEMO = ".tessera-memo"
LEFTOVER_PREFIX = ".tessera-"


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.targets = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value and "://" not in value and not value.startswith("data:"):
                self.targets.append(value)
            if name == "srcset" and value:
                self.targets += [part.strip().split(" ")[0] for part in value.split(",")]


def run(command, cwd):
    """Runs a README command with bash in `cwd`; fails the test with its output if it fails."""
    env = dict(os.environ, GIT_AUTHOR_NAME="Tessera test", GIT_AUTHOR_EMAIL="test@example.invalid",
               GIT_COMMITTER_NAME="Tessera test", GIT_COMMITTER_EMAIL="test@example.invalid")
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", command], cwd=cwd, capture_output=True, text=True,
                            env=env)
    if result.returncode != 0:
        raise AssertionError(f"`{command}` failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result.stdout


def killed_builds_leftover(work):
    """The name of the file a build killed mid-write leaves: a build of one clip that must be
    re-encoded (4:4:4 H.264) is killed while ffmpeg writes it, and its temporary file's
    name is returned."""
    if shutil.which("ffmpeg") is None:
        raise unittest.SkipTest("no ffmpeg to make a clip with; run 'make deps-test'")
    clip = work / "clip-input"
    clip.mkdir()
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=duration=20:size=1280x720:rate=30",
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p", str(clip / "clip.mp4")],
                   check=True)
    out = work / "killed"
    build = subprocess.Popen([str(TESSERA), "build", str(clip), "-o", str(out), "-q"])
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and build.poll() is None:
            leftovers = [p for p in out.rglob("*.tmp")]
            if leftovers:
                build.kill()
                build.wait()
                name = leftovers[0].name
                assert leftovers[0].exists(), "the temporary file outlives the killed build"
                return name
            time.sleep(0.02)
        raise AssertionError("the build never wrote a temporary file for the clip")
    finally:
        if build.poll() is None:
            build.kill()
            build.wait()


@contextlib.contextmanager
def served(folder):
    """`folder` served over HTTP on a free loopback port (Python's http.server, which serves
    dot-files too), for at most the `with` block; yields its URL."""
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                               "--directory", str(folder)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    try:
        match = re.search(r" port (\d+)", server.stdout.readline())
        if not match:
            raise AssertionError("http.server printed no port")
        yield f"http://127.0.0.1:{match.group(1)}/"
    finally:
        server.terminate()
        server.wait(timeout=20)
        server.stdout.close()


class PublishingRecipes(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not TESSERA.exists():
            raise unittest.SkipTest(f"no tessera binary at {TESSERA}; run 'swift build'")
        cls.work = Path(tempfile.mkdtemp(prefix="tessera-publish-"))
        subprocess.run([str(TESSERA), "sample", "photos"], cwd=cls.work, check=True, capture_output=True)
        subprocess.run([str(TESSERA), "build", "photos", "-o", "site", "-q"], cwd=cls.work, check=True)
        # What a build killed before finishing leaves beside the manifest.
        (cls.work / "site" / JOURNAL).write_text("tessera-journal 1 0000000000000000\n", encoding="utf-8")
        # And a file it was writing, under the temporary name the binary gives it.
        album = next(p.parent for p in sorted((cls.work / "site").glob("*/index.html")))
        (album / killed_builds_leftover(cls.work)).write_text("<p>half a page", encoding="utf-8")
        cls.site_files = sorted(
            str(p.relative_to(cls.work / "site")) for p in (cls.work / "site").rglob("*") if p.is_file())
        assert MANIFEST in cls.site_files and JOURNAL in cls.site_files and ".nojekyll" in cls.site_files
        # The build folder itself passes: its .tessera-* files are Tessera's own, left out by every recipe.
        subprocess.run([str(TESSERA), "verify", "site", "--quiet"], cwd=cls.work, check=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def recipe(self, pattern):
        """The one README line matching `pattern`, as written there."""
        lines = [line.strip() for line in README.splitlines() if re.search(pattern, line)]
        self.assertEqual(len(lines), 1, f"README should have one line matching {pattern!r}, has {lines}")
        return lines[0]

    def verify(self, command, url=None):
        """Runs a README `tessera verify` line with this build's binary, against `url` when
        given (for the host the README names); it must pass."""
        command = command.replace("tessera verify", f"{TESSERA} verify", 1)
        if url:
            command = re.sub(r"--url \S+", f"--url {url}", command)
        run(command, self.work)

    def assertPublished(self, folder):
        published = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and ".git" not in p.parts)
        self.assertNotIn(MANIFEST, published, "the manifest lists every file; it is not published")
        self.assertNotIn(JOURNAL, published, "the journal lists files too; it is not published")
        self.assertNotIn(MEMO, published, "the build memo names the site's folders; it is not published")
        self.assertIn(MEMO, self.site_files, "the build leaves a memo, which the recipes must leave out")
        self.assertFalse([f for f in published if Path(f).name.startswith(LEFTOVER_PREFIX)],
                         "a killed build's temporary file is not published")
        self.assertEqual(published, [f for f in self.site_files
                                     if f not in (MANIFEST, JOURNAL, MEMO) and not Path(f).name.startswith(LEFTOVER_PREFIX)])
        for page in folder.rglob("*.html"):
            parser = Links()
            parser.feed(page.read_text(encoding="utf-8"))
            for target in parser.targets:
                path = target.split("#")[0].split("?")[0]
                # The 404 page is served at any depth, so its links start at the host's root
                # (the site is published there); every other page links relatively.
                base = folder if path.startswith("/") and page == folder / "404.html" else page.parent
                self.assertTrue((base / unquote(path.lstrip("/") if base == folder else path)).exists(),
                                f"{page.relative_to(folder)} links to {target}")
        self.verify(f"tessera verify --published {folder}")

    def test_rsync_to_a_web_server(self):
        command = self.recipe(r"^rsync .*site/ \S+@")
        target = self.work / "www"
        target.mkdir()
        # The README's host is a placeholder; here the same command writes to a local folder.
        run(re.sub(r"\S+:\S+$", str(target) + "/", command), self.work)
        self.assertPublished(target)
        with served(target) as url:
            self.verify(self.recipe(r"^tessera verify --url https://example.org/"), url)

    def test_rclone_to_a_bucket(self):
        command = self.recipe(r"^rclone sync ")
        remote = self.work / "bucket"
        run(re.sub(r"\bs3:\S+", str(remote), command), self.work)
        self.assertPublished(remote)
        with served(remote) as url:
            self.verify(self.recipe(r"^tessera verify --url https://my-bucket"), url)
        listing = json.loads(run(f"rclone lsjson -R {remote}", self.work))
        types = {entry["Path"].rsplit(".", 1)[-1]: entry.get("MimeType") for entry in listing if not entry["IsDir"]}
        self.assertEqual(types["html"], "text/html; charset=utf-8")
        self.assertEqual(types["css"], "text/css; charset=utf-8")
        self.assertEqual(types["jpg"], "image/jpeg")

    def test_drag_and_drop_copy(self):
        command = self.recipe(r"^rsync .* site/ publish/")
        run(command, self.work)
        self.verify(self.recipe(r"^tessera verify --published publish/"))
        self.assertPublished(self.work / "publish")

    def test_github_pages_branch(self):
        origin = self.work / "origin.git"
        run(f"git init -q --bare {origin}", self.work)
        steps = [line.strip() for line in README.split("<!-- gh-pages-branch:begin -->")[1]
                 .split("<!-- gh-pages-branch:end -->")[0].splitlines() if line.strip() and not line.startswith("```")]
        script = "\n".join(steps).replace("git@github.com:YOUR-NAME/YOUR-PHOTOS.git", str(origin))
        self.assertIn("tessera verify --published gh-pages/", script, "the recipe checks the copy before pushing")
        script = script.replace("tessera verify", f"{TESSERA} verify")
        run(script, self.work)
        clone = self.work / "clone"
        run(f"git clone -q --branch gh-pages {origin} {clone}", self.work)
        self.assertPublished(clone)

    def test_github_actions_workflow_runs_the_same_build(self):
        workflow = (ROOT / "docs" / "publishing" / "github-pages.yml").read_text(encoding="utf-8")
        self.assertIn("tessera build photos -o site --strict", workflow)
        self.assertIn("rm -f site/.tessera-*", workflow)
        self.assertIn("tessera verify --published site", workflow)
        self.assertIn("docs/publishing/github-pages.yml", README)


if __name__ == "__main__":
    unittest.main()

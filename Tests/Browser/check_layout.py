#!/usr/bin/env python3
"""Checks Tessera's justified grid in headless Chromium, with JavaScript disabled.

Builds a gallery of extreme and everyday photo shapes into a temporary folder, opens every
album page straight from disk at phone to wide-desktop widths, and checks that each tile
keeps its photo's shape, rows share one height and fill the grid, nothing overlaps or runs
off the page, the rows are the ones the engine wrote, and nothing moves when the images
arrive (compared with a second browser that blocks images).

Then each page again at each width in viewports as tall as the page itself (a pixel short
of it and exactly it, with and without its scrollbar's room), with images and without:
its tiles must be where they are when the page scrolls. A page at that edge may or may not
get a scrollbar, and classic scrollbars (Chromium on Linux, as here) take 15 px of the
width the grid is laid out for, unless the stylesheet keeps their room either way
(`scrollbar-gutter: stable`, in base.css).

With --language (`ar`, `he`: right to left) the site is built in that language and a row
runs from the grid's right edge, in document order from right to left.
With --page-size N the site is built with `--page-size N`, so albums of more photos are cut
into pages (index.html, page-2.html, …) and every page is checked the same way.

Usage: check_layout.py --tessera PATH [--theme NAME] [--language TAG] [--screenshots DIR] [--page-size N]
Prints one line per page and width (and one for it at its own height), then "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import contextlib
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

SYSTEM_PYTHON = "/usr/bin/python3"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

VIEWPORT_WIDTHS = (320, 375, 768, 1024, 1366, 1920, 2560)
VIEWPORT_HEIGHT = 900
SCREENSHOT_WIDTHS = (375, 1280)

ASPECT_TOLERANCE = 1.0
ROW_HEIGHT_TOLERANCE = 1.0
FILL_TOLERANCE = 1.5
SHIFT_TOLERANCE = 0.5
# Sub-pixel noise allowed where the answer should be exact (overlap, order, overflow).
EPSILON = 0.01
IMAGE_TIMEOUT = 20.0

# Width:height shapes the grid must handle, from panoramas to strips.
EXTREME_SHAPES = ((10, 1), (6, 1), (1, 5), (1, 3), (3, 2), (2, 3), (4, 3), (16, 9), (9, 16), (1, 1))
RANDOM_PHOTO_COUNT = 40
RANDOM_SEED = 20240611

# Reads everything the checks need in one round trip. Runs through the WebDriver (DevTools)
# channel, which works while the page's own scripts are disabled; probe_javascript() proves
# they stay disabled.
MEASURE_SCRIPT = """
const box = (element) => {
  const r = element.getBoundingClientRect();
  return {left: r.left + scrollX, top: r.top + scrollY, width: r.width, height: r.height};
};
const grid = document.querySelector('.grid[data-layout=justified]');
const images = Array.from(document.images);
return {
  innerWidth: innerWidth,
  rightToLeft: getComputedStyle(grid || document.body).direction === 'rtl',
  scrollWidth: document.documentElement.scrollWidth,
  clientWidth: document.documentElement.clientWidth,
  imagesLoaded: images.filter((i) => i.complete && i.naturalWidth > 0).length,
  imageCount: images.length,
  grid: grid ? box(grid) : null,
  tiles: grid ? Array.from(grid.querySelectorAll(':scope > .tile')).map((tile) => {
    const img = tile.querySelector('img');
    return Object.assign(box(tile), {
      alt: img ? img.getAttribute('alt') : '',
      widthAttr: img ? Number(img.getAttribute('width')) : 0,
      heightAttr: img ? Number(img.getAttribute('height')) : 0,
      style: tile.getAttribute('style') || '',
    });
  }) : [],
};
"""

# The page's own height twice: with its scrollbar's room taken and without. Where scrollbars
# take room (classic ones: Chromium on Linux and Windows, 15 px) and the stylesheet does not
# keep it either way, the content is narrower with one, so the grid (laid out for the content's
# width) is lower; a viewport between the two heights has a page that needs a scrollbar
# without one and none with one, and which of the two the browser settles on can differ
# between loads. Read in a viewport shorter than the page, so scrollHeight is the page's own.
EDGE_PROBE = """
const root = document.documentElement;
const heights = {};
for (const overflow of ['hidden', 'scroll']) {
  root.style.setProperty('overflow-y', overflow, 'important');
  heights[overflow] = root.scrollHeight;
}
root.style.removeProperty('overflow-y');
return heights;
"""
EDGE_PROBE_HEIGHT = 100

PROBE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>static</title></head>
<body><p id="state" data-state="static">static</p>
<noscript><p id="noscript">scripting is off</p></noscript>
<script>document.getElementById('state').setAttribute('data-state', 'script ran');
document.title = 'script ran';</script></body></html>
"""


def import_selenium():
    """Returns selenium's webdriver module, its Chrome Service class and its base exception,
    re-running under the system Python if this one lacks them.

    The Makefile calls plain `python3`, which may be a pyenv interpreter without Debian's
    python3-selenium; /usr/bin/python3 has it.
    """
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
            sys.stdout.flush()
            os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])
        raise
    return webdriver, Service, WebDriverException


class SetupError(Exception):
    """The test could not run (build failed, browser missing, …): counts as one failure."""


# ---------------------------------------------------------------------------------------
# The album


def png_bytes(width, height, rgb):
    """A solid-colour 8-bit RGB PNG of the given size, encoded with zlib and struct only."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" + bytes(rgb) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(row * height, 6)) + chunk(b"IEND", b""))


def write_png(path, width, height, rng):
    """Writes a PNG of `width` × `height` in a random muted colour."""
    colour = [rng.randint(40, 200) for _ in range(3)]
    path.write_bytes(png_bytes(width, height, colour))


def random_size(rng):
    """A real-world-looking pixel size: odd dimensions, mostly between 1:3 and 3:1."""
    ratio = 3 ** rng.uniform(-1, 1)
    long_edge = rng.randint(400, 1400)
    if ratio >= 1:
        return long_edge, max(16, round(long_edge / ratio))
    return max(16, round(long_edge * ratio)), long_edge


def make_album(tessera, album):
    """Writes the test album: Tessera's sample plus extreme shapes and random shapes.

    Layout: the sample's own albums, `Extreme shapes/` (10:1 … 1:5), `Random shapes/`
    (RANDOM_PHOTO_COUNT seeded random sizes) and `Everything/` (copies of every sample photo
    mixed with the extreme shapes, the longest grid).
    """
    run([tessera, "sample", str(album)], "tessera sample")
    rng = random.Random(RANDOM_SEED)
    extreme = album / "Extreme shapes"
    extreme.mkdir()
    for w, h in EXTREME_SHAPES:
        scale = 1500 / max(w, h)
        write_png(extreme / f"shape {w}x{h}.png", round(w * scale), round(h * scale), rng)
    shapes = album / "Random shapes"
    shapes.mkdir()
    for index in range(RANDOM_PHOTO_COUNT):
        width, height = random_size(rng)
        write_png(shapes / f"random {index:02d} {width}x{height}.png", width, height, rng)
    everything = album / "Everything"
    everything.mkdir()
    for index, photo in enumerate(sorted(album.rglob("*.jpg"))):
        shutil.copyfile(photo, everything / f"{index:02d} {photo.name}")
    for index, png in enumerate(sorted(extreme.iterdir())):
        shutil.copyfile(png, everything / f"{index * 3 + 1:02d}b {png.name}")


def run(command, what):
    """Runs `command`, raising SetupError with its output when it fails."""
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise SetupError(f"{what} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


def grid_pages(site):
    """The site's pages that contain a justified grid, home page first."""
    pages = [p for p in site.rglob("*.html") if 'data-layout="justified"' in p.read_text(encoding="utf-8")]
    return sorted(pages, key=lambda p: (p != site / "index.html", str(p)))


def pages_with_scripts(site):
    """Names of album pages (the grid's) that carry a script or an inline event handler
    (should be none: the grid is HTML and CSS alone). The photo viewer's deferred
    `assets/viewer.js` is allowed (it only opens photos over the page; the grid is laid out
    without it, and these checks run with scripts off); photo pages may carry the optional
    script for arrow keys and swipes; their links work without it."""
    viewer = re.compile(r'<script src="(\.\./)*assets/viewer\.js" defer[^>]*></script>', re.IGNORECASE)
    pattern = re.compile(r"<script|\son[a-z]+\s*=|javascript:", re.IGNORECASE)
    album_pages = list(site.rglob("index.html")) + list(site.rglob("page-*.html"))
    return [str(p.relative_to(site)) for p in album_pages
            if pattern.search(viewer.sub("", p.read_text(encoding="utf-8")))]


def container_breakpoints(site):
    """The grid's `@container (min-width: …)` thresholds, ascending, from the site stylesheet."""
    css = "".join(p.read_text(encoding="utf-8") for p in site.glob("*.css"))
    widths = re.findall(r"@container\s+tessera-gallery\s*\(min-width:\s*([\d.]+)px\)", css)
    return sorted(float(w) for w in widths)


# ---------------------------------------------------------------------------------------
# The browser


def start_browser(webdriver, service_class, block_images):
    """Starts headless Chromium with page scripts disabled (and images too, if asked)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1", "--window-size=1400,1000"):
        options.add_argument(argument)
    prefs = {"profile.managed_default_content_settings.javascript": 2}
    if block_images:
        prefs["profile.managed_default_content_settings.images"] = 2
    options.add_experimental_option("prefs", prefs)
    try:
        return webdriver.Chrome(service=service_class(CHROMEDRIVER), options=options)
    except Exception as error:  # the driver's own exception types vary between versions
        raise SetupError(f"cannot start Chromium through {CHROMEDRIVER}: {error}") from error


def probe_javascript(driver, probe_url):
    """Raises SetupError unless page scripts are off in `driver`: a probe page's script must
    not run and its `<noscript>` must show. Read through WebDriver's DOM commands only."""
    driver.get(probe_url)
    state = driver.find_element("id", "state").get_dom_attribute("data-state")
    noscript = driver.find_elements("id", "noscript")
    if state != "static" or driver.title != "static" or not noscript:
        raise SetupError(f"page JavaScript is not disabled (probe state {state!r}, title {driver.title!r})")


def set_viewport(driver, width, height):
    """Makes the viewport exactly `width` × `height` CSS px at device scale factor 1."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def measure(driver, url, want_images):
    """Loads `url` and returns MEASURE_SCRIPT's answer; with `want_images`, only once every
    image has loaded (raises TimeoutError if they never do). A blocked image never completes,
    so without images the page is measured as soon as it has loaded."""
    driver.get(url)
    deadline = time.monotonic() + IMAGE_TIMEOUT
    while True:
        page = driver.execute_script(MEASURE_SCRIPT)
        if not want_images or page["imagesLoaded"] == page["imageCount"]:
            return page
        if time.monotonic() > deadline:
            raise TimeoutError(f"{page['imagesLoaded']} of {page['imageCount']} images loaded "
                               f"after {IMAGE_TIMEOUT:.0f} s")
        time.sleep(0.1)


def save_screenshot(driver, url, width, path):
    """Saves a full-page PNG of `url` at viewport `width`: scrollbars hidden and the viewport
    made as tall as the page, so nothing is cut off."""
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    try:
        set_viewport(driver, width, VIEWPORT_HEIGHT)
        measure(driver, url, want_images=True)
        height = driver.execute_script("return document.documentElement.scrollHeight")
        set_viewport(driver, width, max(VIEWPORT_HEIGHT, height))
        path.write_bytes(driver.get_screenshot_as_png())
    finally:
        driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": False})


# ---------------------------------------------------------------------------------------
# The checks


@dataclass
class Outcome:
    """One page × width: its worst numbers and what failed."""
    page: str
    width: int
    grid_width: float
    tiles: int
    rows: int
    aspect: float = 0.0
    fill: float = 0.0
    shift: float = 0.0
    problems: list = field(default_factory=list)

    def fail(self, message):
        """Records a failed check."""
        self.problems.append(message)


def rows_of(tiles):
    """Tiles grouped into rows by their rounded top edge, in document order."""
    rows = {}
    for tile in tiles:
        rows.setdefault(round(tile["top"]), []).append(tile)
    return [rows[top] for top in sorted(rows)]


def engine_row_sizes(tiles, breakpoints, grid_width):
    """The row lengths the engine wrote for this grid width: the active breakpoint is the
    number of `@container` thresholds at or below the width, and a tile's `--k<b>` (its row's
    gap count, inherited from earlier breakpoints when omitted) says how long its row is."""
    active = sum(1 for b in breakpoints if b <= grid_width)
    sizes, index = [], 0
    while index < len(tiles):
        values = dict(re.findall(r"--([a-z][0-9a-z]):([^;]+)", tiles[index]["style"]))
        gaps = 0
        for step in range(active + 1):
            gaps = int(values.get("k" + base36(step), gaps))
        sizes.append(gaps + 1)
        index += gaps + 1
    return sizes


def base36(number):
    """`number` in base 36 with lower-case digits, as the engine names its properties."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if number == 0:
            return text


def overlap(a, b):
    """Area shared by two rectangles, ignoring sub-pixel contact."""
    width = min(a["left"] + a["width"], b["left"] + b["width"]) - max(a["left"], b["left"])
    height = min(a["top"] + a["height"], b["top"] + b["height"]) - max(a["top"], b["top"])
    return width * height if width > EPSILON and height > EPSILON else 0.0


def check_geometry(outcome, page, breakpoints):
    """Shape, row height, row fill, overlap, order, overflow and engine rows of one loaded page."""
    grid, tiles = page["grid"], page["tiles"]
    if page["scrollWidth"] > page["clientWidth"]:
        outcome.fail(f"horizontal scrollbar: scrollWidth {page['scrollWidth']} > clientWidth {page['clientWidth']}")
    for tile in tiles:
        expected = tile["width"] * tile["heightAttr"] / tile["widthAttr"]
        error = abs(tile["height"] - expected)
        outcome.aspect = max(outcome.aspect, error)
        if error > ASPECT_TOLERANCE:
            outcome.fail(f"tile {tile['alt']!r}: {tile['width']:.3f}×{tile['height']:.3f} px, "
                         f"expected height {expected:.3f} (img {tile['widthAttr']}×{tile['heightAttr']})")
    rows = rows_of(tiles)
    for number, row in enumerate(rows, 1):
        heights = [t["height"] for t in row]
        if max(heights) - min(heights) > ROW_HEIGHT_TOLERANCE:
            outcome.fail(f"row {number} (from {row[0]['alt']!r}): heights {min(heights):.3f}–{max(heights):.3f} px")
        # A row starts at the grid's left edge, or at its right edge in a right-to-left page.
        low, high = min(t["left"] for t in row), max(t["left"] + t["width"] for t in row)
        start = grid["left"] + grid["width"] - high if page.get("rightToLeft") else low - grid["left"]
        span = high - low
        if number < len(rows):
            error = max(abs(span - grid["width"]), abs(start))
            outcome.fill = max(outcome.fill, error)
            if error > FILL_TOLERANCE:
                outcome.fail(f"row {number} (from {row[0]['alt']!r}): spans {span:.3f} px from {start:.3f}, "
                             f"grid is {grid['width']:.3f} px")
        elif span > grid["width"] + EPSILON or abs(start) > FILL_TOLERANCE:
            outcome.fill = max(outcome.fill, span - grid["width"], abs(start))
            outcome.fail(f"last row (from {row[0]['alt']!r}): spans {span:.3f} px from {start:.3f}, "
                         f"grid is {grid['width']:.3f} px")
    backwards = bool(page.get("rightToLeft"))
    ordered = [t for row in rows for t in sorted(row, key=lambda t: t["left"], reverse=backwards)]
    if ordered != tiles:
        first = next(a for a, b in zip(tiles, ordered) if a is not b)
        across = "right to left" if backwards else "left to right"
        outcome.fail(f"tile {first['alt']!r} is out of document order ({across}, top to bottom)")
    for index, a in enumerate(tiles):
        for b in tiles[index + 1:]:
            if overlap(a, b):
                outcome.fail(f"tiles {a['alt']!r} and {b['alt']!r} overlap by {overlap(a, b):.3f} px²")
    expected_rows = engine_row_sizes(tiles, breakpoints, grid["width"])
    actual_rows = [len(row) for row in rows]
    if expected_rows != actual_rows:
        outcome.fail(f"rows of {actual_rows} tiles, the engine wrote {expected_rows}")


def check_shift(outcome, loaded, blocked):
    """Every tile's rectangle must be the same with images loaded and blocked."""
    if len(loaded["tiles"]) != len(blocked["tiles"]):
        outcome.fail(f"{len(loaded['tiles'])} tiles with images, {len(blocked['tiles'])} without")
        return
    if blocked["imagesLoaded"]:
        outcome.fail(f"{blocked['imagesLoaded']} images loaded in the browser that blocks images")
    for a, b in zip(loaded["tiles"], blocked["tiles"]):
        shift = max(abs(a[key] - b[key]) for key in ("left", "top", "width", "height"))
        outcome.shift = max(outcome.shift, shift)
        if shift > SHIFT_TOLERANCE:
            outcome.fail(f"tile {a['alt']!r} moves {shift:.3f} px when its image loads: "
                         f"{rect_text(b)} without, {rect_text(a)} with")


def rect_text(tile):
    """`x,y w×h` of a measured rectangle, for messages."""
    return f"{tile['left']:.2f},{tile['top']:.2f} {tile['width']:.2f}×{tile['height']:.2f}"


def check_page_at_width(browsers, url, name, width, breakpoints):
    """Runs every check on one page at one viewport width and returns its Outcome."""
    pages = {}
    for key, driver in browsers.items():
        set_viewport(driver, width, VIEWPORT_HEIGHT)
        pages[key] = measure(driver, url, want_images=key == "loaded")
    loaded = pages["loaded"]
    grid = loaded["grid"] or {"width": 0.0}
    outcome = Outcome(page=name, width=width, grid_width=grid["width"], tiles=len(loaded["tiles"]),
                      rows=len(rows_of(loaded["tiles"])))
    if loaded["innerWidth"] != width:
        outcome.fail(f"viewport is {loaded['innerWidth']} px wide, not {width}")
    if not loaded["tiles"]:
        outcome.fail("no tiles in the grid")
        return outcome
    check_geometry(outcome, loaded, breakpoints)
    check_shift(outcome, loaded, pages["blocked"])
    return outcome


def edge_heights(heights):
    """The viewport heights at the page's edge, from EDGE_PROBE's two heights: a pixel short
    of and exactly at each, and halfway between them (where they differ, the heights a page
    could take either layout at)."""
    low, high = sorted((heights["scroll"], heights["hidden"]))
    return sorted({h for h in (low - 1, low, (low + high) // 2, high - 1, high) if h > 0}), low, high


def check_edge(browsers, url, name, width, breakpoints):
    """Runs the page at `width` in viewports as tall as the page itself (edge_heights), with
    images and without: its grid must be the one it has in a viewport half its height, where
    it surely scrolls, tile for tile. Returns its Outcome."""
    driver = browsers["loaded"]
    set_viewport(driver, width, EDGE_PROBE_HEIGHT)
    driver.get(url)
    heights, low, high = edge_heights(driver.execute_script(EDGE_PROBE))
    set_viewport(driver, width, max(1, low // 2))
    reference = measure(driver, url, want_images=True)
    span = f"{low} px" if low == high else f"{low}–{high} px"
    outcome = Outcome(page=f"{name} at its own height ({span})", width=width,
                      grid_width=(reference["grid"] or {"width": 0.0})["width"], tiles=len(reference["tiles"]),
                      rows=len(rows_of(reference["tiles"])))
    if not reference["tiles"]:
        outcome.fail("no tiles in the grid")
        return outcome
    for height in heights:
        for key, browser in browsers.items():
            set_viewport(browser, width, height)
            page = measure(browser, url, want_images=key == "loaded")
            where = f"in a {height} px tall viewport, images {'loaded' if key == 'loaded' else 'blocked'}"
            if key == "loaded":
                geometry = Outcome(page=name, width=width, grid_width=0.0, tiles=0, rows=0)
                check_geometry(geometry, page, breakpoints)
                outcome.aspect, outcome.fill = max(outcome.aspect, geometry.aspect), max(outcome.fill, geometry.fill)
                for problem in geometry.problems:
                    outcome.fail(f"{where}: {problem}")
            compare_with_scrolling(outcome, reference, page, where)
    return outcome


def compare_with_scrolling(outcome, reference, page, where):
    """Every tile of `page` must be where it is in `reference` (the page scrolling), within
    SHIFT_TOLERANCE; records the grid's widths and the worst tile when not."""
    if len(page["tiles"]) != len(reference["tiles"]) or not page["grid"]:
        outcome.fail(f"{where}: {len(page['tiles'])} tiles, {len(reference['tiles'])} when the page scrolls")
        return
    moves = [(max(abs(a[key] - b[key]) for key in ("left", "top", "width", "height")), a, b)
             for a, b in zip(page["tiles"], reference["tiles"])]
    worst, tile, scrolling = max(moves, key=lambda move: move[0])
    outcome.shift = max(outcome.shift, worst)
    if worst > SHIFT_TOLERANCE:
        moved = sum(1 for move in moves if move[0] > SHIFT_TOLERANCE)
        outcome.fail(f"{where}: the grid is {page['grid']['width']:.2f} px wide, {reference['grid']['width']:.2f} "
                     f"when the page scrolls; {moved} tiles move, {tile['alt']!r} the most ({worst:.3f} px): "
                     f"{rect_text(tile)} here, {rect_text(scrolling)} when the page scrolls")


def report(outcome):
    """Prints one page × width line, and the failures under it."""
    status = "FAIL" if outcome.problems else "ok  "
    print(f"{status} {outcome.page} @ {outcome.width}px: grid {outcome.grid_width:.2f}px, {outcome.tiles} tiles "
          f"in {outcome.rows} rows; worst aspect {outcome.aspect:.3f}px, fill {outcome.fill:.3f}px, "
          f"shift {outcome.shift:.3f}px", flush=True)
    for problem in outcome.problems:
        print(f"     {outcome.page} @ {outcome.width}px: {problem}", flush=True)


def summarise(outcomes):
    """Prints the worst numbers per width and overall (nothing when no check ran)."""
    if not outcomes:
        return
    print("worst per viewport width (aspect / fill / shift, px):")
    for width in VIEWPORT_WIDTHS:
        mine = [o for o in outcomes if o.width == width]
        if mine:
            print(f"  {width:>5}: {max(o.aspect for o in mine):.3f} / {max(o.fill for o in mine):.3f} / "
                  f"{max(o.shift for o in mine):.3f}")
    print(f"overall worst: aspect error {max(o.aspect for o in outcomes):.3f}px, "
          f"fill error {max(o.fill for o in outcomes):.3f}px, shift {max(o.shift for o in outcomes):.3f}px")


def run_checks(tessera, theme, screenshots, work, browsers_stack, webdriver, service_class, language=None,
               page_size=None):
    """Builds the album and site in `work` in built-in theme `theme` (in `language` when given,
    cut into pages of `page_size` when given), checks every grid page at every width and
    returns the outcomes; saves screenshots into `screenshots` when given."""
    album, site = work / "photos", work / "site"
    make_album(tessera, album)
    command = [tessera, "build", album, "-o", site, "--theme", theme, "--quiet"]
    if page_size:
        command += ["--page-size", str(page_size)]
    if language:
        config = work / "tessera.yaml"
        config.write_text(f"language: {language}\n", encoding="utf-8")
        command += ["--config", config]
    print(run(command, "tessera build").strip() or "site built", flush=True)
    run([tessera, "verify", site, "--quiet"], "tessera verify")
    pages = grid_pages(site)
    if page_size and not any(p.name.startswith("page-") for p in pages):
        raise SetupError(f"--page-size {page_size} cut no album into pages")
    if len(pages) < 3:
        raise SetupError(f"expected several album pages with a grid, found {len(pages)}")
    scripted = pages_with_scripts(site)
    if scripted:
        raise SetupError(f"generated pages contain scripts: {', '.join(scripted)}")
    breakpoints = container_breakpoints(site)
    probe = work / "probe.html"
    probe.write_text(PROBE_PAGE, encoding="utf-8")
    browsers = {}
    for key in ("loaded", "blocked"):
        browsers[key] = start_browser(webdriver, service_class, block_images=key == "blocked")
        browsers_stack.callback(browsers[key].quit)
        probe_javascript(browsers[key], probe.as_uri())
    print(f"page JavaScript disabled in both browsers (probe script did not run); "
          f"{len(pages)} pages × {len(VIEWPORT_WIDTHS)} widths", flush=True)
    outcomes = []
    for page in pages:
        name = str(page.relative_to(site))
        for width in VIEWPORT_WIDTHS:
            try:
                outcome = check_page_at_width(browsers, page.as_uri(), name, width, breakpoints)
            except TimeoutError as error:
                outcome = Outcome(page=name, width=width, grid_width=0.0, tiles=0, rows=0, problems=[str(error)])
            report(outcome)
            outcomes.append(outcome)
            try:
                edge = check_edge(browsers, page.as_uri(), name, width, breakpoints)
            except TimeoutError as error:
                edge = Outcome(page=f"{name} at its own height", width=width, grid_width=0.0, tiles=0, rows=0,
                               problems=[str(error)])
            report(edge)
            outcomes.append(edge)
    for driver in browsers.values():
        probe_javascript(driver, probe.as_uri())
    if screenshots:
        take_screenshots(browsers["loaded"], site, pages, screenshots)
    return outcomes


def take_screenshots(driver, site, pages, folder):
    """Full-page screenshots of the home page and one album (Travels if present) at
    SCREENSHOT_WIDTHS, for the README."""
    folder.mkdir(parents=True, exist_ok=True)
    album = next((p for p in pages if p.parent.name == "travels"), pages[1])
    for page, label in ((site / "index.html", "home"), (album, "album")):
        for width in SCREENSHOT_WIDTHS:
            path = folder / f"{label}-{width}.png"
            save_screenshot(driver, page.as_uri(), width, path)
            print(f"screenshot {path}", flush=True)


def main():
    """Parses the arguments, runs the checks and prints the summary; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tessera", required=True, type=Path, help="the tessera binary to test")
    parser.add_argument("--theme", default="default", help="the built-in theme to build with (default: default)")
    parser.add_argument("--screenshots", type=Path, help="also save full-page screenshots into DIR")
    parser.add_argument("--language", help="build the site in this language (its tessera.yaml 'language:')")
    parser.add_argument("--page-size", type=int, help="build with --page-size N, cutting albums into pages")
    arguments = parser.parse_args()
    print(f"theme {arguments.theme}", flush=True)
    webdriver, service_class, driver_error = import_selenium()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tessera = arguments.tessera.resolve()
    outcomes, setup_failures = [], 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tessera-browser-") as folder, contextlib.ExitStack() as browsers:
        try:
            outcomes = run_checks(tessera, arguments.theme, arguments.screenshots, Path(folder), browsers, webdriver,
                                  service_class, arguments.language, arguments.page_size)
        except (SetupError, driver_error) as error:
            print(f"error: {error}", flush=True)
            setup_failures = 1
    summarise(outcomes)
    passed = sum(1 for o in outcomes if not o.problems)
    failed = len(outcomes) - passed + setup_failures
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

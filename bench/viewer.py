#!/usr/bin/env python3
"""The viewer benchmark behind `make viewer-bench`: how fast the 200-photo album reaches a
visitor, Tessera against sigal, measured in headless Chromium with a throttled network.

    bench/viewer.py [--runs N] [--tessera PATH] [--skip-build] [--gzip]

Builds bench/work/photos (made by bench/run's corpus step, which this runs when it is
missing) with Tessera and with sigal (bench/run's sizes), serves each output on 127.0.0.1
with a plain static server, and loads each tool's album page (and Tessera's first photo
page) in a fresh headless Chromium per run, with the cache disabled, on two profiles:
phone (375×667 at 3×, 9 Mbit/s down, 150 ms round trip) and laptop (1280×800 at 1×,
20 Mbit/s, 40 ms). It reads Largest Contentful Paint, cumulative layout shift, and the
requests and bytes (Resource Timing transferSize, navigation included) once the page has
loaded and gone quiet, then again after scrolling to the end. With --gzip the server sends
HTML, CSS and JavaScript gzipped, as most hosts do (without it, every file as it is).
Prints a Markdown table of medians, also saved to bench/work/viewer-results.md, and
PASS/MISS per target of issue 13; the targets never fail the run. See bench/README.md.
"""

import argparse
import functools
import gzip
import io
import http.server
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import re
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "bench" / "work"
SYSTEM_PYTHON = "/usr/bin/python3"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
JOBS = 2
QUALITY = 82
SIGAL = "sigal==2.6.1"
WITHOUT_VIEWER = "tessera-without-viewer"
PACKAGES = ("python3-venv", "mate-backgrounds", "plasma-workspace-wallpapers", "chromium", "chromium-driver",
            "python3-selenium")

# name: viewport, device pixel ratio, mobile, down / up in bit/s, round trip in ms.
PROFILES = {
    "phone": dict(width=375, height=667, scale=3, mobile=True, down=9e6, up=3e6, rtt=150),
    "laptop": dict(width=1280, height=800, scale=1, mobile=False, down=20e6, up=5e6, rtt=40),
}

# Bounds on every wait, in seconds.
PAGE_LOAD_TIMEOUT = 60
QUIET_AFTER = 0.5       # the network counts as quiet after this long with nothing in flight
QUIET_TIMEOUT = 60
SCROLL_TIMEOUT = 180
SCROLL_PAUSE = 0.15
BUILD_TIMEOUT = 900

# Runs before any of the page's own scripts: a resource buffer large enough for 200+ images
# (the default keeps 250 entries), and observers for LCP and layout shifts. The
# `buffered: true` ones would see earlier entries too; registering first keeps all.
INIT_SCRIPT = """
(() => {
  performance.setResourceTimingBufferSize(100000);
  const state = window.__viewerBench = {lcp: null, lcpWhat: '', cls: 0, shifts: 0, shifted: []};
  const describe = (element) => element ? element.tagName.toLowerCase() +
      (element.currentSrc ? ' ' + element.currentSrc.replace(location.origin, '') : '') : '(removed)';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.lcp = entry.startTime;
      state.lcpWhat = describe(entry.element) + ' ' + entry.size + ' px²';
    }
  }).observe({type: 'largest-contentful-paint', buffered: true});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      state.cls += entry.value;
      state.shifts += 1;
      // What moved, for the per-run list: the first few sources, with both rectangles.
      for (const source of (entry.sources || []).slice(0, 2)) {
        if (state.shifted.length >= 4) break;
        const node = source.node;
        const name = node ? (node.nodeType === 1 ? node.tagName.toLowerCase() +
            (node.className ? '.' + String(node.className).split(' ')[0] : '') : node.nodeName) : '(gone)';
        const r = (b) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`;
        state.shifted.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${name} ` +
            `${r(source.previousRect)} → ${r(source.currentRect)}`);
      }
    }
  }).observe({type: 'layout-shift', buffered: true});
})();
"""

READ_STATE = """
const state = window.__viewerBench || {};
const navigation = performance.getEntriesByType('navigation')[0];
const resources = performance.getEntriesByType('resource');
const bytes = resources.reduce((sum, r) => sum + r.transferSize, navigation ? navigation.transferSize : 0);
const loadEnd = navigation ? navigation.loadEventEnd : 0;
const byLoad = resources.filter((r) => r.responseEnd <= loadEnd);
return {lcp: state.lcp, lcpWhat: state.lcpWhat, cls: state.cls, shifts: state.shifts, shifted: state.shifted,
        requests: resources.length + 1, bytes: bytes,
        loadEventRequests: byLoad.length + 1,
        loadEventBytes: byLoad.reduce((sum, r) => sum + r.transferSize, navigation ? navigation.transferSize : 0),
        zeroSized: resources.filter((r) => r.transferSize === 0).length,
        scrollY: scrollY, innerHeight: innerHeight,
        scrollHeight: document.documentElement.scrollHeight, ready: document.readyState};
"""

FIRST_PHOTO_LINK = """
const tile = document.querySelector('a.tile[href]');
if (tile) return tile.href;
const links = Array.from(document.querySelectorAll('main a[href$=".html"]'))
  .filter((a) => !a.href.endsWith('/index.html'));
return links.length ? links[0].href : null;
"""


def log(message):
    print(message, flush=True)


def run(command, what, timeout=BUILD_TIMEOUT, **options):
    log("   $ " + " ".join(str(c) for c in command))
    result = subprocess.run([str(c) for c in command], timeout=timeout, **options)
    if result.returncode != 0:
        sys.exit(f"error: {what} failed ({result.returncode})")


# ---------------------------------------------------------------------------------------
# Photos and sites


def prepare_corpus():
    """What bench/run's start does: packages, sigal in bench/work/venv, the corpus (made once)."""
    run([ROOT / "scripts" / "install-packages", *PACKAGES], "installing Debian packages")
    venv = WORK / "venv"
    if not (venv / "bin" / "sigal").exists():
        log(f"== sigal from PyPI into {venv}")
        run([SYSTEM_PYTHON, "-m", "venv", venv], "python3 -m venv")
        run([venv / "bin" / "pip", "install", "--quiet", "--disable-pip-version-check", SIGAL], "pip install sigal")
    if not (WORK / "photos").is_dir():
        log("== Corpus (made once, kept in bench/work)")
        run([venv / "bin" / "python", ROOT / "bench" / "corpus.py", WORK], "bench/corpus.py")


def sigal_config(photos, destination):
    """The same sizes as bench/run's sigal configuration."""
    path = WORK / "sigal-viewer.conf.py"
    path.write_text(f'''# Generated by bench/viewer.py: the same sizes as bench/run (Tessera's defaults).
source = "{photos}"
destination = "{destination}"
img_processor = "ResizeToFit"
img_size = (2048, 2048)
thumb_fit = False
thumb_size = (100000, 360)
make_thumbs = True
keep_orig = False
zip_gallery = False
copy_exif_data = False
autorotate_images = True
jpg_options = {{"quality": {QUALITY}, "optimize": True, "progressive": True}}
''', encoding="utf-8")
    return path


def build_sites(tessera, out):
    photos = WORK / "photos"
    log("== Tessera build")
    run([tessera, "build", photos, "-o", out / "tessera", "--jobs", JOBS, "--quality", QUALITY, "--quiet"],
        "tessera build")
    log("== sigal build")
    run([WORK / "venv" / "bin" / "sigal", "build", "-c", sigal_config(photos, out / "sigal"), "--ncpu", JOBS, "-q"],
        "sigal build")


# The viewer's one tag in every page's head (Templates/*/head.mustache): without it the
# pages are exactly what a visitor with JavaScript off gets, the viewer's cost is nothing.
VIEWER_SCRIPT = re.compile(rb'<script src="[^"]*viewer\.js"[^>]*></script>')


def without_viewer(site, copy):
    """`copy`: Tessera's site with the viewer's script tag taken out of every page (other
    files hard-linked, not copied), so each run measures the album with and without the
    viewer side by side, on the same files, interleaved. Returns how many pages had it."""
    shutil.rmtree(copy, ignore_errors=True)
    pages = 0
    for folder, _, names in os.walk(site):
        target = Path(copy) / Path(folder).relative_to(site)
        target.mkdir(parents=True, exist_ok=True)
        for name in names:
            source = Path(folder) / name
            if name.endswith(".html"):
                html, count = VIEWER_SCRIPT.subn(b"", source.read_bytes())
                pages += 1 if count else 0
                (target / name).write_bytes(html)
            else:
                os.link(source, target / name)
    return pages


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as any real server

    def log_message(self, *_):
        pass


class GzipHandler(QuietHandler):
    """Sends HTML, CSS and JavaScript gzipped (level 6) to a browser that accepts it, as
    GitHub Pages, Netlify or nginx's `gzip on` do; images and video as they are."""

    COMPRESSED = (".html", ".css", ".js")

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not (path.endswith(self.COMPRESSED) and os.path.isfile(path)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        with open(path, "rb") as file:
            body = gzip.compress(file.read(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that quits drops its idle keep-alive connections: not worth a traceback.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def serve(folder, compress=False):
    """A plain static server for `folder` on 127.0.0.1 in a thread (with `compress`, its
    text gzipped); returns (server, base URL)."""
    handler = GzipHandler if compress else QuietHandler
    server = Server(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# ---------------------------------------------------------------------------------------
# The browser


def import_selenium():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
            os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])
        raise
    return webdriver, Service


def start_browser(webdriver, service_class, profile, init_script=INIT_SCRIPT):
    """A fresh headless Chromium with the cache off, `profile`'s screen (and network, when it
    names a round trip), and `init_script` run before each page's own scripts."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking",
                     # Only loopback: anything a page asks of another host fails at once.
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=service_class(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(PAGE_LOAD_TIMEOUT)
    driver.set_script_timeout(30)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    if "rtt" in profile:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": profile["rtt"],
            "downloadThroughput": profile["down"] / 8, "uploadThroughput": profile["up"] / 8})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": profile["width"], "height": profile["height"], "deviceScaleFactor": profile["scale"],
        "mobile": profile["mobile"]})
    if profile["mobile"]:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": init_script})
    return driver


class Network:
    """Requests in flight, from the browser's performance log (Network.* events)."""

    def __init__(self, driver):
        self.driver = driver
        self.in_flight = set()
        self.failed = []

    def poll(self):
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message.get("method", ""), message.get("params", {})
            if method == "Network.requestWillBeSent":
                self.in_flight.add(params["requestId"])
            elif method in ("Network.loadingFinished", "Network.loadingFailed"):
                self.in_flight.discard(params["requestId"])
                if method == "Network.loadingFailed" and not params.get("canceled"):
                    self.failed.append(params.get("errorText", "?"))

    def wait_quiet(self, deadline):
        """Waits until nothing has been in flight for QUIET_AFTER seconds (or the deadline)."""
        quiet_since = None
        while time.monotonic() < deadline:
            self.poll()
            if self.in_flight:
                quiet_since = None
            elif quiet_since is None:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= QUIET_AFTER:
                return True
            time.sleep(0.05)
        return False


def measure(webdriver, service_class, profile, url):
    """One cold visit: returns the state after load (gone quiet) and after scrolling to the end."""
    driver = start_browser(webdriver, service_class, profile)
    try:
        network = Network(driver)
        driver.get(url)
        quiet = network.wait_quiet(time.monotonic() + QUIET_TIMEOUT)
        loaded = driver.execute_script(READ_STATE)
        loaded["quiet"] = quiet
        deadline = time.monotonic() + SCROLL_TIMEOUT
        # Step a screen at a time, letting lazy images start, until the end stays the end.
        while time.monotonic() < deadline:
            state = driver.execute_script("window.scrollBy(0, innerHeight); return "
                                          "[scrollY + innerHeight, document.documentElement.scrollHeight];")
            time.sleep(SCROLL_PAUSE)
            network.poll()
            if state[0] >= state[1] - 1:
                network.wait_quiet(deadline)
                after = driver.execute_script(READ_STATE)
                if after["scrollY"] + after["innerHeight"] >= after["scrollHeight"] - 1:
                    break
        scrolled = driver.execute_script(READ_STATE)
        scrolled["reached_end"] = scrolled["scrollY"] + scrolled["innerHeight"] >= scrolled["scrollHeight"] - 1
        scrolled["failed"] = list(network.failed)
        return loaded, scrolled
    finally:
        driver.quit()


def measure_with_retries(webdriver, service_class, profile, url, attempts=3):
    """`measure`, again in a fresh browser when Chromium's renderer stops answering (it
    happens now and then on a loaded machine: "Timed out receiving message from renderer");
    the visit that hung is dropped, as it measured nothing."""
    from selenium.common.exceptions import TimeoutException, WebDriverException
    for attempt in range(1, attempts + 1):
        try:
            return measure(webdriver, service_class, profile, url)
        except (TimeoutException, WebDriverException) as error:
            if attempt == attempts:
                raise
            log(f"   (visit {attempt} failed, {type(error).__name__}: {str(error).splitlines()[0][:120]}; again)")


def first_photo_page(webdriver, service_class, album_url):
    driver = start_browser(webdriver, service_class, PROFILES["laptop"])
    try:
        driver.get(album_url)
        return driver.execute_script(FIRST_PHOTO_LINK)
    finally:
        driver.quit()


# ---------------------------------------------------------------------------------------
# The table

METRICS = (  # key, label, from which state, format
    ("lcp", "LCP ms", 0, "{:.0f}"),
    ("cls", "CLS (load + scroll)", 1, "{:.4f}"),
    ("loadEventRequests", "requests by the load event", 0, "{:.0f}"),
    ("loadEventBytes", "KB by the load event", 0, "{:.0f}"),
    ("requests", "requests on load (until quiet)", 0, "{:.0f}"),
    ("bytes", "KB on load (until quiet)", 0, "{:.0f}"),
    ("requests", "requests after scrolling to the end", 1, "{:.0f}"),
    ("bytes", "KB after scrolling to the end", 1, "{:.0f}"),
)


def median(samples, key, which):
    values = [s[which][key] for s in samples if s[which].get(key) is not None]
    if not values:
        return None
    value = statistics.median(values)
    return value / 1000 if key.endswith("ytes") else value


def cell(value, form):
    return "–" if value is None else form.format(value)


def table(results, runs, photo_note):
    lines = [f"Viewer benchmark: medians of {runs} cold visits each (cache disabled, fresh browser), "
             "headless Chromium on 127.0.0.1. \"without viewer\": the same Tessera site with the "
             "viewer's script tag taken out of every page, visited in the same runs.", "",
             "| page | profile | metric | tessera | without viewer | sigal | tessera / sigal |",
             "|---|---|---|---|---|---|---|"]
    for page in ("album", "photo"):
        for profile in PROFILES:
            for key, label, which, form in METRICS:
                t = results.get(("tessera", page, profile))
                w = results.get((WITHOUT_VIEWER, page, profile))
                s = results.get(("sigal", page, profile))
                tv = median(t, key, which) if t else None
                wv = median(w, key, which) if w else None
                sv = median(s, key, which) if s else None
                ratio = f"{tv / sv:.2f}" if tv is not None and sv else "–"
                lines.append(f"| {page} | {profile} | {label} | {cell(tv, form)} | {cell(wv, form)} | "
                             f"{cell(sv, form)} | {ratio} |")
    lines += ["", photo_note, ""]
    return lines


def targets(results, viewer_bytes):
    def m(tool, page, profile, key, which):
        samples = results.get((tool, page, profile))
        return median(samples, key, which) if samples else None

    rows = []
    lcp_t, lcp_s = m("tessera", "album", "phone", "lcp", 0), m("sigal", "album", "phone", "lcp", 0)
    rows.append(("phone album LCP < 800 ms", lcp_t is not None and lcp_t < 800, f"{cell(lcp_t, '{:.0f}')} ms"))
    rows.append(("phone album LCP ≤ 1.1 × sigal's", lcp_t is not None and lcp_s is not None and lcp_t <= 1.1 * lcp_s,
                 f"{cell(lcp_t, '{:.0f}')} vs {cell(lcp_s, '{:.0f}')} ms"))
    # "On load" read two ways: by the load event, and until the network goes quiet (which also
    # counts the lazy images Chromium starts early because they lie within its distance of the
    # screen, 1250-2500 px by connection speed).
    for profile in PROFILES:
        for key, label in (("loadEventBytes", "by the load event"), ("bytes", "until quiet")):
            b_t, b_s = m("tessera", "album", profile, key, 0), m("sigal", "album", profile, key, 0)
            rows.append((f"{profile} album bytes on load ({label}) ≤ 1/10 of sigal's",
                         b_t is not None and b_s is not None and b_t <= b_s / 10,
                         f"{cell(b_t, '{:.0f}')} vs {cell(b_s, '{:.0f}')} KB"))
    # What the viewer costs (issue 20): the album with it against the same album without it,
    # in the same runs. "Within noise": the median with the viewer (less its own files, for
    # bytes) lies inside the range of the visits without it; the difference of the medians
    # is printed beside.
    for profile in PROFILES:
        for key, label, form, unit in (("lcp", "LCP", "{:.0f}", "ms"),
                                       ("loadEventBytes", "bytes by the load event", "{:.0f}", "KB")):
            samples = results.get((WITHOUT_VIEWER, "album", profile)) or []
            values = [s[0][key] for s in samples if s[0].get(key) is not None]
            if key.endswith("ytes"):
                values = [v / 1000 for v in values]
            with_viewer = m("tessera", "album", profile, key, 0)
            without = m(WITHOUT_VIEWER, "album", profile, key, 0)
            # Bytes: the viewer's own two files aside (the row below checks those).
            compared = with_viewer - viewer_bytes / 1000 if key.endswith("ytes") and with_viewer is not None else with_viewer
            ok = bool(values) and compared is not None and min(values) <= compared <= max(values)
            spread = f"{form.format(min(values))}–{form.format(max(values))}" if values else "–"
            difference = f"{with_viewer - without:+.0f}" if with_viewer is not None and without is not None else "–"
            rows.append((f"{profile} album {label} with the viewer within the visits without it"
                         + (" (its own files aside)" if key.endswith("ytes") else ""), ok,
                         f"{cell(with_viewer, form)} {unit} vs {cell(without, form)} (visits {spread}; "
                         f"{difference} {unit})"))
        # Until the network is quiet the same files are fetched whatever the load event's
        # moment, so the bytes differ by exactly what the viewer adds: it must add only its
        # own two files (and their two responses' headers, under a kilobyte each).
        with_viewer = m("tessera", "album", profile, "bytes", 0)
        without = m(WITHOUT_VIEWER, "album", profile, "bytes", 0)
        own = viewer_bytes / 1000
        ok = with_viewer is not None and without is not None and with_viewer - without <= own + 2
        rows.append((f"{profile} album bytes until quiet: the viewer adds only its own files", ok,
                     f"{cell(with_viewer, '{:.0f}')} vs {cell(without, '{:.0f}')} KB "
                     f"(+{cell(None if with_viewer is None or without is None else with_viewer - without, '{:.1f}')} KB; "
                     f"viewer.js + viewer.css {own:.1f} KB)"))
    for (tool, page, profile), samples in sorted(results.items()):
        if tool != "sigal":
            worst = max(s[1]["cls"] for s in samples)
            rows.append((f"{page} {profile} CLS 0 (every run)", worst == 0, f"worst {worst:.4f}"))
    lines = ["| target (issues 13, 20) | result | measured |", "|---|---|---|"]
    lines += [f"| {name} | {'PASS' if ok else 'MISS'} | {measured} |" for name, ok, measured in rows]
    return lines


def details(results):
    lines = ["Per run (LCP ms · LCP element · requests/KB on load · after scrolling · CLS):"]
    for (tool, page, profile), samples in sorted(results.items()):
        lines.append(f"- {tool} {page} {profile}:")
        for loaded, scrolled in samples:
            notes = []
            if not loaded.get("quiet"):
                notes.append("never went quiet on load")
            if not scrolled.get("reached_end"):
                notes.append("did not reach the end")
            if scrolled.get("failed"):
                notes.append(f"{len(scrolled['failed'])} failed requests ({', '.join(sorted(set(scrolled['failed'])))})")
            lcp = cell(loaded["lcp"], "{:.0f}")
            lines.append(f"  - {lcp} · {loaded['lcpWhat']} · {loaded['requests']}/{loaded['bytes'] / 1000:.0f} · "
                         f"{scrolled['requests']}/{scrolled['bytes'] / 1000:.0f} · {scrolled['cls']:.4f}"
                         + (f" ({'; '.join(notes)})" if notes else ""))
            for shift in scrolled.get("shifted", []):
                lines.append(f"    - shift {shift}")
    return lines


def conditions(tessera, compress):
    load = os.getloadavg()
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    return [f"Conditions: {platform.node()}, {os.cpu_count()} cores, {version}, load average at the end "
            f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; tessera {tessera}, {SIGAL}.",
            "Profiles: " + "; ".join(
                f"{name} {p['width']}×{p['height']} @{p['scale']}×, {p['down'] / 1e6:g} Mbit/s down, "
                f"{p['up'] / 1e6:g} up, {p['rtt']} ms round trip" for name, p in PROFILES.items()) + ".",
            "Server: " + ("HTML, CSS and JavaScript gzipped (level 6), images as they are (--gzip)." if compress
                          else "every file as it is on disk, no compression.")]


# ---------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=int(os.environ.get("VIEWER_RUNS", 5)),
                        help="cold visits per page and profile (at least 5; default 5 or $VIEWER_RUNS)")
    parser.add_argument("--tessera", type=Path, default=ROOT / ".build" / "release" / "tessera")
    parser.add_argument("--skip-build", action="store_true", help="reuse bench/work/viewer/ as it is")
    parser.add_argument("--gzip", action="store_true",
                        help="serve HTML, CSS and JavaScript gzipped, as most hosts do (default: as files)")
    arguments = parser.parse_args()
    if arguments.runs < 5:
        parser.error("--runs must be at least 5")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tessera = arguments.tessera.resolve()
    if not tessera.exists():
        sys.exit(f"error: no {tessera}: run 'swift build -c release --static-swift-stdlib' (or make viewer-bench)")
    started = time.monotonic()
    out = WORK / "viewer"
    log("== Photos, sigal and packages (only what is missing)")
    prepare_corpus()
    webdriver, service_class = import_selenium()  # after python3-selenium is installed
    if not arguments.skip_build:
        build_sites(tessera, out)

    servers, results = [], {}
    try:
        pages = {}
        stripped = without_viewer(out / "tessera", out / WITHOUT_VIEWER)
        if not stripped:
            sys.exit("error: no page of Tessera's site loads viewer.js: the bench's without-viewer site "
                     "would be the same site (has the script tag in Templates/*/head.mustache changed?)")
        log(f"== {WITHOUT_VIEWER}: the viewer's script tag taken out of {stripped} pages")
        for tool in ("tessera", WITHOUT_VIEWER, "sigal"):
            server, base = serve(out / tool, compress=arguments.gzip)
            servers.append(server)
            pages[(tool, "album")] = base + "index.html"
        photo = first_photo_page(webdriver, service_class, pages[("tessera", "album")])
        if photo:
            pages[("tessera", "photo")] = photo
        # sigal has no page per photo: its album opens the display image in a JavaScript lightbox
        # on the same page, so there is nothing comparable to load cold.
        photo_note = ("photo: Tessera's first photo page (" + urllib.parse.unquote(urllib.parse.urlparse(photo).path)
                      + "); sigal has no page per photo (its album opens a JavaScript lightbox over the same "
                      "page), so its column is empty.") if photo else "photo: no photo page found on Tessera's album."
        for run_index in range(arguments.runs):
            for (tool, page), url in pages.items():
                for name, profile in PROFILES.items():
                    log(f"== run {run_index + 1}/{arguments.runs}: {tool} {page} {name}")
                    loaded, scrolled = measure_with_retries(webdriver, service_class, profile, url)
                    log(f"   LCP {cell(loaded['lcp'], '{:.0f}')} ms ({loaded['lcpWhat']}), "
                        f"{loaded['requests']} requests / {loaded['bytes'] / 1000:.0f} KB on load, "
                        f"{scrolled['requests']} / {scrolled['bytes'] / 1000:.0f} KB after scrolling, "
                        f"CLS {scrolled['cls']:.4f}")
                    results.setdefault((tool, page, name), []).append((loaded, scrolled))
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()

    command = "bench/viewer.py " + " ".join(sys.argv[1:])
    assets = out / "tessera" / "assets"
    viewer_bytes = sum((assets / name).stat().st_size for name in ("viewer.js", "viewer.css"))
    lines = table(results, arguments.runs, photo_note) + targets(results, viewer_bytes) + [""]
    lines += conditions(tessera, arguments.gzip) + [f"Command: `{command.strip()}` ({time.monotonic() - started:.0f} s)", ""]
    lines += details(results)
    text = "\n".join(lines) + "\n"
    (WORK / "viewer-results.md").write_text(text, encoding="utf-8")
    print()
    print(text, end="")
    print(f"\nSaved to {WORK / 'viewer-results.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

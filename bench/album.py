#!/usr/bin/env python3
"""The big-album bench behind `make album-bench`: what a 3,000-photo album costs the
browser's main thread, Tessera's pages against one page of it and against sigal.

    bench/album.py [--runs N] [--tessera PATH] [--skip-build]

Builds bench/work/album-3k (3,000 distinct photos in one album, made by bench/corpus.py)
into bench/work/album/: Tessera at its defaults (an album over `layout.page_size`, 500, is
cut into pages), the same site with the album on one page (`--page-size 100000`, the
images kept), and sigal with bench/viewer.py's sizes. Serves each on 127.0.0.1 and opens
the album's first page in a fresh headless Chromium per visit (a laptop's 1280×800 at 1×
and a phone's 375×667 at 3×, touch; the network not throttled, so what is measured is the
page's own work). Per visit it reads:

- the page's HTML bytes, and gzipped (gzip -6);
- the longest main-thread task until the page has loaded and gone quiet, and the sum of
  the long tasks (over 50 ms), from the Long Tasks API;
- the time to lay the page out again after a width change (the document made 20 % narrower
  and then wide again, each forced by reading a height; the mean of both);
- the cost of a scroll step: the page scrolled by a screen 20 times, each step's time from
  the scroll to the second animation frame after it (the frame that shows it), median.

Prints a Markdown table of medians over the visits, saved to bench/work/album-results.md.
Nothing is asserted: the numbers are for README and the notes.
"""

import argparse
import gzip
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import viewer  # noqa: E402  (the same browser, server and corpus steps)

ROOT = viewer.ROOT
WORK = viewer.WORK
ALBUM = WORK / "album-3k"
OUT = WORK / "album"
RESULTS = WORK / "album-results.md"

PROFILES = {
    "laptop": dict(width=1280, height=800, scale=1, mobile=False),
    "phone": dict(width=375, height=667, scale=3, mobile=True),
}
SCROLL_STEPS = 20
QUIET_TIMEOUT = 120

INIT_SCRIPT = """
(() => {
  const state = window.__albumBench = {longest: 0, total: 0, count: 0};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longest = Math.max(state.longest, entry.duration);
      state.total += entry.duration;
      state.count += 1;
    }
  }).observe({type: 'longtask', buffered: true});
})();
"""

RELAYOUT = """
const root = document.documentElement;
const times = [];
for (const width of [Math.round(innerWidth * 0.8) + 'px', '']) {
  const start = performance.now();
  root.style.width = width;
  void document.body.offsetHeight;
  times.push(performance.now() - start);
}
return times;
"""

SCROLL_STEP = """
const done = arguments[arguments.length - 1];
const start = performance.now();
window.scrollBy(0, innerHeight);
requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));
"""


def visit(webdriver, service_class, profile, url):
    driver = viewer.start_browser(webdriver, service_class, profile, init_script=INIT_SCRIPT)
    try:
        network = viewer.Network(driver)
        driver.get(url)
        network.wait_quiet(time.monotonic() + QUIET_TIMEOUT)
        tasks = driver.execute_script("return window.__albumBench;")
        relayout = statistics.mean(driver.execute_script(RELAYOUT))
        steps = [driver.execute_async_script(SCROLL_STEP) for _ in range(SCROLL_STEPS)]
        return dict(longest=tasks["longest"], total=tasks["total"], relayout=relayout,
                    scroll=statistics.median(steps))
    finally:
        driver.quit()


def build(tessera):
    OUT.mkdir(parents=True, exist_ok=True)
    viewer.log("== Tessera build (defaults)")
    viewer.run([tessera, "build", ALBUM, "-o", OUT / "tessera", "--quiet"], "tessera build")
    viewer.log("== Tessera build, the album on one page (images kept)")
    viewer.run(["cp", "-a", "--reflink=auto", "-T", OUT / "tessera", OUT / "tessera-one"], "cp")
    viewer.run([tessera, "build", ALBUM, "-o", OUT / "tessera-one", "--page-size", "100000", "--quiet"],
               "tessera build --page-size 100000")
    viewer.log("== sigal build")
    config = WORK / "sigal-album.conf.py"
    config.write_text(viewer.sigal_config(ALBUM, OUT / "sigal").read_text(encoding="utf-8"), encoding="utf-8")
    viewer.run([WORK / "venv" / "bin" / "sigal", "build", "-c", config, "--ncpu", viewer.JOBS, "-q"],
               "sigal build", timeout=3600)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tessera", type=Path, default=ROOT / ".build" / "release" / "tessera")
    parser.add_argument("--skip-build", action="store_true", help="reuse bench/work/album/ as it is")
    parser.add_argument("--site", action="append", default=[], metavar="NAME=FOLDER",
                        help="visit another built site too (a variant being tried)")
    arguments = parser.parse_args()
    webdriver, service_class = viewer.import_selenium()
    viewer.prepare_corpus()
    if not ALBUM.is_dir():
        viewer.run([viewer.SYSTEM_PYTHON, ROOT / "bench" / "corpus.py", WORK], "bench/corpus.py")
    if not arguments.skip_build:
        build(arguments.tessera)
    sites = {"tessera, pages of 500": OUT / "tessera", "tessera, one page": OUT / "tessera-one",
             "sigal": OUT / "sigal"}
    sites.update((name, Path(folder)) for name, folder in (site.split("=", 1) for site in arguments.site))
    servers = {name: viewer.serve(folder) for name, folder in sites.items()}
    samples = {}
    try:
        for run in range(arguments.runs):
            for profile in PROFILES:
                for name in sites:
                    result = visit(webdriver, service_class, PROFILES[profile], servers[name][1])
                    samples.setdefault((name, profile), []).append(result)
                    viewer.log(f"   visit {run + 1} {profile} {name}: " + ", ".join(
                        f"{key} {value:.0f} ms" for key, value in result.items()))
    finally:
        for server, _ in servers.values():
            server.shutdown()
    lines = [f"Big-album bench: {ALBUM.name} (3,000 photos), the album's first page, medians of "
             f"{arguments.runs} cold visits, headless Chromium on 127.0.0.1, network not throttled.", "",
             "| site | profile | HTML KB | gzipped KB | longest task ms | long tasks ms | relayout ms | scroll step ms |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for (name, profile), results in samples.items():
        html = (sites[name] / "index.html").read_bytes()
        m = {key: statistics.median(r[key] for r in results) for key in results[0]}
        lines.append(f"| {name} | {profile} | {len(html) / 1000:.0f} | {len(gzip.compress(html, 6)) / 1000:.0f} | "
                     f"{m['longest']:.0f} | {m['total']:.0f} | {m['relayout']:.0f} | {m['scroll']:.0f} |")
    text = "\n".join(lines) + "\n"
    RESULTS.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()

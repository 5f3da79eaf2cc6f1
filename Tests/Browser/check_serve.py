#!/usr/bin/env python3
"""Checks `tessera serve` and the built site's Content-Security-Policy in headless Chromium.

Writes Tessera's sample gallery into a temporary folder, builds it (for `file://`) and
serves it with `tessera serve --port 0`, then:
- navigates the served site 36 times, following pages and going back and forward, and
  counts every navigation that does not complete. Chromium's page-load timeout is the
  hang detector: it is set to NAVIGATION_TIMEOUT (10 s). The bug this guards against was
  a hang, not slowness: pages left into the back/forward cache kept their live-reload
  streams open, Chromium allows six connections per host, and the next navigation waited
  until Blink evicted a cached page after its 60 s grace period for open requests. A
  loopback navigation takes well under a second here, so 10 s never fails a slow machine
  and a 60 s stall can never pass;
- opens nine served pages in nine tabs, each of which must load (six tabs holding a
  stream each used to stall every later tab for good);
- opens the home, an album and a photo page from `file://` and from `serve` and fails on
  any Content-Security-Policy message in the console; on the photo pages, the right and
  left arrow keys and a swipe must go to the next and previous photo (the script that
  does it is now the site file `tessera.js`);
- edits `tessera.yaml` under an open served page: the page must reload by itself; breaks
  it: the build-error banner must show; mends it: the page reloads without the banner,
  with no policy message in the console throughout;
- stops the server with Ctrl-C, which must exit 0 (so a sanitizer's report fails too).

Usage: check_serve.py --tessera PATH
Prints each finding; exits 1 if anything failed. Timings are printed, never asserted.
"""

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SYSTEM_PYTHON = "/usr/bin/python3"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

NAVIGATIONS = 36
TABS = 9
NAVIGATION_TIMEOUT = 10
# Bounds on waits for things that happen after a page loaded (a reload, a banner).
EVENT_TIMEOUT = 30
BUILD_TIMEOUT = 300


def import_selenium():
    """Selenium's webdriver, its Chrome Service, its base and timeout exceptions and its
    wait helper, re-running under the system Python if this one lacks them."""
    try:
        from selenium import webdriver
        from selenium.common.exceptions import TimeoutException, WebDriverException
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
            sys.stdout.flush()
            os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])
        raise
    return webdriver, Service, WebDriverException, TimeoutException, WebDriverWait


class SetupError(Exception):
    """A check could not run (build failed, browser missing, …): counts as one failure."""


class Findings:
    def __init__(self):
        self.failures = []

    def fail(self, message):
        print(f"FAIL {message}", flush=True)
        self.failures.append(message)

    def check(self, condition, message):
        if not condition:
            self.fail(message)
        return condition


def run(command, what):
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    if result.returncode != 0:
        raise SetupError(f"{what} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


class Server:
    """`tessera serve` on a free port, stopped with Ctrl-C (SIGINT) by `stop`."""

    def __init__(self, tessera, photos, output):
        self.process = subprocess.Popen(
            [str(tessera), "serve", str(photos), "-o", str(output), "--port", "0", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + BUILD_TIMEOUT
        printed = ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            printed += line
            match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
            if match:
                self.url = match.group(1)
                return
        self.stop()
        raise SetupError(f"tessera serve did not print its address:\n{printed}")

    def stop(self):
        """Stops the server; returns its exit status and what it printed since it started."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            rest, _ = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            rest, _ = self.process.communicate()
        return self.process.returncode, rest


def start_browser(webdriver, service_class):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900",
                     # A synthetic horizontal swipe would also be the browser's own back/forward
                     # gesture, racing the page's script; only the page's script is checked.
                     "--disable-features=OverscrollHistoryNavigation"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=service_class(CHROMEDRIVER), options=options)
    except Exception as error:  # the driver's own exception types vary between versions
        raise SetupError(f"cannot start Chromium through {CHROMEDRIVER}: {error}") from error
    driver.set_page_load_timeout(NAVIGATION_TIMEOUT)
    return driver


def policy_messages(driver):
    """The console's Content-Security-Policy messages since the last call."""
    return [entry["message"] for entry in driver.get_log("browser")
            if "Content Security Policy" in entry["message"] or "Content-Security-Policy" in entry["message"]]


def photo_pages(site):
    """Photo pages (relative paths) that have both a previous and a next photo."""
    pages = []
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if 'class="photo-page"' in text and 'rel="prev"' in text and 'rel="next"' in text:
            pages.append(str(page.relative_to(site)))
    return pages


def check_navigations(driver, base, site, timeout_exception, findings):
    # `timeout_exception` is the driver's base exception too: a renderer that stopped
    # answering during a stalled load is the same finding.
    """Follows pages and goes back and forward; every navigation must complete."""
    pages = ["index.html"] + [str(p.relative_to(site)) for p in sorted(site.rglob("*.html"))
                              if p.name != "index.html"][:8] + ["travels/index.html"]
    times, stalled = [], []
    try:
        driver.get(base + pages[0])
    except timeout_exception:
        stalled.append("0 (get)")
    for step in range(NAVIGATIONS):
        kind = ("back", "forward", "get", "get", "back", "get")[step % 6]
        target = base + pages[(step + 1) % len(pages)]
        started = time.monotonic()
        try:
            if kind == "back":
                driver.back()
            elif kind == "forward":
                driver.forward()
            else:
                driver.get(target)
        except timeout_exception:
            stalled.append(f"{step + 1} ({kind})")
        times.append(time.monotonic() - started)
    print(f"navigations: {len(times)}, slowest {max(times):.2f} s, median {sorted(times)[len(times) // 2]:.2f} s",
          flush=True)
    findings.check(not stalled, f"navigations that did not complete within {NAVIGATION_TIMEOUT} s: "
                   + ", ".join(stalled))


def check_tabs(driver, base, site, timeout_exception, findings):
    """Opens TABS served pages in as many tabs; each must load."""
    pages = [str(p.relative_to(site)) for p in sorted(site.rglob("*.html"))][:TABS]
    first = driver.current_window_handle
    stalled = []
    for page in pages:
        driver.switch_to.new_window("tab")
        try:
            driver.get(base + page)
        except timeout_exception:
            stalled.append(page)
    print(f"tabs: {len(pages)} opened", flush=True)
    findings.check(not stalled, f"tabs that did not load within {NAVIGATION_TIMEOUT} s: {', '.join(stalled)}")
    for handle in driver.window_handles:
        if handle != first:
            driver.switch_to.window(handle)
            driver.close()
    driver.switch_to.window(first)


def send_key(driver, key):
    driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyDown", "key": key, "code": key,
                                                      "windowsVirtualKeyCode": {"ArrowLeft": 37, "ArrowRight": 39}[key]})
    driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": key,
                                                      "windowsVirtualKeyCode": {"ArrowLeft": 37, "ArrowRight": 39}[key]})


def swipe(driver, from_x, to_x):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": from_x, "y": 300}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": to_x, "y": 300}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def check_photo_keys(driver, wait_class, url, label, findings):
    """From a photo page, → and a leftward swipe go to the next photo, ← and a rightward
    swipe to the previous one."""
    driver.get(url)
    previous, following = driver.execute_script(
        "return [document.querySelector('a[rel=prev]').href, document.querySelector('a[rel=next]').href]")
    moves = [("→", lambda: send_key(driver, "ArrowRight"), following),
             ("←", lambda: send_key(driver, "ArrowLeft"), previous),
             ("a leftward swipe", lambda: swipe(driver, 500, 300), following),
             ("a rightward swipe", lambda: swipe(driver, 300, 500), previous)]
    for name, move, expected in moves:
        driver.get(url)
        move()
        try:
            wait_class(driver, NAVIGATION_TIMEOUT).until(
                lambda d: d.current_url == expected and d.execute_script("return document.readyState") == "complete")
        except Exception:
            findings.fail(f"{label}: {name} on {url} did not go to {expected} (it is at {driver.current_url})")


def check_policy(driver, wait_class, base, site, label, findings):
    """Home, album and photo pages load with no policy message; the photo's keys work."""
    photos = photo_pages(site)
    if not photos:
        raise SetupError("the sample site has no photo page with a previous and a next photo")
    policy_messages(driver)
    for page in ["index.html", "travels/index.html", photos[0]]:
        driver.get(base + page)
        # Drawn, and refused (complete without pixels: what a blocked image looks like);
        # lazy images below the fold may still be waiting, which is neither.
        loaded = driver.execute_script("var images = [...document.images];"
                                       "return [images.filter(i => i.complete && i.naturalWidth === 0).length, "
                                       "images.filter(i => i.complete && i.naturalWidth > 0).length, "
                                       "getComputedStyle(document.body).marginTop]")
        for message in policy_messages(driver):
            findings.fail(f"{label} {page}: {message}")
        # The policy must not block what the page needs: every image drawn, and the
        # stylesheet applied (it sets the body's margin to 0; Chromium's own is 8px).
        findings.check(loaded[1] > 0 and loaded[0] == 0, f"{label} {page}: {loaded[1]} images drawn, {loaded[0]} refused")
        findings.check(loaded[2] == "0px", f"{label} {page}: the stylesheet is not applied (body margin {loaded[2]})")
        print(f"{label} {page}: {loaded[1]} images drawn, none refused, stylesheet applied", flush=True)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    check_photo_keys(driver, wait_class, base + photos[0], label, findings)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    for message in policy_messages(driver):
        findings.fail(f"{label} photo keys: {message}")


def check_live_reload(driver, wait_class, base, photos, findings):
    """An open page reloads on an edit, shows a broken build's banner and drops it when mended."""
    config = photos / "tessera.yaml"
    driver.get(base + "index.html")
    policy_messages(driver)
    driver.execute_script("window.tesseraCheckMarker = 1")

    def wait(condition, what):
        try:
            wait_class(driver, EVENT_TIMEOUT).until(lambda d: condition(d))
            return True
        except Exception:
            findings.fail(f"live reload: {what} within {EVENT_TIMEOUT} s")
            return False

    config.write_text("title: Reloaded Title\n", encoding="utf-8")
    wait(lambda d: d.title.startswith("Reloaded Title"), "the page did not reload after tessera.yaml changed")
    config.write_text("title: Reloaded Title\nsrot: date\n", encoding="utf-8")
    wait(lambda d: d.execute_script("var b = document.getElementById('tessera-build-error');"
                                    "return b ? b.textContent : ''").find("srot") >= 0,
         "the banner did not show the broken tessera.yaml")
    config.write_text("title: Mended Title\n", encoding="utf-8")
    wait(lambda d: d.title.startswith("Mended Title")
         and d.execute_script("return document.getElementById('tessera-build-error') === null"),
         "the page did not reload without the banner once tessera.yaml was mended")
    for message in policy_messages(driver):
        findings.fail(f"live reload: {message}")
    print("live reload: reloaded, showed the banner, reloaded without it", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tessera", required=True, type=Path, help="the tessera binary to test")
    arguments = parser.parse_args()
    webdriver, service_class, driver_error, timeout_exception, wait_class = import_selenium()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tessera = arguments.tessera.resolve()
    findings = Findings()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tessera-serve-browser-") as folder, contextlib.ExitStack() as stack:
        work = Path(folder)
        try:
            photos, site, preview = work / "photos", work / "site", work / "preview"
            run([tessera, "sample", photos], "tessera sample")
            run([tessera, "build", photos, "-o", site, "--quiet"], "tessera build")
            run([tessera, "verify", site, "--quiet"], "tessera verify")
            driver = start_browser(webdriver, service_class)
            stack.callback(driver.quit)
            server = Server(tessera, photos, preview)
            stack.callback(server.stop)
            base = server.url
            run([tessera, "verify", "--url", base, "--quiet"], "tessera verify --url")
            checks = [
                ("file:// pages", lambda: check_policy(driver, wait_class, site.as_uri() + "/", site, "file://",
                                                       findings)),
                ("navigations", lambda: check_navigations(driver, base, preview, (timeout_exception, driver_error),
                                                          findings)),
                ("tabs", lambda: check_tabs(driver, base, preview, (timeout_exception, driver_error), findings)),
                ("served pages", lambda: check_policy(driver, wait_class, base, preview, "serve", findings)),
                ("live reload", lambda: check_live_reload(driver, wait_class, base, photos, findings)),
            ]
            for name, check in checks:
                try:
                    check()
                except driver_error as error:
                    findings.fail(f"{name}: {str(error).splitlines()[0]}")
                    # A fresh browser for the next check, so one stall does not fail them all.
                    driver.quit()
                    driver = start_browser(webdriver, service_class)
                    stack.callback(driver.quit)
            status, output = server.stop()
            # Ctrl-C ends it cleanly (a sanitizer's report would make this fail too).
            findings.check(status == 0, f"tessera serve exited with {status} after Ctrl-C:\n{output[-3000:]}")
        except (SetupError, driver_error) as error:
            findings.fail(f"error: {error}")
    print(f"({time.monotonic() - started:.1f} s)")
    print("all serve checks passed" if not findings.failures else f"{len(findings.failures)} failed", flush=True)
    return 1 if findings.failures else 0


if __name__ == "__main__":
    sys.exit(main())

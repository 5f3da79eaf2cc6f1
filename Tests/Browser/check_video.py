#!/usr/bin/env python3
"""Checks in headless Chromium that a built video page plays.

Makes a folder of a photo and a two-second clip with ffmpeg's test sources (`testsrc2` and
`sine`, a portrait clip turned by a rotation tag), builds it with `tessera build --strict`
and opens each video page from `file://`:
- the `<video>` must have its box before anything loads, in the clip's shape (its
  width ÷ height as the page's `width` and `height` say, portrait for the portrait clip);
- played (muted, as a page may without a gesture), its `currentTime` must advance past
  half a second, and it must report no media error;
- the console must have no Content-Security-Policy message;
- a Live Photo's page (a JPEG and a two-second MOV with Apple's key) shows the still, and
  hovering it plays its motion in its place (`currentTime` advances); moving away shows the
  still again.

Usage: check_video.py --tessera PATH
Prints each finding; exits 1 if anything failed. Timings are printed, never asserted.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SYSTEM_PYTHON = "/usr/bin/python3"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FFMPEG = shutil.which("ffmpeg") or "/usr/bin/ffmpeg"
PLAY_TIMEOUT = 30
BUILD_TIMEOUT = 600


def import_selenium():
    """Selenium's webdriver and Chrome Service, re-running under the system Python if this
    one lacks them."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
            sys.stdout.flush()
            os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])
        raise
    return webdriver, Service


def run(command, what):
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    if result.returncode != 0:
        raise SystemExit(f"FAIL {what} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


def ffmpeg(*arguments):
    run([FFMPEG, "-hide_banner", "-loglevel", "error", "-y", *arguments], "ffmpeg")


def make_folder(photos):
    photos.mkdir(parents=True)
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=640x480", "-frames:v", "1", photos / "Harbour.jpg")
    sources = ["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=2",
               "-f", "lavfi", "-i", "sine=frequency=440:duration=2"]
    ffmpeg(*sources, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", photos / "Landscape.mp4")
    landscape = photos.parent / "portrait-source.mp4"
    ffmpeg(*sources, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", landscape)
    ffmpeg("-i", landscape, "-c", "copy", "-metadata:s:v:0", "rotate=-90", photos / "Portrait.mov")
    # A Live Photo: a still and its short movie, with Apple's key.
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=640x480", "-frames:v", "1", photos / "Live.JPG")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=640x480:rate=25:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
           "-metadata", "com.apple.quicktime.content.identifier=7D5B2C1A", "-movflags", "use_metadata_tags",
           "-f", "mov", photos / "Live.MOV")


def check_live_page(driver, url, failures):
    """Hovering a Live Photo's still plays its motion in its place; leaving shows the still."""
    from selenium.webdriver.common.action_chains import ActionChains

    def fail(message):
        print(f"FAIL {message}", flush=True)
        failures.append(message)

    driver.get(url)
    state = "const v = document.querySelector('video.motion'), i = document.querySelector('figure img');" \
            "return v && [v.hidden, v.currentTime, v.error ? v.error.code + ' ' + v.error.message : null," \
            " i.getBoundingClientRect().width];"
    before = driver.execute_script(state)
    if before is None:
        fail(f"{url}: no <video class=motion>")
        return
    if not before[0] or before[3] <= 0:
        fail(f"{url}: before hovering the still should show and the motion be hidden, got {before}")
    ActionChains(driver).move_to_element(driver.find_element("css selector", "figure img")).perform()
    started = time.monotonic()
    hidden, current, error = True, 0.0, None
    while time.monotonic() - started < PLAY_TIMEOUT:
        hidden, current, error, _ = driver.execute_script(state)
        if error or (not hidden and current > 0.3):
            break
        time.sleep(0.1)
    if error:
        fail(f"{url}: media error {error}")
    elif hidden or current <= 0.3:
        fail(f"{url}: hovering did not play the motion (hidden {hidden}, currentTime {current:.2f} s)")
    else:
        print(f"ok {url}: hover plays the motion (currentTime {current:.2f} s after {time.monotonic() - started:.1f} s)")
    ActionChains(driver).move_to_element(driver.find_element("css selector", "nav.pager")).perform()
    time.sleep(0.3)
    after = driver.execute_script(state)
    if not after[0] or after[3] <= 0:
        fail(f"{url}: after the pointer leaves the still should show again, got {after}")


def check_page(driver, url, portrait, failures):
    def fail(message):
        print(f"FAIL {message}", flush=True)
        failures.append(message)

    driver.get(url)
    box = driver.execute_script(
        "const v = document.querySelector('video');"
        "if (!v) return null;"
        "const r = v.getBoundingClientRect();"
        "return [r.width, r.height, v.getAttribute('width'), v.getAttribute('height'), v.readyState];")
    if box is None:
        fail(f"{url}: no <video>")
        return
    width, height, attr_width, attr_height, _ = box
    expected = int(attr_width) / int(attr_height)
    if height <= 0 or abs(width / height - expected) > 0.02:
        fail(f"{url}: the video's box is {width:.0f}×{height:.0f} before playing, not {attr_width}:{attr_height}")
    if portrait and not height > width:
        fail(f"{url}: the portrait clip's box is {width:.0f}×{height:.0f}")
    driver.execute_script("const v = document.querySelector('video'); v.muted = true; v.play();")
    started = time.monotonic()
    current, error = 0.0, None
    while time.monotonic() - started < PLAY_TIMEOUT:
        current, error = driver.execute_script(
            "const v = document.querySelector('video');"
            "return [v.currentTime, v.error ? v.error.code + ' ' + v.error.message : null];")
        if error or current > 0.5:
            break
        time.sleep(0.1)
    if error:
        fail(f"{url}: media error {error}")
    elif current <= 0.5:
        fail(f"{url}: currentTime stayed at {current:.2f} s: the video does not play")
    else:
        print(f"ok {url}: plays (currentTime {current:.2f} s after {time.monotonic() - started:.1f} s)")
    messages = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]
                or "Content-Security-Policy" in entry["message"]]
    for message in messages:
        fail(f"{url}: {message}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tessera", required=True, type=Path, help="the tessera binary to test")
    arguments = parser.parse_args()
    webdriver, service_class = import_selenium()
    tessera = arguments.tessera.resolve()
    failures = []
    with tempfile.TemporaryDirectory(prefix="tessera-video-browser-") as folder:
        work = Path(folder)
        photos, site = work / "photos", work / "site"
        make_folder(photos)
        run([tessera, "build", photos, "-o", site, "--strict", "--quiet"], "tessera build --strict")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1280,900", "--autoplay-policy=no-user-gesture-required"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=service_class(CHROMEDRIVER), options=options)
        try:
            for page, portrait in (("landscape.html", False), ("portrait.html", True)):
                check_page(driver, (site / page).as_uri(), portrait, failures)
            check_live_page(driver, (site / "live.html").as_uri(), failures)
        finally:
            driver.quit()
    print(f"{len(failures)} failure(s)" if failures else "video pages: all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks the photo viewer (Templates/default/assets/viewer.js) in headless Chromium.

Builds Tessera's sample gallery (with a sidecar and camera EXIF written into one photo, so
the details panel has something to show) into a temporary folder, serves it on 127.0.0.1
and checks, on a laptop (1280×800, mouse and keyboard) and a phone (375×667 at 3×, touch
through the DevTools protocol's touch events):
- a click or tap on a tile opens the photo over the album with no page load, in a labelled
  modal dialog, at the photo page's address; arrow keys and the buttons go to the next and
  previous photo; the neighbours are already loaded, in the file the browser picked;
- a swipe moves the photo with the finger and turns to the neighbour;
- zoom (button, double-click, double-tap, pinch, wheel, drag) loads the display image at its
  full width (`naturalWidth`), and only then;
- full screen (Fullscreen API), the slideshow advancing and pausing on a key, the details
  panel with the sidecar's and the EXIF's words, a download link only when the page offers
  an original;
- Tab stays inside the dialog on named controls with a visible focus ring; Escape closes and
  gives focus back to the tile; back, forward and reload land on the right photo; a photo
  page opened directly is the static page, and its viewer carries on to the next page;
- the same from file://; axe-core with the viewer open (light and dark); and with
  JavaScript off, a click on a tile still loads the photo page;
- on a second site built with `originals: stripped`, `zip: true` and a clip (ffmpeg's
  test sources): the photo page's download link and the viewer's download control are the
  same URL, zoom loads that original, the album links its ZIP, and a video tile plays its
  clip in the viewer (`currentTime` advances) until the visitor moves on or closes it,
  and the buttons to a clip say "Previous video" / "Next video" (album and photo page);
  with a Live Photo (a still and a two-second MOV of its stem with Apple's key) and an
  animated GIF (both ffmpeg test sources): the Live photo's motion is not fetched when it
  opens, plays over the still while it is pressed and held (mouse, and a finger on a
  phone) and from the Live control, and stops on release; the GIF moves on its own, and
  with prefers-reduced-motion only from the control; a GIF's photo page opens the viewer
  moving too;
- on a site whose albums are cut into pages of 4: from a page's last photo the viewer goes
  on to the next page's first, and back, Escape closes it on that page's grid (also after
  a step there), and a slideshow plays on across the pages;
- on a third site in Arabic (`language: ar`, right to left): the Next button is left of
  Previous, ArrowLeft and a swipe to the right (the finger moving right) go to the next photo;
- what a second hunt found broken: a reload after the viewer crossed to page 2, then
  Escape, lands on page 2's grid (also after one more step); from file:// a viewer closed
  there stays closed on a reload; a clip stepped onto has the focus (Space pauses it, Tab
  reaches it) and no Zoom button; a photo zoomed and left is unzoomed; back and forward
  close and reopen a photo page's viewer; at 320 px every control of the fullest bar is on
  screen;
- what a third found: the open details panel is in the Tab ring; Tab and a click on
  Details pause the slideshow; closed from full screen, the focus is on the tile; the
  counter reads at 4.5:1 over a white or a black photo, dark and light; with the text at
  200 % on a phone, every control of the fullest bar is on screen; a caption with a list
  reads the same in the viewer over its photo page as over the album;
- and what a fourth found: closed on page 2 after the viewer went there from page 1, back
  goes to page 1's grid, not to the photos it showed there (forward opens it again), while
  back with the viewer open still goes through them.

Usage: check_viewer.py --tessera PATH [--axe-js FILE] [--keep]
Run through `make browser-test` (its venv has axe-core and sees Debian's python3-selenium).
Prints each check as ok or FAIL; exits 1 if any failed or a check could not run.
"""

import argparse
import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_pages  # noqa: E402  (serve, package_file, AXE_RUN, SetupError)

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ALBUM = "travels/index.html"
EXIF_PHOTO = "Travels/Bridge.jpg"
SIDECAR = "Travels/Café.md"
WAIT = 15  # seconds: the bound on every wait for the page to reach a state

LAPTOP = dict(width=1280, height=800, scale=1, mobile=False)
PHONE = dict(width=375, height=667, scale=3, mobile=True)
NARROW = dict(width=320, height=640, scale=2, mobile=True)

failures = []


def check(ok, what, detail=""):
    print(("ok    " if ok else "FAIL  ") + what + (f" ({detail})" if detail and not ok else ""), flush=True)
    if not ok:
        failures.append(what)
    return ok


def run(command, what):
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise check_pages.SetupError(f"{what} failed ({result.returncode}):\n{result.stdout}{result.stderr}")


def ffmpeg(*arguments):
    run([shutil.which("ffmpeg") or "/usr/bin/ffmpeg", "-hide_banner", "-loglevel", "error", "-y", *arguments],
        "ffmpeg")


def make_site(tessera, folder, name="site", settings="", clip=False):
    photos, site = folder / (name + "-photos"), folder / name
    run([tessera, "sample", photos], "tessera sample")
    if settings:
        (photos / "tessera.yaml").write_text(settings, encoding="utf-8")
    if clip:
        run([shutil.which("ffmpeg") or "/usr/bin/ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
             "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=6",
             "-f", "lavfi", "-i", "sine=frequency=440:duration=6",
             "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", photos / "Clip.mp4"], "ffmpeg")
        # A Live Photo (a still and its movie of the same stem, with Apple's content
        # identifier, as LivePairing pairs them) and an animated GIF (published as a looping MP4).
        ffmpeg("-f", "lavfi", "-i", "testsrc2=size=640x480:duration=1", "-frames:v", "1", photos / "Live.JPG")
        ffmpeg("-f", "lavfi", "-i", "testsrc2=size=640x480:rate=25:duration=2", "-c:v", "libx264",
               "-pix_fmt", "yuv420p", "-metadata", "com.apple.quicktime.content.identifier=7D5B2C1A",
               "-movflags", "use_metadata_tags", "-f", "mov", photos / "Live.MOV")
        ffmpeg("-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=2", photos / "Spinner.gif")
        # Words for the Live Photo: with them its viewer has every control (Details too).
        (photos / "Live.md").write_text("Title: Fountain\n\nThe water, moving.\n", encoding="utf-8")
    (photos / SIDECAR).write_text("Title: Corner café\n\nCoffee by the *canal*.\n", encoding="utf-8")
    run(["exiftool", "-q", "-overwrite_original", "-Make=Fujifilm", "-Model=X-T30", "-LensModel=XF35mmF2 R WR",
         "-DateTimeOriginal=2024:06:01 18:30:00", "-ExposureTime=1/250", "-FNumber=5.6", "-FocalLength=35",
         "-ISO=200", photos / EXIF_PHOTO], "exiftool")
    run([tessera, "build", photos, "-o", site, "--quiet"], "tessera build")
    run([tessera, "verify", site, "--quiet"], "tessera verify")
    return site


def start_browser(profile, javascript=True):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000", "--allow-file-access-from-files"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(60)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": profile["width"], "height": profile["height"], "deviceScaleFactor": profile["scale"],
        "mobile": profile["mobile"]})
    if profile["mobile"]:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return driver


def wait(driver, script, what, timeout=WAIT):
    """Polls `script` (a JS expression) until truthy; returns its value, or None after the bound."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script("return (" + script + ");")
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


STATE = """
const d = document.querySelector('dialog.tv');
const img = d && d.querySelector('.tv-slide:nth-child(2) img');
return {open: !!(d && d.open), href: location.href, count: d ? d.querySelector('.tv-count').textContent.replace(/\\s/g, ' ') : '',
        alt: img ? img.alt : '', src: img ? img.currentSrc.split('/').pop() : '',
        natural: img ? img.naturalWidth : 0, complete: img ? img.complete : false,
        marker: window.__viewerMarker === 1, page: document.body.className,
        active: document.activeElement ? (document.activeElement.getAttribute('href') ||
                document.activeElement.className || document.activeElement.tagName) : '',
        zoomed: d ? d.querySelector('.tv-zoom').getAttribute('aria-pressed') : '',
        transform: img ? img.style.transform : ''};
"""


def state(driver):
    return driver.execute_script(STATE)


def tiles(driver):
    return driver.execute_script("""return [...document.querySelectorAll('a.tile')].map((a) => ({
        href: a.href, alt: a.querySelector('img').alt, display: a.dataset.display,
        full: +(/(\\d+)w$/.exec(a.dataset.display) || [0, 0])[1]}));""")


def press(driver, key):
    """A real key press through the DevTools protocol (trusted, as a visitor's); a character
    (" ", "+") is typed, with its char event."""
    codes = {"ArrowRight": 39, "ArrowLeft": 37, "ArrowUp": 38, "ArrowDown": 40, "Escape": 27, "Tab": 9, "Enter": 13, " ": 32, "+": 187}
    if len(key) == 1:
        code = "Space" if key == " " else "Equal"
        for kind in ("rawKeyDown", "char", "keyUp"):
            driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code, "text": key,
                                                              "windowsVirtualKeyCode": codes[key],
                                                              "nativeVirtualKeyCode": codes[key]})
        return
    for kind in ("rawKeyDown", "keyUp"):
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key,
                                                          "windowsVirtualKeyCode": codes[key],
                                                          "nativeVirtualKeyCode": codes[key]})


def click_at(driver, x, y, count=1):
    for kind in ("mousePressed", "mouseReleased"):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                            "clickCount": count})


def center(driver, selector):
    return driver.execute_script("""const r = document.querySelector(arguments[0]).getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];""", selector)


def touch(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})


def tap(driver, x, y):
    touch(driver, "touchStart", [(x, y)])
    touch(driver, "touchEnd", [])


def tile_center(driver, index):
    """The centre of the album's tile `index`, scrolled to the middle of the screen."""
    return driver.execute_script("""const a = document.querySelectorAll('a.tile')[arguments[0]];
        a.scrollIntoView({block: 'center'}); const r = a.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];""", index)


def open_album(driver, url):
    driver.get(url)
    wait(driver, "document.readyState === 'complete' && !!document.querySelector('link[href$=\"viewer.css\"]')",
         "the viewer script ran")
    driver.execute_script("window.__viewerMarker = 1;")


# ---------------------------------------------------------------------------------------


def check_laptop(driver, base, axe_source):
    album = base + ALBUM
    open_album(driver, album)
    photos = tiles(driver)
    second = driver.execute_script("return document.querySelectorAll('a.tile')[1].getBoundingClientRect().top")
    driver.execute_script("window.scrollTo(0, arguments[0] - 100)", second)
    x, y = center(driver, "a.tile:nth-of-type(2)")
    click_at(driver, x, y)
    wait(driver, "document.querySelector('dialog.tv[open] .tv-slide:nth-child(2) img')", "open")
    s = state(driver)
    check(s["open"] and s["marker"], "laptop: a click on a tile opens the viewer with no page load", s)
    check(s["href"] == photos[1]["href"], "laptop: the address is the photo page's own", s["href"])
    check(s["alt"] == photos[1]["alt"], "laptop: the viewer shows the clicked photo", s["alt"])
    dialog = driver.execute_script("""const d = document.querySelector('dialog.tv');
        return {role: d.getAttribute('role'), modal: d.getAttribute('aria-modal'), label: d.getAttribute('aria-label'),
                inside: d.contains(document.activeElement)};""")
    check(dialog["role"] == "dialog" and dialog["modal"] == "true" and dialog["label"] and dialog["inside"],
          "laptop: a labelled modal dialog, focus inside", dialog)

    under = driver.execute_script("""const i = document.querySelector('.tv-slide:nth-child(2) img');
        const t = document.querySelectorAll('a.tile img')[1];
        return {background: getComputedStyle(i).backgroundImage, tile: t.currentSrc};""")
    check(bool(under["tile"]) and f'url("{under["tile"]}")' in under["background"],
          "laptop: the tile's image lies under the viewer's photo while its file arrives", under)

    # The neighbour is loaded before it is shown, in the file the browser picked for it.
    wait(driver, "document.querySelector('.tv-slide:nth-child(3) img').complete", "neighbour")
    ahead = driver.execute_script("""const i = document.querySelector('.tv-slide:nth-child(3) img');
        return {src: i.currentSrc.split('/').pop(), complete: i.complete && i.naturalWidth > 0};""")
    check(ahead["complete"], "laptop: the next photo is preloaded", ahead)
    press(driver, "ArrowRight")
    wait(driver, f"location.href === {json.dumps(photos[2]['href'])}", "next")
    s = state(driver)
    check(s["href"] == photos[2]["href"] and s["alt"] == photos[2]["alt"] and s["count"].startswith("3 /"),
          "laptop: ArrowRight shows the next photo at its address", s)
    check(s["src"] == ahead["src"], "laptop: the next photo is the file preloaded for it", f"{s['src']} vs {ahead['src']}")
    press(driver, "ArrowLeft")
    wait(driver, f"location.href === {json.dumps(photos[1]['href'])}", "previous")
    check(state(driver)["alt"] == photos[1]["alt"], "laptop: ArrowLeft shows the previous photo")
    driver.execute_script("document.querySelector('.tv-next').click()")
    wait(driver, f"location.href === {json.dumps(photos[2]['href'])}", "next button")
    check(state(driver)["alt"] == photos[2]["alt"], "laptop: the Next button shows the next photo")
    driver.execute_script("document.querySelector('.tv-previous').click()")
    wait(driver, f"location.href === {json.dumps(photos[1]['href'])}", "previous button")

    # Zoom loads the display image, and only then.
    full = photos[1]["full"]
    display_name = photos[1]["display"].split(" ")[0].split("/").pop()
    before = driver.execute_script("return performance.getEntriesByType('resource').map((r) => r.name.split('/').pop())")
    # Before zooming the browser takes the smallest file as wide as the drawn photo: the
    # display image only when no thumbnail is (a laptop's full screen is wider than 2x).
    need = driver.execute_script("""const i = document.querySelector('.tv-slide:nth-child(2) img');
        const widths = (i.getAttribute('srcset') || '').split(',').map((p) => parseInt(p.trim().split(/\\s+/)[1]) || 0);
        const thumbs = widths.filter((w) => w < Math.max(...widths));
        return {drawn: i.getBoundingClientRect().width * devicePixelRatio, widest: Math.max(0, ...thumbs)};""")
    if need["drawn"] <= need["widest"]:
        check(display_name not in before, "laptop: the display image is not fetched before zooming",
              f"{display_name} in {before} ({need})")
    driver.execute_script("document.querySelector('.tv-zoom').click()")
    zoomed = wait(driver, f"(() => {{ const i = document.querySelector('.tv-slide:nth-child(2) img');"
                          f" return i.complete && i.naturalWidth === {full} && i.currentSrc; }})()", "zoom")
    s = state(driver)
    check(bool(zoomed) and s["zoomed"] == "true", f"laptop: the zoom button loads the display image ({full} px wide)",
          s)
    # Drag pans the zoomed photo.
    x, y = center(driver, ".tv-stage")
    before_pan = s["transform"]
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left",
                                                        "clickCount": 1})
    for k in range(1, 6):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x + 30 * k, "y": y + 10 * k,
                                                            "button": "left", "buttons": 1})
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x + 150, "y": y + 50,
                                                        "button": "left", "clickCount": 1})
    check(state(driver)["transform"] != before_pan, "laptop: a drag moves the zoomed photo",
          f"{before_pan} → {state(driver)['transform']}")
    click_at(driver, x, y, 1)
    click_at(driver, x, y, 2)
    check(wait(driver, "document.querySelector('.tv-zoom').getAttribute('aria-pressed') === 'false'", "dblclick")
          is True, "laptop: a double-click zooms back out")
    driver.execute_script("""const s = document.querySelector('.tv-stage'), r = s.getBoundingClientRect();
        s.dispatchEvent(new WheelEvent('wheel', {deltaY: -400, clientX: r.left + r.width / 3,
                                                 clientY: r.top + r.height / 3, bubbles: true, cancelable: true}));""")
    check("scale(" in state(driver)["transform"], "laptop: the wheel zooms in", state(driver)["transform"])
    click_at(driver, x, y, 1)
    click_at(driver, x, y, 2)
    wait(driver, "document.querySelector('.tv-zoom').getAttribute('aria-pressed') === 'false'", "unzoom")

    # Full screen.
    has_button = driver.execute_script("return !!document.querySelector('.tv-fullscreen')")
    if check(has_button, "laptop: a full-screen control"):
        x, y = center(driver, ".tv-fullscreen")
        click_at(driver, x, y)
        on = wait(driver, "document.fullscreenElement && document.querySelector('dialog.tv').contains(document.fullscreenElement) && "
                  "document.fullscreenElement.getBoundingClientRect().width === innerWidth && "
                  "document.querySelector('.tv-fullscreen').getAttribute('aria-pressed') === 'true'", "fullscreen")
        pressed = driver.execute_script("return document.querySelector('.tv-fullscreen').getAttribute('aria-pressed')")
        check(on is True and pressed == "true", "laptop: full screen shows the viewer alone", f"{on} {pressed}")
        x, y = center(driver, ".tv-fullscreen")
        click_at(driver, x, y)
        check(wait(driver, "document.fullscreenElement === null && "
                   "document.querySelector('.tv-fullscreen').getAttribute('aria-pressed') === 'false'", "exit") is True, "laptop: and leaves full screen")

    # Details: the sidecar's title and caption, the EXIF's camera.
    cafe = next(i for i, p in enumerate(photos) if "caf" in p["href"])
    bridge = next(i for i, p in enumerate(photos) if "bridge" in p["href"])
    driver.execute_script("document.querySelector('.tv-details').click()")
    panel = driver.execute_script("const p = document.querySelector('.tv-panel'); return [p.hidden, p.innerText]")
    want_panel = {cafe: ["Corner café", "Coffee by the canal."],
                  bridge: ["Fujifilm X-T30", "XF35mmF2 R WR", "2024-06-01 18:30:00", "f/5.6"]}
    shown = photos[1]
    for index in (cafe, bridge):
        for _ in range(10):
            current = driver.execute_script("return +document.querySelector('.tv-count').textContent.split(/\\s\\/\\s/)[0] - 1")
            if current == index:
                break
            press(driver, "ArrowRight" if current < index else "ArrowLeft")
            wait(driver, f"+document.querySelector('.tv-count').textContent.split(/\\s\\/\\s/)[0] - 1 !== {current}", "step")
        panel = driver.execute_script("const p = document.querySelector('.tv-panel'); return [p.hidden, p.innerText]")
        missing = [w for w in want_panel[index] if w not in panel[1]]
        check(not panel[0] and not missing, f"laptop: the details panel of {photos[index]['href'].split('/').pop()} "
              "shows what its photo page shows", f"hidden={panel[0]}, missing {missing} in {panel[1]!r}")
        shown = photos[index]
    download = driver.execute_script("return document.querySelector('.tv-download').hidden")
    check(download, "laptop: no download control when the page offers no original")

    # Tab goes round named controls with a visible focus ring and stays in the dialog.
    seen, outside, unnamed, unringed = [], [], [], []
    for _ in range(14):
        press(driver, "Tab")
        info = driver.execute_script("""const a = document.activeElement, d = document.querySelector('dialog.tv');
            const style = getComputedStyle(a);
            return {inside: d.contains(a), name: a.getAttribute('aria-label') || a.textContent.trim(),
                    cls: a.className, ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0};""")
        seen.append(info["cls"])
        if not info["inside"]:
            outside.append(info["cls"])
        if not info["name"]:
            unnamed.append(info["cls"])
        if not info["ring"]:
            unringed.append(info["cls"])
    check(not outside, "laptop: Tab never leaves the viewer", f"{outside}")
    check(not unnamed, "laptop: every control the Tab reaches has a name", f"{unnamed}")
    check(not unringed, "laptop: the focused control shows a focus ring", f"{unringed}")
    expected = set(driver.execute_script("""return [...document.querySelectorAll('dialog.tv button, dialog.tv a')]
        .filter((c) => !c.disabled && !c.hidden && c.offsetParent).map((c) => c.className);"""))
    check(expected <= set(seen), "laptop: every control is reachable by Tab", f"reached {sorted(set(seen))}")

    # axe-core with the viewer open, light and dark.
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
        driver.execute_script(axe_source)
        answer = driver.execute_async_script(check_pages.AXE_RUN)
        if "error" in answer:
            raise check_pages.SetupError(f"axe failed: {answer['error']}")
        bad = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
               for v in answer["violations"] if v["impact"] in check_pages.FAILING_IMPACTS]
        check(not bad, f"laptop: axe-core {answer['version']} finds no serious or critical violation with the "
              f"viewer open ({scheme})", "; ".join(bad))
        for v in answer["violations"]:
            if v["impact"] not in check_pages.FAILING_IMPACTS:
                print(f"      ({scheme}: {v['impact']} {v['id']}: {v['help']})")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})

    # Slideshow: advances, and a key pauses it.
    at = state(driver)["href"]
    driver.execute_script("document.querySelector('.tv-previous').click()")
    wait(driver, f"location.href !== {json.dumps(at)}", "previous")
    at = state(driver)["href"]
    driver.execute_script("document.querySelector('.tv-slideshow').click()")
    moved = wait(driver, f"location.href !== {json.dumps(at)}", "slideshow", timeout=12)
    check(moved is True, "laptop: the slideshow advances by itself", state(driver)["href"])
    press(driver, "ArrowLeft")
    paused = driver.execute_script("return document.querySelector('.tv-slideshow').getAttribute('aria-pressed')")
    check(paused == "false", "laptop: a key press pauses the slideshow", paused)

    # Escape closes, focus back on the tile of the photo shown, the album's address.
    shown_href = state(driver)["href"]
    press(driver, "Escape")
    wait(driver, "!document.querySelector('dialog.tv').open", "close")
    s = state(driver)
    active_href = driver.execute_script("return document.activeElement.href || ''")
    check(not s["open"] and s["href"] == album and s["marker"], "laptop: Escape closes the viewer back to the album",
          s)
    check(active_href == shown_href, "laptop: focus is back on the tile of the photo shown",
          f"{active_href} vs {shown_href}")

    # Back and forward through what was viewed; reload lands on the photo.
    driver.execute_script("document.querySelectorAll('a.tile')[0].click()")
    wait(driver, "document.querySelector('dialog.tv').open", "open first")
    press(driver, "ArrowRight")
    wait(driver, f"location.href === {json.dumps(photos[1]['href'])}", "second")
    driver.back()
    wait(driver, f"location.href === {json.dumps(photos[0]['href'])}", "back")
    s = state(driver)
    check(s["open"] and s["alt"] == photos[0]["alt"], "laptop: back shows the photo viewed before", s)
    driver.back()
    wait(driver, "!document.querySelector('dialog.tv').open", "back to the album")
    s = state(driver)
    check(not s["open"] and s["href"] == album, "laptop: back again closes the viewer on the album", s)
    driver.forward()
    wait(driver, "document.querySelector('dialog.tv').open", "forward")
    s = state(driver)
    check(s["open"] and s["href"] == photos[0]["href"] and s["alt"] == photos[0]["alt"],
          "laptop: forward opens the viewer on that photo again", s)
    driver.forward()
    wait(driver, f"location.href === {json.dumps(photos[1]['href'])}", "forward again")
    driver.refresh()
    wait(driver, "document.readyState === 'complete' && document.body.className === 'photo-page'", "reload")
    s = state(driver)
    static_alt = driver.execute_script("return document.querySelector('main.viewer figure img').alt")
    check(s["href"] == photos[1]["href"] and not s["marker"] and s["page"] == "photo-page",
          "laptop: reload lands on that photo's own page", s)
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "reopened")
    s = state(driver)
    check(s["open"] and s["alt"] == static_alt and s["count"].startswith("2 /"),
          "laptop: with the viewer over it, as before the reload", s)
    press(driver, "Escape")
    wait(driver, "document.body.className === 'album-page' && document.readyState === 'complete'", "escape home")
    check(driver.execute_script("return location.href") == album,
          "laptop: Escape on the reloaded photo goes back to the album", driver.execute_script("return location.href"))

    # A photo page opened directly: the static page; its viewer opens on the photo and goes on.
    driver.get(photos[2]["href"])
    wait(driver, "document.readyState === 'complete' && !!document.querySelector('link[href$=\"viewer.css\"]')", "js")
    check(not state(driver)["open"], "laptop: a photo page opened directly shows the static page")
    driver.execute_script("document.querySelector('main.viewer figure img').click()")
    s = state(driver)
    check(s["open"] and s["alt"] == photos[2]["alt"], "laptop: a click on its photo opens the viewer", s)
    press(driver, "ArrowRight")
    wait(driver, f"location.href === {json.dumps(photos[3]['href'])} && document.readyState === 'complete' && "
                 "!!document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "next page")
    s = state(driver)
    check(s["open"] and s["alt"] == photos[3]["alt"], "laptop: and the next photo page opens in the viewer too", s)
    press(driver, "Escape")
    s = state(driver)
    check(not s["open"] and s["href"] == photos[3]["href"], "laptop: Escape there shows that photo's page", s)


def check_history_and_focus(driver, base):
    """What broke for visitors (2026-12-06): history after a reload, keys after a focused button
    turned disabled, and the tile the viewer closed on left off screen."""
    album = base + ALBUM
    open_album(driver, album)
    photos = tiles(driver)
    x, y = center(driver, "a.tile:nth-of-type(1)")
    click_at(driver, x, y)
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    press(driver, "ArrowRight")
    wait(driver, f"location.href === {json.dumps(photos[1]['href'])}", "next")
    # A reload with the viewer open: the page holds the album viewer's entries, to the browser.
    driver.refresh()
    wait(driver, "document.readyState === 'complete' && document.querySelector('dialog.tv') &&"
                 " document.querySelector('dialog.tv').open", "reopened")
    driver.back()
    back = wait(driver, f"location.href === {json.dumps(photos[0]['href'])} && document.readyState === 'complete'"
                        " && document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open &&"
                        " document.querySelector('.tv-count').textContent.replace(/\\s/g, ' ').startsWith('1 /')",
                "back after the reload")
    check(back is True, "history: back after a reload shows the photo viewed before, in the viewer", state(driver))
    press(driver, "Escape")
    home = wait(driver, f"location.href === {json.dumps(album)} && document.readyState === 'complete' &&"
                        " document.body.className === 'album-page' &&"
                        " !(document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open)",
                "escape after the reload")
    check(home is True, "history: Escape then closes the viewer on the album, the album's page shown", state(driver))

    # The last photo by the Next button: the button turns disabled under the focus.
    open_album(driver, album)
    last = len(photos) - 1
    x, y = tile_center(driver, last - 1)
    click_at(driver, x, y)
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    bx, by = center(driver, ".tv-next")
    click_at(driver, bx, by)
    wait(driver, f"location.href === {json.dumps(photos[last]['href'])}", "the last photo")
    press(driver, "ArrowLeft")
    stepped = wait(driver, f"location.href === {json.dumps(photos[last - 1]['href'])}", "a key after")
    check(stepped is True, "focus: on the last photo by the Next button, ArrowLeft still steps back", state(driver))
    press(driver, "Escape")
    closed = wait(driver, "!document.querySelector('dialog.tv').open", "closed")
    check(closed is True, "focus: and Escape still closes the viewer", state(driver))


def check_closing_scroll(driver, base):
    """On a phone, closing after stepping through the album focuses the last photo's tile on screen."""
    album = base + "index.html"
    open_album(driver, album)
    count = driver.execute_script("return document.querySelectorAll('a.tile').length")
    x, y = center(driver, "a.tile:nth-of-type(1)")
    tap(driver, x, y)
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "tap")
    for _ in range(count - 1):
        press(driver, "ArrowRight")
        time.sleep(0.05)
    press(driver, "Escape")
    wait(driver, "!document.querySelector('dialog.tv').open", "closed")
    time.sleep(0.5)  # past the browser's own scroll restoration
    shown = driver.execute_script("""const a = document.activeElement, r = a.getBoundingClientRect();
        return {href: a.href || a.tagName, top: r.top, bottom: r.bottom, height: innerHeight, last:
                document.querySelectorAll('a.tile')[arguments[0] - 1].href};""", count)
    check(shown["href"] == shown["last"] and shown["bottom"] > 0 and shown["top"] < shown["height"],
          f"focus: closed after {count - 1} steps, the focused tile is the last photo's, on screen", shown)


def check_video_swipe(driver, base):
    """On a phone, a swipe across a clip in the viewer turns to the next photo, as across a photo."""
    open_album(driver, base + "index.html")
    index = driver.execute_script("return [...document.querySelectorAll('a.tile')].findIndex((a) => a.dataset.video)")
    hrefs = driver.execute_script("return [...document.querySelectorAll('a.tile')].map((a) => a.href)")
    if not check(0 <= index < len(hrefs) - 1, "video swipe: the home album has a video tile before another"):
        return
    x, y = tile_center(driver, index)
    tap(driver, x, y)
    wait(driver, "document.querySelector('.tv-slide:nth-child(2) video')", "the clip")
    vx, vy = center(driver, ".tv-slide:nth-child(2) video")
    # A finger on the controls' band (the seek bar) scrubs the clip: no turn.
    bottom = driver.execute_script("return document.querySelector('.tv-slide:nth-child(2) video')"
                                   ".getBoundingClientRect().bottom")
    touch(driver, "touchStart", [(vx - 100, bottom - 12)])
    for k in range(1, 6):
        touch(driver, "touchMove", [(vx - 100 + 40 * k, bottom - 12)])
    touch(driver, "touchEnd", [])
    time.sleep(0.5)
    check(driver.execute_script("return location.href") == hrefs[index],
          "video swipe: a finger along the clip's controls (seeking) turns nothing", state(driver))
    touch(driver, "touchStart", [(vx + 120, vy)])
    for k in range(1, 6):
        touch(driver, "touchMove", [(vx + 120 - 50 * k, vy + k)])
    touch(driver, "touchEnd", [])
    turned = wait(driver, f"location.href === {json.dumps(hrefs[index + 1])}", "swiped")
    check(turned is True, "video swipe: a swipe left across the clip shows the next photo", state(driver))


def check_album_pages(driver, base):
    """An album cut into pages (page_size 4): the viewer goes on from a page's last photo to
    the next page's first, and back, each time on that page with the viewer open; Escape
    closes it on that page's grid; a slideshow plays on across the pages."""
    album = base + ALBUM
    open_album(driver, album)
    first = tiles(driver)
    following = driver.execute_script("const l = document.querySelector('link[rel=next]'); return l ? l.href : '';")
    if not check(bool(following) and len(first) >= 2, "pages: the album is cut into pages", following):
        return
    open_album(driver, following)
    second = tiles(driver)
    open_album(driver, album)

    def click_tile(index):
        driver.execute_script("document.querySelectorAll('a.tile')[arguments[0]].scrollIntoView({block: 'center'})",
                              index)
        x, y = driver.execute_script("""const r = document.querySelectorAll('a.tile')[arguments[0]].getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];""", index)
        click_at(driver, x, y)

    def arrived(photo):
        return wait(driver, f"location.href === {json.dumps(photo['href'])} && document.readyState === 'complete' && "
                            "!!document.querySelector('dialog.tv[open] .tv-slide:nth-child(2) img')", photo["href"])

    def closed_on(page, photo, what):
        press(driver, "Escape")
        wait(driver, "!document.querySelector('dialog.tv').open", "close")
        s = state(driver)
        active = driver.execute_script("return document.activeElement.href || ''")
        check(not s["open"] and s["href"] == page and active == photo["href"], what, f"{s['href']} {active}")

    click_tile(len(first) - 1)
    wait(driver, f"location.href === {json.dumps(first[-1]['href'])}", "open the last photo")
    disabled = driver.execute_script("return document.querySelector('.tv-next').disabled")
    check(state(driver)["alt"] == first[-1]["alt"] and not disabled,
          "pages: on a page's last photo the Next button goes on", f"disabled={disabled}")
    press(driver, "ArrowRight")
    arrived(second[0])
    s = state(driver)
    on_second = driver.execute_script("return document.querySelector('a.tile').href")
    check(s["open"] and s["alt"] == second[0]["alt"] and s["count"].startswith(f"{len(first) + 1} /")
          and on_second == second[0]["href"],
          "pages: ArrowRight there opens the next page with its first photo in the viewer, counted over the album", s)
    if len(second) >= 2:
        press(driver, "ArrowRight")
        wait(driver, f"location.href === {json.dumps(second[1]['href'])}", "on within the page")
        closed_on(following, second[1], "pages: after a step there, Escape closes it on that page's grid")
        click_tile(1)
        wait(driver, f"location.href === {json.dumps(second[1]['href'])}", "open again")
        press(driver, "ArrowLeft")
        wait(driver, f"location.href === {json.dumps(second[0]['href'])}", "its first photo")
    press(driver, "ArrowLeft")
    arrived(first[-1])
    s = state(driver)
    check(s["open"] and s["alt"] == first[-1]["alt"] and s["count"].startswith(f"{len(first)} /"),
          "pages: ArrowLeft on its first photo opens the page before on its last photo", s)
    closed_on(album, first[-1], "pages: Escape closes it on that page's grid, focus on the photo's tile")

    # The slideshow crosses to the next page and plays on there.
    click_tile(len(first) - 1)
    wait(driver, f"location.href === {json.dumps(first[-1]['href'])}", "open the last photo again")
    driver.execute_script("document.querySelector('.tv-slideshow').click()")
    crossed = wait(driver, f"location.href === {json.dumps(second[0]['href'])} && document.readyState === 'complete' && "
                           "!!document.querySelector('dialog.tv[open]')", "slideshow to the next page", timeout=12)
    playing = driver.execute_script("const b = document.querySelector('.tv-slideshow'); return b && b.getAttribute('aria-pressed')")
    check(crossed is True and playing == "true", "pages: the slideshow goes on to the next page and plays on there",
          f"{state(driver)['href']} aria-pressed={playing}")
    press(driver, "Escape")


def check_downloads(driver, base, site):
    """A photo page that links its original (`<a download>`, as `originals:` will make): the
    viewer's download control points at it."""
    page = next(p for p in sorted((site / "travels").glob("*.html")) if p.name != "index.html")
    html = page.read_text(encoding="utf-8")
    page.write_text(html.replace("</figcaption>", '<a download href="_media/original.jpg">Original</a>\n</figcaption>'),
                    encoding="utf-8")
    driver.get(base + "travels/" + urllib.parse.quote(page.name))
    wait(driver, "!!document.querySelector('link[href$=\"viewer.css\"]')", "js")
    driver.execute_script("document.querySelector('main.viewer figure img').click()")
    link = driver.execute_script("const a = document.querySelector('.tv-download'); "
                                 "return [a.hidden, a.href, a.hasAttribute('download'), a.getAttribute('aria-label')]")
    check(not link[0] and link[1].endswith("travels/_media/original.jpg") and link[2] and link[3],
          "laptop: a download control when the page links an original", link)
    page.write_text(html, encoding="utf-8")


def check_originals(driver, base):
    """`originals: stripped` and `zip: true`: one download URL for the page and the viewer,
    zoom on the original, the album's ZIP."""
    open_album(driver, base + ALBUM)
    tile = driver.execute_script("""const a = document.querySelectorAll('a.tile')[1];
        return {href: a.href, original: new URL(a.dataset.original, location.href).href};""")
    driver.execute_script("document.querySelectorAll('a.tile')[1].click()")
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    viewer = driver.execute_script("const a = document.querySelector('.tv-download'); "
                                   "return [a.hidden, a.href, a.hasAttribute('download')]")
    check(not viewer[0] and viewer[1] == tile["original"] and viewer[2],
          "originals: the viewer's download control is the tile's original", f"{viewer} vs {tile}")
    name = tile["original"].split("/").pop()
    driver.execute_script("document.querySelector('.tv-zoom').click()")
    sharp = wait(driver, f"(() => {{ const i = document.querySelector('.tv-slide:nth-child(2) img');"
                         f" return i.complete && i.naturalWidth > 0 && i.currentSrc.endsWith({json.dumps(name)}); }})()",
                 "original")
    check(sharp is True, "originals: zoom loads the original", state(driver)["src"])
    # An original may be transparent: nothing of the tile's image lies under it.
    under = driver.execute_script("return getComputedStyle(document.querySelector('.tv-slide:nth-child(2) img'))"
                                  ".backgroundImage")
    check(under == "none", "originals: no tile image left under the original", under)
    driver.get(tile["href"])
    wait(driver, "document.readyState === 'complete' && !!document.querySelector('link[href$=\"viewer.css\"]')", "js")
    page = driver.execute_script("const a = document.querySelector('figcaption a.download[download]'); "
                                 "return a ? [a.href, a.textContent] : null")
    check(page is not None and page[0] == tile["original"] and page[1],
          "originals: the photo page links the same original, in words", page)
    driver.execute_script("document.querySelector('main.viewer figure img').click()")
    own = driver.execute_script("return document.querySelector('.tv-download').href")
    check(page is not None and own == page[0], "originals: the viewer over the photo page downloads that link", own)
    driver.get(base + ALBUM)
    zipped = driver.execute_async_script("""const done = arguments[arguments.length - 1];
        const a = document.querySelector('header .download a[download]');
        if (!a) { done(null); return; }
        fetch(a.href).then((r) => r.arrayBuffer().then((b) => done([a.href, r.status,
            String.fromCharCode(...new Uint8Array(b).slice(0, 2))]))).catch((e) => done([a.href, String(e), '']));""")
    check(zipped is not None and zipped[0].endswith("/travels.zip") and zipped[1] == 200 and zipped[2] == "PK",
          "originals: the album page links its ZIP, and it is one", zipped)


def check_video(driver, base):
    """A video tile plays its clip inside the viewer, which stops it on the next photo and on close."""
    open_album(driver, base + "index.html")
    index = driver.execute_script("return [...document.querySelectorAll('a.tile')].findIndex((a) => a.dataset.video)")
    if not check(index >= 0, "video: the home album has a video tile"):
        return
    x, y = tile_center(driver, index)
    click_at(driver, x, y)
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    played = wait(driver, "(() => { const v = document.querySelector('.tv-slide:nth-child(2) video');"
                          " return v && !v.error && v.currentTime > 0.5 ? v.currentTime : 0; })()", "play", timeout=30)
    shown = driver.execute_script("""const v = document.querySelector('.tv-slide:nth-child(2) video');
        return v ? {controls: v.controls, inline: v.hasAttribute('playsinline'), poster: !!v.poster,
                    src: v.currentSrc.split('/').pop(), error: v.error && v.error.code} : null;""")
    check(bool(played), "video: a video tile plays its clip inside the viewer (currentTime advances)",
          f"{played} {shown}")
    check(shown is not None and shown["controls"] and shown["inline"] and shown["poster"],
          "video: with controls, inline, over its poster", shown)
    press(driver, "ArrowRight")
    stopped = wait(driver, "(() => { const v = [...document.querySelectorAll('dialog.tv video')];"
                           " return v.length === 0 || v.every((c) => c.paused); })()", "pause")
    check(stopped is True, "video: the clip pauses when the visitor moves to the next photo")
    # The step buttons name what they lead to: the one back to the clip is "Previous video"
    # (it said "Previous photo"), the one on to a photo "Next photo".
    names = driver.execute_script("return ['previous', 'next'].map((n) =>"
                                  " document.querySelector('dialog.tv .tv-' + n).getAttribute('aria-label'))")
    check(names[0] == "Previous video", "video: the viewer's button back to a clip says 'Previous video'", names)
    press(driver, "ArrowLeft")
    wait(driver, "(() => { const v = document.querySelector('.tv-slide:nth-child(2) video');"
                 " return v && !v.paused; })()", "plays again")
    press(driver, "Escape")
    closed = wait(driver, "!document.querySelector('dialog.tv').open && "
                          "[...document.querySelectorAll('dialog.tv video')].every((c) => c.paused)", "close")
    check(closed is True, "video: and when the viewer closes")
    # From a photo page, the viewer steps onto the video's page and back off it, still open
    # (it closed for good there: a video's page had no viewer to take the hand-over).
    driver.get(base + "clip.html")
    before, after = driver.execute_script("""const link = (rel) => {
        const a = document.querySelector('a[rel=' + rel + '][href]'); return a ? a.href : null; };
        return [link('prev'), link('next')];""")
    neighbour, towards, back = (before, "ArrowRight", "ArrowLeft") if before else (after, "ArrowLeft", "ArrowRight")
    if not check(bool(neighbour), "video: the clip's page has a photo page beside it", f"{before} {after}"):
        return
    driver.get(neighbour)
    driver.execute_script("(document.querySelector('main.viewer figure video[loop]') ||"
                          " document.querySelector('main.viewer figure img')).click()")
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    toward_clip = driver.execute_script("return document.querySelector('dialog.tv .tv-' + arguments[0])"
                                        ".getAttribute('aria-label')", "next" if towards == "ArrowRight" else "previous")
    check(toward_clip == ("Next video" if towards == "ArrowRight" else "Previous video"),
          "video: a photo page's viewer names its button to the clip's page a video's", toward_clip)
    press(driver, towards)
    on_clip = wait(driver, "(() => { const d = document.querySelector('dialog.tv');"
                           " const v = d && d.open && d.querySelector('.tv-slide:nth-child(2) video');"
                           " return location.pathname.endsWith('/clip.html') && !!v && !v.error"
                           " && v.currentSrc.endsWith('.mp4'); })()", "the clip's page")
    check(on_clip is True, "video: from a photo page's viewer, the video's page opens in the viewer with its clip",
          state(driver))
    press(driver, back)
    again = wait(driver, f"location.href === {neighbour!r} && document.querySelector('dialog.tv') &&"
                         " document.querySelector('dialog.tv').open", "back on the photo's page")
    check(again is True, "video: and the viewer goes on from there to the next page", state(driver))
    press(driver, "Escape")
    closed = wait(driver, "!document.querySelector('dialog.tv').open", "close")
    check(closed is True, "video: Escape closes it there, on the photo page", state(driver))


LIVE = """(() => { const v = document.querySelector('dialog.tv video.tv-live');
    return v ? {shown: !v.hidden && v.offsetWidth > 0, time: v.currentTime, paused: v.paused, loop: v.loop,
                src: v.currentSrc.split('/').pop(), error: v.error && v.error.code} : null; })()"""
MOVING = ("(() => { const v = document.querySelector('dialog.tv video.tv-live');"
          " return v && !v.hidden && v.offsetWidth > 0 && !v.error && v.currentTime > 0.3; })()")
STILL = "(() => { const v = document.querySelector('dialog.tv video.tv-live'); return !v || (v.hidden && v.paused); })()"


def open_tile(driver, base, key):
    """Opens the home album's tile with `data-<key>` in the viewer; its index, or -1."""
    open_album(driver, base + "index.html")
    index = driver.execute_script(
        "return [...document.querySelectorAll('a.tile')].findIndex((a) => a.dataset[arguments[0]])", key)
    if index >= 0:
        x, y = tile_center(driver, index)
        click_at(driver, x, y)
        wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    return index


def check_motion(driver, base):
    """A Live Photo's motion plays in the viewer on press-and-hold and from the Live control;
    a GIF moves on its own, and under prefers-reduced-motion only when asked."""
    if not check(open_tile(driver, base, "motion") >= 0, "motion: the home album has a Live Photo tile (data-motion)"):
        return
    wait(driver, "document.querySelector('.tv-slide:nth-child(2) img').complete", "still")
    time.sleep(0.5)
    control = driver.execute_script("const b = document.querySelector('.tv-motion');"
                                    " return b ? [b.hidden, b.getAttribute('aria-label'), b.getAttribute('aria-pressed')] : null")
    check(control is not None and not control[0] and control[1] and control[2] == "false",
          "motion: a Live Photo shows a named Live control, not pressed", control)
    fetched = driver.execute_script("return performance.getEntriesByType('resource')"
                                    ".filter((e) => /\\.mp4($|\\?)/.test(e.name)).length")
    check(fetched == 0 and driver.execute_script("return " + STILL) is True,
          "motion: opened, the Live Photo shows its still and fetches no MP4", fetched)
    x, y = center(driver, ".tv-stage")
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left",
                                                        "clickCount": 1})
    held = wait(driver, MOVING, "hold", timeout=30)
    check(held is True, "motion: pressed and held, the Live Photo's motion plays over the still (currentTime advances)",
          driver.execute_script("return " + LIVE))
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y, "button": "left",
                                                        "clickCount": 1})
    check(wait(driver, STILL, "release") is True, "motion: let go, the still again",
          driver.execute_script("return " + LIVE))
    check(state(driver)["zoomed"] == "false", "motion: a press and hold does not zoom")
    driver.execute_script("document.querySelector('.tv-motion').click()")
    played = wait(driver, MOVING, "control", timeout=30)
    check(played is True and driver.execute_script("return document.querySelector('.tv-motion')"
                                                   ".getAttribute('aria-pressed')") == "true",
          "motion: the Live control plays the motion, pressed", driver.execute_script("return " + LIVE))
    check(wait(driver, STILL, "ended", timeout=10) is True, "motion: played through once, the still again",
          driver.execute_script("return " + LIVE))
    press(driver, "Escape")
    wait(driver, "!document.querySelector('dialog.tv').open", "closed")
    # An animated GIF: its loop plays on its own.
    if not check(open_tile(driver, base, "loop") >= 0, "motion: the home album has a GIF tile (data-loop)"):
        return
    looping = wait(driver, MOVING, "gif", timeout=30)
    live = driver.execute_script("return " + LIVE)
    check(looping is True and live["loop"], "motion: a GIF moves in the viewer on its own, looping", live)
    press(driver, "ArrowLeft")  # (the GIF is the album's last photo)
    check(wait(driver, STILL, "moved") is True, "motion: and stops when the visitor moves to another photo",
          driver.execute_script("return " + LIVE))
    press(driver, "Escape")
    wait(driver, "!document.querySelector('dialog.tv').open", "closed")
    # prefers-reduced-motion: the GIF stays still until the control plays it.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"media": "", "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_tile(driver, base, "loop")
    time.sleep(1.5)
    check(driver.execute_script("return " + STILL) is True, "motion: with prefers-reduced-motion the GIF stays still",
          driver.execute_script("return " + LIVE))
    driver.execute_script("document.querySelector('.tv-motion').click()")
    check(wait(driver, MOVING, "asked", timeout=30) is True, "motion: and moves from the Live control",
          driver.execute_script("return " + LIVE))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    # A GIF's own photo page: a click on its moving picture opens the viewer, moving.
    href = driver.execute_script("return [...document.querySelectorAll('a.tile')].find((a) => a.dataset.loop).href")
    driver.get(href)
    wait(driver, "document.readyState === 'complete' && !!document.querySelector('link[href$=\"viewer.css\"]')", "js")
    driver.execute_script("document.querySelector('main.viewer figure video').click()")
    opened = wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    check(bool(opened) and wait(driver, MOVING, "page gif", timeout=30) is True,
          "motion: a GIF's photo page opens the viewer, moving", driver.execute_script("return " + LIVE))


def check_motion_phone(driver, base):
    """On a phone a finger pressed and held on a Live Photo plays its motion; lifted, the still."""
    open_album(driver, base + "index.html")
    index = driver.execute_script("return [...document.querySelectorAll('a.tile')].findIndex((a) => a.dataset.motion)")
    if not check(index >= 0, "motion phone: the home album has a Live Photo tile"):
        return
    x, y = tile_center(driver, index)
    tap(driver, x, y)
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "tap")
    wait(driver, "document.querySelector('.tv-slide:nth-child(2) img').complete", "still")
    time.sleep(0.5)
    x, y = center(driver, ".tv-stage")
    touch(driver, "touchStart", [(x, y)])
    held = wait(driver, MOVING, "hold", timeout=30)
    check(held is True, "motion phone: a finger held on a Live Photo plays its motion",
          driver.execute_script("return " + LIVE))
    touch(driver, "touchEnd", [])
    check(wait(driver, STILL, "lift") is True, "motion phone: lifted, the still again",
          driver.execute_script("return " + LIVE))
    check(state(driver)["zoomed"] == "false", "motion phone: and a held finger is no tap: no zoom")


def check_rtl_laptop(driver, base):
    """Right to left: Next is the button on the left, and ArrowLeft goes to it."""
    open_album(driver, base + ALBUM)
    check(driver.execute_script("return document.documentElement.dir") == "rtl", "rtl: the Arabic site is rtl")
    # The trail runs from the right, its Latin album names too (they ran left to right, one
    # run of Latin text, before each name had dir="auto").
    crumbs = driver.execute_script("""return [...document.querySelectorAll(
        'nav.breadcrumbs a, nav.breadcrumbs [aria-current]')].map((e) => e.getBoundingClientRect().left);""")
    check(len(crumbs) >= 2 and all(a > b for a, b in zip(crumbs, crumbs[1:])),
          "rtl: the trail runs from the right, its Latin names too", crumbs)
    photos = tiles(driver)
    driver.execute_script("document.querySelectorAll('a.tile')[1].click()")
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    sides = driver.execute_script("""const n = document.querySelector('.tv-next').getBoundingClientRect(),
        p = document.querySelector('.tv-previous').getBoundingClientRect(); return [n.left, p.left];""")
    check(sides[0] < sides[1], "rtl: the Next button is left of Previous", sides)
    press(driver, "ArrowLeft")
    wait(driver, f"location.href === {json.dumps(photos[2]['href'])}", "next")
    s = state(driver)
    check(s["href"] == photos[2]["href"] and s["alt"] == photos[2]["alt"], "rtl: ArrowLeft shows the next photo", s)
    # The next photo waits on the left: its slide is left of the current one.
    ahead = driver.execute_script("""const c = document.querySelector('.tv-slide:nth-child(2)').getBoundingClientRect(),
        n = document.querySelector('.tv-slide:nth-child(3)').getBoundingClientRect(); return [n.left, c.left];""")
    check(ahead[0] < ahead[1], "rtl: the next photo waits on the left", ahead)
    press(driver, "ArrowRight")
    wait(driver, f"location.href === {json.dumps(photos[1]['href'])}", "previous")
    check(state(driver)["alt"] == photos[1]["alt"], "rtl: ArrowRight shows the previous photo")
    driver.execute_script("document.querySelector('.tv-next').click()")
    wait(driver, f"location.href === {json.dumps(photos[2]['href'])}", "next button")
    check(state(driver)["alt"] == photos[2]["alt"], "rtl: the Next button shows the next photo")


def check_rtl_phone(driver, base):
    """Right to left: the finger moving right brings the next photo in from the left."""
    open_album(driver, base + ALBUM)
    photos = tiles(driver)
    x, y = center(driver, "a.tile:nth-of-type(1)")
    tap(driver, x, y)
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "tap")
    wait(driver, "document.querySelector('.tv-slide:nth-child(3) img').complete", "neighbour")
    touch(driver, "touchStart", [(40, 300)])
    for k in range(1, 6):
        touch(driver, "touchMove", [(40 + 45 * k, 300)])
    following = driver.execute_script("return document.querySelector('.tv-stage').style.transform")
    check("translateX(" in following and "translateX(-" not in following, "rtl phone: the photo follows the finger",
          following)
    touch(driver, "touchEnd", [])
    wait(driver, f"location.href === {json.dumps(photos[1]['href'])}", "swiped")
    s = state(driver)
    check(s["href"] == photos[1]["href"] and s["alt"] == photos[1]["alt"],
          "rtl phone: a swipe to the right shows the next photo", s)
    width = driver.execute_script("return innerWidth")
    touch(driver, "touchStart", [(width - 40, 300)])
    for k in range(1, 6):
        touch(driver, "touchMove", [(width - 40 - 45 * k, 300)])
    touch(driver, "touchEnd", [])
    wait(driver, f"location.href === {json.dumps(photos[0]['href'])}", "swiped back")
    check(state(driver)["alt"] == photos[0]["alt"], "rtl phone: a swipe to the left shows the previous photo")


def check_phone(driver, base):
    album = base + ALBUM
    open_album(driver, album)
    photos = tiles(driver)
    x, y = center(driver, "a.tile:nth-of-type(1)")
    tap(driver, x, y)
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "tap")
    s = state(driver)
    check(s["open"] and s["marker"] and s["href"] == photos[0]["href"], "phone: a tap on a tile opens the viewer", s)
    wait(driver, "document.querySelector('.tv-slide:nth-child(3) img').complete", "neighbour")
    width = driver.execute_script("return innerWidth")
    # Swipe left: the photo follows the finger, then the next one is shown.
    touch(driver, "touchStart", [(width - 40, 300)])
    for k in range(1, 6):
        touch(driver, "touchMove", [(width - 40 - 40 * k, 300 + k)])
    following = driver.execute_script("return document.querySelector('.tv-stage').style.transform")
    check("translateX(-" in following, "phone: the photo follows the finger", following)
    touch(driver, "touchEnd", [])
    wait(driver, f"location.href === {json.dumps(photos[1]['href'])}", "swiped")
    s = state(driver)
    check(s["href"] == photos[1]["href"] and s["alt"] == photos[1]["alt"], "phone: a swipe left shows the next photo", s)
    touch(driver, "touchStart", [(40, 300)])
    for k in range(1, 6):
        touch(driver, "touchMove", [(40 + 45 * k, 300)])
    touch(driver, "touchEnd", [])
    wait(driver, f"location.href === {json.dumps(photos[0]['href'])}", "swiped back")
    check(state(driver)["alt"] == photos[0]["alt"], "phone: a swipe right shows the previous photo")
    # Double tap zooms to the display image's full width; again zooms out.
    x, y = center(driver, ".tv-stage")
    tap(driver, x, y)
    time.sleep(0.05)
    tap(driver, x, y)
    full = photos[0]["full"]
    loaded = wait(driver, f"(() => {{ const i = document.querySelector('.tv-slide:nth-child(2) img');"
                          f" return i.complete && i.naturalWidth === {full}; }})()", "double tap")
    s = state(driver)
    check(loaded is True and s["zoomed"] == "true", f"phone: a double tap zooms in on the display image ({full} px)", s)
    time.sleep(0.5)
    tap(driver, x, y)
    time.sleep(0.05)
    tap(driver, x, y)
    check(wait(driver, "document.querySelector('.tv-zoom').getAttribute('aria-pressed') === 'false'", "out") is True,
          "phone: a second double tap zooms out")
    # Pinch out with two fingers.
    touch(driver, "touchStart", [(x - 20, y), (x + 20, y)])
    for k in range(1, 8):
        touch(driver, "touchMove", [(x - 20 - 12 * k, y), (x + 20 + 12 * k, y)])
    touch(driver, "touchEnd", [])
    s = state(driver)
    check(s["zoomed"] == "true" and "scale(" in s["transform"], "phone: a pinch zooms in", s)
    # The close button, by tap: focus back on the tile.
    bx, by = center(driver, ".tv-close")
    tap(driver, bx, by)
    wait(driver, "!document.querySelector('dialog.tv').open", "closed")
    s = state(driver)
    active = driver.execute_script("return document.activeElement.href || ''")
    check(not s["open"] and s["href"] == album and active == photos[0]["href"],
          "phone: Close returns to the album with focus on the tile", f"{s} {active}")


def check_file_url(driver, site):
    album = site.joinpath(ALBUM).as_uri()
    open_album(driver, album)
    photos = tiles(driver)
    driver.execute_script("document.querySelectorAll('a.tile')[1].click()")
    wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
    s = state(driver)
    check(s["open"] and s["alt"] == photos[1]["alt"], "file://: a click on a tile opens the viewer", s)
    wait(driver, "document.querySelector('.tv-slide:nth-child(2) img').complete", "image")
    check(state(driver)["natural"] > 0, "file://: the photo shows", state(driver))
    # With prefers-reduced-motion: the photo changes with no fade.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"media": "", "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    press(driver, "ArrowRight")
    wait(driver, f"document.querySelector('.tv-slide:nth-child(2) img').alt === {json.dumps(photos[2]['alt'])}", "next")
    check(state(driver)["alt"] == photos[2]["alt"], "file://: ArrowRight shows the next photo")
    motion = driver.execute_script("""const i = document.querySelector('.tv-slide:nth-child(2) img');
        const f = document.querySelector('.tv-fade');
        return {fadeIn: getComputedStyle(i).animationName, fadeOut: getComputedStyle(f).display === 'none' ||
                !f.querySelector('img') || getComputedStyle(f.querySelector('img')).animationName === 'none'};""")
    check(motion["fadeIn"] == "none" and motion["fadeOut"], "file://: prefers-reduced-motion: no cross-fade", motion)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    driver.refresh()
    wait(driver, "document.readyState === 'complete' && document.querySelector('dialog.tv') && "
                 "document.querySelector('dialog.tv').open", "reload")
    s = state(driver)
    check(s["open"] and s["alt"] == photos[2]["alt"], "file://: reload shows the same photo", s)
    driver.back()
    wait(driver, f"document.querySelector('.tv-slide:nth-child(2) img').alt === {json.dumps(photos[1]['alt'])}", "back")
    check(state(driver)["alt"] == photos[1]["alt"], "file://: back shows the photo viewed before")
    press(driver, "Escape")
    wait(driver, "!document.querySelector('dialog.tv').open", "close")
    active = driver.execute_script("return document.activeElement.href || ''")
    check(not state(driver)["open"] and active == photos[1]["href"], "file://: Escape closes, focus on the tile", active)
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, "file://: no error in the console", "; ".join(errors))


# What broke for visitors in a second hunt (2026-12-06): reloads after the viewer crossed to
# another album page, a clip's keyboard, a narrow phone's bar, zoom left on a photo left
# behind, back on a photo page's viewer.

def check_album_pages_reload(driver, base):
    """Crossed onto page 2 in the viewer, then reloaded (on the photo's own page, at the
    address the viewer showed): Escape closes onto page 2's grid, also after one more step."""
    album = base + ALBUM
    open_album(driver, album)
    following = driver.execute_script("const l = document.querySelector('link[rel=next]'); return l ? l.href : '';")
    count = len(tiles(driver))
    for steps in (0, 1):
        open_album(driver, album)
        x, y = tile_center(driver, count - 1)
        click_at(driver, x, y)
        wait(driver, "document.querySelector('dialog.tv') && document.querySelector('dialog.tv').open", "open")
        press(driver, "ArrowRight")
        wait(driver, f"location.href !== {json.dumps(album)} && document.readyState === 'complete' && "
                     "document.body.className === 'album-page' && !!document.querySelector('dialog.tv[open]')",
             "on page 2")
        for _ in range(steps):
            before = driver.execute_script("return location.href")
            press(driver, "ArrowRight")
            wait(driver, f"location.href !== {json.dumps(before)}", "one more step")
        driver.refresh()
        wait(driver, "document.readyState === 'complete' && !!document.querySelector('dialog.tv[open]')", "reloaded")
        press(driver, "Escape")
        landed = wait(driver, f"location.href === {json.dumps(following)} && document.readyState === 'complete' && "
                              "document.body.className === 'album-page' && !document.querySelector('dialog.tv[open]')",
                      "page 2's grid")
        check(landed is True, f"pages: reloaded in the viewer on page 2 ({steps} step(s) there), Escape closes onto "
              "page 2's grid", state(driver))


def check_album_pages_back_after_close(driver, base):
    """Opened on page 1's second-to-last photo, stepped over to page 2 and closed there: back
    goes to page 1's grid, as back from an album of one page goes past the photos viewed
    (it reopened the viewer on page 1's last photo, then its second-to-last); while the
    viewer is open, back still goes through the photos viewed."""
    album = base + ALBUM
    open_album(driver, album)
    first = tiles(driver)
    following = driver.execute_script("const l = document.querySelector('link[rel=next]'); return l ? l.href : '';")
    open_album(driver, following)
    second = tiles(driver)
    if not check(len(first) >= 2 and len(second) >= 2, "pages: pages 1 and 2 hold two photos or more",
                 f"{len(first)} and {len(second)}"):
        return
    grid_closed = "document.readyState === 'complete' && document.body.className === 'album-page' && " \
                  "!document.querySelector('dialog.tv[open]')"

    def viewer_on(photo):
        return wait(driver, f"location.href === {json.dumps(photo['href'])} && document.readyState === 'complete' && "
                            "!!document.querySelector('dialog.tv[open]') && document.querySelector("
                            f"'.tv-slide:nth-child(2) img').alt === {json.dumps(photo['alt'])}", photo["href"])

    def open_and_cross():
        open_album(driver, album)
        x, y = tile_center(driver, len(first) - 2)
        click_at(driver, x, y)
        viewer_on(first[-2])
        for photo in (first[-1], second[0], second[1]):
            press(driver, "ArrowRight")
            viewer_on(photo)

    open_and_cross()
    press(driver, "Escape")
    wait(driver, f"location.href === {json.dumps(following)} && " + grid_closed, "closed on page 2")
    driver.back()
    back = wait(driver, f"location.href === {json.dumps(album)} && " + grid_closed, "page 1's grid")
    check(back is True, "pages: closed on page 2 after the viewer went there from page 1, back goes to page 1's grid, "
          "not to a photo it showed there", state(driver))
    driver.forward()
    again = viewer_on(first[-2])
    check(again is True, "pages: and forward from there opens the viewer again on the first photo it showed",
          state(driver))

    open_and_cross()
    driver.back()
    viewer_on(second[0])
    driver.back()
    shown = viewer_on(first[-1])
    check(shown is True, "pages: back while the viewer is open on page 2 goes through the photos viewed, to page 1's",
          state(driver))
    press(driver, "Escape")
    closed = wait(driver, f"location.href === {json.dumps(album)} && " + grid_closed, "closed on page 1")
    check(closed is True, "pages: Escape there closes it on page 1's grid", state(driver))


def check_file_url_pages(driver, site):
    """From file://, closed on page 2 after the viewer crossed there, a reload keeps it closed."""
    album = site.joinpath(ALBUM).as_uri()
    open_album(driver, album)
    count = len(tiles(driver))
    driver.execute_script("document.querySelectorAll('a.tile')[arguments[0]].click()", count - 1)
    wait(driver, "!!document.querySelector('dialog.tv[open]')", "open")
    press(driver, "ArrowRight")
    wait(driver, f"location.href !== {json.dumps(album)} && document.readyState === 'complete' && "
                 "!!document.querySelector('dialog.tv[open]')", "on page 2")
    press(driver, "Escape")
    wait(driver, "!document.querySelector('dialog.tv[open]')", "closed")
    driver.refresh()
    wait(driver, "document.readyState === 'complete' && !!document.querySelector('link[href$=\"viewer.css\"]')",
         "reloaded")
    time.sleep(0.3)
    check(not state(driver)["open"], "file://: closed on page 2 after crossing there, a reload keeps it closed",
          driver.execute_script("return JSON.stringify(history.state)"))


def check_clip_keys(driver, base):
    """A clip in the viewer takes the keyboard's focus: Space pauses it (it pressed Close), Tab
    reaches its controls; it has no Zoom button, which did nothing on it."""
    open_album(driver, base + "index.html")
    index = driver.execute_script("return [...document.querySelectorAll('a.tile')].findIndex((a) => a.dataset.video)")
    count = len(tiles(driver))
    if not check(index >= 0 and count > 1, "clip keys: the home album has a video tile and another"):
        return
    start, key = (index - 1, "ArrowRight") if index > 0 else (index + 1, "ArrowLeft")
    x, y = tile_center(driver, start)
    click_at(driver, x, y)
    wait(driver, "!!document.querySelector('dialog.tv[open]')", "open")
    press(driver, key)
    playing = wait(driver, "(() => { const v = document.querySelector('.tv-slide:nth-child(2) video');"
                           " return v && !v.paused && v.currentTime > 0.3; })()", "the clip plays", timeout=30)
    focus = driver.execute_script("return document.activeElement.tagName")
    zoom = driver.execute_script("return document.querySelector('.tv-zoom').hidden")
    check(playing is True and focus == "VIDEO" and zoom,
          "clip keys: stepped onto a clip, its controls have the focus and Zoom is not offered",
          f"playing={playing} focus={focus} zoom hidden={zoom}")
    press(driver, " ")
    paused = wait(driver, "(() => { const v = document.querySelector('.tv-slide:nth-child(2) video');"
                          " return v && v.paused; })()", "paused")
    check(paused is True and state(driver)["open"], "clip keys: Space pauses the clip, the viewer stays open",
          state(driver))
    reached = set()
    for _ in range(12):
        press(driver, "Tab")
        reached.add(driver.execute_script("return document.activeElement.tagName"))
    check("VIDEO" in reached and "BUTTON" in reached, "clip keys: Tab goes round the clip and the bar's buttons",
          sorted(reached))
    press(driver, "Escape")


def check_bar_fits(driver, base, width, text_size="100%"):
    """At `width` px with the page's text at `text_size`, a Live Photo with words on a site
    offering originals (the fullest bar): every control on screen, 24 px wide or more."""
    what = f"bar: at {width} px" + (f" with the text at {text_size}" if text_size != "100%" else "")
    if not check(open_tile(driver, base, "motion") >= 0, f"{what}, the home album has a Live Photo tile"):
        return
    driver.execute_script("document.documentElement.style.fontSize = arguments[0]", text_size)
    time.sleep(0.3)
    bar = driver.execute_script("""return [...document.querySelectorAll('.tv-bar > *')].filter((e) => !e.hidden)
        .map((e) => { const r = e.getBoundingClientRect(); return [e.className, r.left, r.right, r.width]; });""")
    off = [b for b in bar if b[1] < 0 or b[2] > width or b[3] < 24]
    check(len(bar) >= 8 and not off, f"{what}, all {len(bar)} viewer controls are on screen", off or bar)


def open_first_photo(driver, base):
    """The album's first tile clicked, its photo loaded in the viewer."""
    open_album(driver, base + ALBUM)
    x, y = center(driver, "a.tile:nth-of-type(1)")
    click_at(driver, x, y)
    wait(driver, "!!document.querySelector('dialog.tv[open]')", "open")
    wait(driver, "document.querySelector('.tv-slide:nth-child(2) img').complete", "image")


def check_zoom_left_behind(driver, base):
    """A photo zoomed and left: the neighbour it became is at its size (a swipe back slid it in zoomed)."""
    open_first_photo(driver, base)
    press(driver, "+")
    zoomed = wait(driver, "document.querySelector('.tv-zoom').getAttribute('aria-pressed') === 'true'", "zoomed")
    for _ in range(8):  # zoomed in, Right pans to the photo's edge, then turns it
        press(driver, "ArrowRight")
        if state(driver)["zoomed"] == "false":
            break
    wait(driver, "document.querySelector('.tv-slide:nth-child(1) img') &&"
                 " document.querySelector('.tv-zoom').getAttribute('aria-pressed') === 'false'", "next")
    behind = driver.execute_script("const i = document.querySelector('.tv-slide:nth-child(1) img');"
                                   " return i ? i.style.transform : null")
    check(zoomed is True and behind == "", "zoom: the photo zoomed and left is back at its size beside the next",
          f"zoomed={zoomed} transform={behind!r}")
    press(driver, "Escape")


def check_keyboard_pan(driver, base):
    """Zoomed in by `+`, the arrow keys move the photo (a keyboard could zoom but never see
    the rest of it); at its right edge, Right turns to the next photo, at its size."""
    open_first_photo(driver, base)
    press(driver, "+")
    press(driver, "+")
    wait(driver, "document.querySelector('.tv-zoom').getAttribute('aria-pressed') === 'true'", "zoomed")
    offset = ("(() => { const m = /translate\\(([-\\d.]+)px, ?([-\\d.]+)px\\)/.exec("
              "document.querySelector('.tv-slide:nth-child(2) img').style.transform); return m ? [+m[1], +m[2]] : null; })()")
    start = driver.execute_script("return " + offset)
    counted = state(driver)["count"]
    moves = []
    for key in ("ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight"):
        before = driver.execute_script("return " + offset)
        press(driver, key)
        after = driver.execute_script("return " + offset)
        moves.append((key, before, after))
    moved = {key: before is not None and after is not None and before != after for key, before, after in moves}
    check(start is not None and all(moved.values()) and state(driver)["count"] == counted,
          "keyboard pan: zoomed in, each arrow key moves the photo and keeps it", moves)
    turned = None
    for _ in range(12):
        press(driver, "ArrowRight")
        now = state(driver)
        if now["count"] != counted:
            turned = now
            break
    check(turned is not None and turned["zoomed"] == "false" and turned["transform"] == "",
          "keyboard pan: at the photo's right edge, Right turns to the next photo, at its size", turned)
    press(driver, "Escape")


def check_photo_page_back(driver, base):
    """The viewer opened over a photo page is an entry: back closes it there, forward opens it again."""
    open_album(driver, base + ALBUM)
    page = tiles(driver)[1]["href"]
    driver.get("about:blank")
    driver.get(page)
    wait(driver, "document.readyState === 'complete'", "the photo page")
    driver.execute_script("document.querySelector('main.viewer figure img').click()")
    wait(driver, "!!document.querySelector('dialog.tv[open]')", "open")
    driver.back()
    closed = wait(driver, f"location.href === {json.dumps(page)} && !document.querySelector('dialog.tv[open]')",
                  "back")
    check(closed is True, "photo page: back closes its viewer, on the photo's page", state(driver))
    driver.forward()
    reopened = wait(driver, f"location.href === {json.dumps(page)} && !!document.querySelector('dialog.tv[open]')",
                    "forward")
    check(reopened is True, "photo page: forward opens it again", state(driver))
    press(driver, "Escape")
    shut = wait(driver, "!document.querySelector('dialog.tv[open]')", "escape")
    driver.refresh()
    wait(driver, "document.readyState === 'complete'", "reloaded")
    time.sleep(0.3)
    check(shut is True and not state(driver)["open"], "photo page: closed by Escape, a reload keeps it closed",
          state(driver))


# What a third hunt found (2026-12-06): the details panel out of the keyboard's reach, the
# bar off screen with larger text, the counter unreadable over a photo, the slideshow not
# paused by every key and click, the focus lost when closing from full screen.

def contrast(foreground, background):
    """WCAG contrast of two (r, g, b) colours, 0-255."""
    def luminance(rgb):
        def channel(c):
            c /= 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = (channel(c) for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rgba(text):
    """`rgb(1, 2, 3)` or `rgba(1, 2, 3, 0.9)` (or `color(srgb 0.1 0.2 0.3 / 0.9)`) as (r, g, b, a)."""
    numbers = [float(n) for n in text.replace("/", " ").replace(",", " ").split("(")[1].rstrip(")").split()
               if n.replace(".", "", 1).isdigit()]
    if text.startswith("color("):
        numbers = [n * 255 for n in numbers[:3]] + numbers[3:]
    return tuple(numbers[:3]) + ((numbers[3],) if len(numbers) > 3 else (1.0,))


def check_keyboard_and_slideshow(driver, base):
    """The details panel is in the Tab ring; any key or click pauses the slideshow; closing
    from full screen gives the focus back to the tile; the counter reads over any photo."""
    open_album(driver, base + ALBUM)
    first = tiles(driver)[0]["href"]
    x, y = center(driver, "a.tile:nth-of-type(1)")
    click_at(driver, x, y)
    wait(driver, "!!document.querySelector('dialog.tv[open]')", "open")
    for scheme in ("dark", "light"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
        colours = driver.execute_script("const s = getComputedStyle(document.querySelector('.tv-count'));"
                                        " return [s.color, s.backgroundColor];")
        fg, bg = rgba(colours[0]), rgba(colours[1])
        # The backdrop over the worst photo behind it: white, or black.
        worst = min(contrast(fg[:3], tuple(bg[i] * bg[3] + under * (1 - bg[3]) for i in range(3)))
                    for under in (0, 255))
        check(worst >= 4.5, f"counter: {scheme}, it reads at {worst:.1f}:1 or more over any photo", colours)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})

    driver.execute_script("document.querySelector('.tv-details').click()")
    reached = set()
    for _ in range(14):
        press(driver, "Tab")
        reached.add(driver.execute_script("return document.activeElement.className"))
    check("tv-panel" in reached, "details: the open panel is in the Tab ring (a long caption scrolls by keys)",
          sorted(reached))
    driver.execute_script("document.querySelector('.tv-details').click()")

    for what, act in (("Tab", lambda: press(driver, "Tab")),
                      ("a click on Details", lambda: click_at(driver, *center(driver, ".tv-details")))):
        driver.execute_script("document.querySelector('.tv-slideshow').click()")
        wait(driver, "document.querySelector('.tv-slideshow').getAttribute('aria-pressed') === 'true'", "playing")
        act()
        paused = wait(driver, "document.querySelector('.tv-slideshow').getAttribute('aria-pressed') === 'false'",
                      "paused", timeout=3)
        check(paused is True, f"slideshow: {what} pauses it", state(driver))
        if driver.execute_script("return !document.querySelector('.tv-panel').hidden"):
            driver.execute_script("document.querySelector('.tv-details').click()")

    shown = driver.execute_script("return location.href")
    if driver.execute_script("return !!document.querySelector('.tv-fullscreen')"):
        click_at(driver, *center(driver, ".tv-fullscreen"))
        wait(driver, "!!document.fullscreenElement", "full screen")
        click_at(driver, *center(driver, ".tv-close"))
        focused = wait(driver, "!document.querySelector('dialog.tv[open]') && !document.fullscreenElement && "
                               "document.activeElement.classList.contains('tile') && document.activeElement.href",
                       "closed")
        check(focused == shown or (focused and shown == first), "full screen: closed from it, the focus is on the "
              "photo's tile", f"{focused} for {shown}")


def check_photo_page_caption(driver, base):
    """A caption with a list reads the same in the viewer opened over its photo page as over
    the album (the photo page's ran the items together: `after the rain the lamps`)."""
    open_album(driver, base + ALBUM)
    bridge = driver.execute_script("""const a = [...document.querySelectorAll('a.tile')]
        .find((t) => /bridge/.test(t.href)); return a ? [a.href, a.dataset.caption] : null;""")
    if not check(bool(bridge and bridge[1]), "caption: the bridge's tile has a caption", bridge):
        return
    driver.get(bridge[0])
    wait(driver, "document.readyState === 'complete'", "the photo page")
    driver.execute_script("document.querySelector('main.viewer figure img').click()")
    wait(driver, "!!document.querySelector('dialog.tv[open]')", "open")
    shown = driver.execute_script("return document.querySelector('.tv-panel .tv-caption').textContent")
    check(shown == bridge[1], "caption: over its photo page, the viewer shows the caption as over the album",
          f"{shown!r} against {bridge[1]!r}")
    press(driver, "Escape")


def check_without_javascript(driver, base):
    driver.get(base + ALBUM)
    first = driver.execute_script("return document.querySelector('a.tile') && document.querySelector('a.tile').href")
    x, y = center(driver, "a.tile:nth-of-type(1)")
    click_at(driver, x, y)
    wait(driver, f"location.href === {json.dumps(first)} && document.readyState === 'complete'", "page")
    s = driver.execute_script("return [location.href, document.body.className, !!document.querySelector('dialog')]")
    check(s[0] == first and s[1] == "photo-page" and not s[2],
          "no JavaScript: a click on a tile loads the photo page, and no viewer", s)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tessera", required=True, type=Path)
    parser.add_argument("--axe-js", type=Path, help="default: axe.min.js from axe_playwright_python")
    parser.add_argument("--keep", action="store_true", help="keep the temporary site and print where")
    arguments = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="tessera-viewer-"))
    try:
        axe_js = arguments.axe_js or check_pages.package_file("axe_playwright_python", "axe.min.js")
        if not axe_js or not axe_js.is_file():
            raise check_pages.SetupError("no axe.min.js: install the wheel axe-playwright-python (make browser-test does)")
        if not shutil.which("exiftool"):
            raise check_pages.SetupError("no exiftool: install Debian's libimage-exiftool-perl")
        if not shutil.which("ffmpeg"):
            raise check_pages.SetupError("no ffmpeg: install Debian's ffmpeg")
        tessera = arguments.tessera.resolve()
        site = make_site(tessera, folder)
        offering = make_site(tessera, folder, "offering", "originals: stripped\nzip: true\n", clip=True)
        arabic = make_site(tessera, folder, "arabic", "language: ar\n")
        paged = make_site(tessera, folder, "paged", "layout:\n  page_size: 4\n")
        with check_pages.serve(site) as base, check_pages.serve(offering) as offers, \
                check_pages.serve(arabic) as rtl, check_pages.serve(paged) as pages:
            for name, profile, javascript, checks in (
                    ("laptop", LAPTOP, True, lambda d: (check_laptop(d, base, axe_js.read_text(encoding="utf-8")),
                                                        check_downloads(d, base, site))),
                    ("phone", PHONE, True, lambda d: (check_phone(d, base), check_closing_scroll(d, base))),
                    ("history", LAPTOP, True, lambda d: check_history_and_focus(d, base)),
                    ("video phone", PHONE, True, lambda d: check_video_swipe(d, offers)),
                    ("file", LAPTOP, True, lambda d: check_file_url(d, site)),
                    ("originals", LAPTOP, True, lambda d: (check_originals(d, offers), check_video(d, offers))),
                    ("motion", LAPTOP, True, lambda d: check_motion(d, offers)),
                    ("motion phone", PHONE, True, lambda d: check_motion_phone(d, offers)),
                    ("rtl laptop", LAPTOP, True, lambda d: check_rtl_laptop(d, rtl)),
                    ("rtl phone", PHONE, True, lambda d: check_rtl_phone(d, rtl)),
                    ("album pages", LAPTOP, True, lambda d: (check_album_pages(d, pages),
                                                             check_album_pages_reload(d, pages),
                                                             check_album_pages_back_after_close(d, pages),
                                                             check_file_url_pages(d, paged))),
                    ("clip keys", LAPTOP, True, lambda d: (check_clip_keys(d, offers),
                                                           check_zoom_left_behind(d, base),
                                                           check_keyboard_pan(d, base),
                                                           check_photo_page_back(d, base))),
                    ("narrow", NARROW, True, lambda d: check_bar_fits(d, offers, 320)),
                    ("keyboard and slideshow", LAPTOP, True, lambda d: (check_keyboard_and_slideshow(d, base),
                                                                        check_photo_page_caption(d, base))),
                    ("large text", PHONE, True, lambda d: check_bar_fits(d, offers, 375, "200%")),
                    ("no-js", LAPTOP, False, lambda d: check_without_javascript(d, base))):
                print(f"== {name}", flush=True)
                driver = start_browser(profile, javascript)
                try:
                    checks(driver)
                finally:
                    driver.quit()
    except (check_pages.SetupError, subprocess.TimeoutExpired) as error:
        print(f"error: {error}", flush=True)
        return 1
    except Exception as error:  # a browser that died mid-check, and the like
        print(f"error: the checks could not run: {type(error).__name__}: {error}", flush=True)
        return 1
    finally:
        if arguments.keep:
            print(f"(site kept in {folder})")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"({time.monotonic() - started:.1f} s) {len(failures)} viewer checks failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks that a Display P3 photo looks the same in Chromium after Tessera publishes it.

Writes flat-colour Display P3 JPEGs (saturated and strong red, strong green, a mid-tone) with
Pillow, tagged with a Display P3 profile that Little CMS builds from the published
primaries (the recipe of the Swift tests' ColourFixture), and each one again with its
profile stripped, which is what Tessera published before it converted colours. Builds a
site from them with Tessera, then shows each source photo and each published display image
as an `<img>` in headless Chromium, colour-managed to an sRGB screen
(`--force-color-profile=srgb`), screenshots the page and compares the centre colours by
CIE ΔE2000. Tessera's image must stay within MAX_DELTA_E of the tagged source; the stripped
photo's, measured the same way, must be MIN_STRIPPED_DELTA_E or more off for colours an sRGB
screen can tell apart, proving that the check can fail. The site is built with AVIF and WebP
beside JPEG: each format's display image is measured the same way, and each photo page must
show the AVIF (the `<picture>` source Chromium picks) with the same colour.

Usage: check_colour.py --tessera PATH
Prints one line per colour, then "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import ctypes
import ctypes.util
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SYSTEM_PYTHON = "/usr/bin/python3"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

# A published photo within this ΔE2000 of its source looks the same side by side (about
# half the smallest difference a trained eye sees between flat patches). Tessera measures
# 0.0-0.3: JPEG rounding.
MAX_DELTA_E = 1.0
# Colours inside sRGB that a dropped profile shifts, which must measure at least this far
# off, or the check could not tell the difference. Within sRGB's gamut, where an sRGB
# screen can show the difference at all, dropping Display P3 costs at most about 4.2.
MIN_STRIPPED_DELTA_E = 2.5

# Display P3 numbers, and whether dropping the profile must show. P3's pure red lies outside
# sRGB: an sRGB screen clips it to sRGB's red whether or not the profile is kept, so it
# proves the conversion keeps it right, not that the check can fail. The others lie inside
# sRGB: a strong red and green (near the most a dropped profile shifts) and a skin tone.
COLOURS = {
    "saturated-red": ((255, 0, 0), False),
    "strong-red": ((195, 45, 30), True),
    "strong-green": ((105, 225, 75), True),
    "mid-tone": ((170, 110, 90), True),
}
SIZE = (600, 400)
# The published display image's formats, each measured: JPEG, and the two Tessera offers
# beside it through <picture> (built with --formats avif,webp, whatever the default).
FORMATS = ("jpg", "avif", "webp")
PATCH = 20  # the side of the centre square averaged in each screenshot


def import_modules():
    """Returns selenium's webdriver, its Chrome Service class and Pillow's Image, re-running
    under Debian's Python (python3-selenium, python3-pil) if this one lacks them."""
    try:
        from PIL import Image, ImageCms  # noqa: F401  (ImageCms: Pillow built with lcms)
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
            sys.stdout.flush()
            os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])
        raise
    return webdriver, Service, Image


class SetupError(Exception):
    """The check could not run (no lcms, build failed, browser missing): one failure."""


# ---------------------------------------------------------------------------------------
# The photos


class XyY(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]


class XyYTriple(ctypes.Structure):
    _fields_ = [("red", XyY), ("green", XyY), ("blue", XyY)]


def display_p3_profile():
    """Display P3 as ICC bytes, built by Little CMS from D65 white, primaries red
    0.680/0.320, green 0.265/0.690, blue 0.150/0.060 and the sRGB tone curve."""
    name = ctypes.util.find_library("lcms2")
    if not name:
        raise SetupError("Little CMS (liblcms2-2) is not installed")
    lcms = ctypes.CDLL(name)
    lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
    lcms.cmsBuildParametricToneCurve.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_double)]
    lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
    lcms.cmsCreateRGBProfile.argtypes = [ctypes.POINTER(XyY), ctypes.POINTER(XyYTriple), ctypes.c_void_p * 3]
    lcms.cmsSaveProfileToMem.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
    lcms.cmsCloseProfile.argtypes = [ctypes.c_void_p]
    lcms.cmsFreeToneCurve.argtypes = [ctypes.c_void_p]
    parameters = (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
    curve = lcms.cmsBuildParametricToneCurve(None, 4, parameters)
    white = XyY(0.3127, 0.3290, 1)
    primaries = XyYTriple(XyY(0.680, 0.320, 1), XyY(0.265, 0.690, 1), XyY(0.150, 0.060, 1))
    profile = lcms.cmsCreateRGBProfile(ctypes.byref(white), ctypes.byref(primaries), (ctypes.c_void_p * 3)(curve, curve, curve))
    lcms.cmsFreeToneCurve(curve)
    if not profile:
        raise SetupError("Little CMS could not build the Display P3 profile")
    length = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(profile, None, ctypes.byref(length))
    buffer = ctypes.create_string_buffer(length.value)
    lcms.cmsSaveProfileToMem(profile, buffer, ctypes.byref(length))
    lcms.cmsCloseProfile(profile)
    return buffer.raw[: length.value]


def make_photos(Image, album):
    """Writes NAME.jpg (tagged Display P3) and NAME-stripped.jpg (no profile) per colour."""
    album.mkdir(parents=True)
    profile = display_p3_profile()
    for name, (rgb, _) in COLOURS.items():
        picture = Image.new("RGB", SIZE, rgb)
        picture.save(album / f"{name}.jpg", quality=95, subsampling=0, icc_profile=profile)
        picture.save(album / f"{name}-stripped.jpg", quality=95, subsampling=0)


def run(command, what):
    """Runs `command`, raising SetupError with its output when it fails."""
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise SetupError(f"{what} failed ({result.returncode}):\n{result.stdout}{result.stderr}")


# ---------------------------------------------------------------------------------------
# Colour difference


def srgb_to_lab(rgb):
    """CIE L*a*b* (D65 white) of an 8-bit sRGB colour."""
    def linear(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in rgb)
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(lab1, lab2):
    """CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation), kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = h2p - h1p
    if c1p * c2p == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = (-2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
           * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dhh / s_h) ** 2 + r_t * (dc / s_c) * (dhh / s_h))


def check_formula():
    """Raises SetupError unless delta_e_2000 gives Sharma et al.'s published test values."""
    for lab1, lab2, expected in (((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
                                 ((50, -1.3802, -84.2814), (50, 0, -82.7485), 1.0000),
                                 ((50, 2.5, 0), (73, 25, -18), 27.1492),
                                 ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373)):
        if abs(delta_e_2000(lab1, lab2) - expected) > 1e-4:
            raise SetupError(f"ΔE2000 formula is wrong: {lab1} {lab2} gives {delta_e_2000(lab1, lab2)}, not {expected}")


# ---------------------------------------------------------------------------------------
# The browser


def start_browser(webdriver, service_class):
    """Headless Chromium drawing for an sRGB screen, one CSS pixel per device pixel."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1", "--force-color-profile=srgb", "--window-size=1400,1000"):
        options.add_argument(argument)
    try:
        return webdriver.Chrome(service=service_class(CHROMEDRIVER), options=options)
    except Exception as error:  # the driver's own exception types vary between versions
        raise SetupError(f"cannot start Chromium through {CHROMEDRIVER}: {error}") from error


def measure(driver, Image, page, images):
    """Opens a page showing `images` (paths) side by side and returns each one's centre
    colour, the mean of a PATCH × PATCH square of the screenshot."""
    tags = "".join(f'<img id="i{n}" src="{path.as_uri()}" width="200" height="150">' for n, path in enumerate(images))
    page.write_text(f"<!doctype html><body style='margin:0;background:#fff'>{tags}</body>")
    driver.get(page.as_uri())
    loaded = driver.execute_script(
        "return Array.from(document.images).every((i) => i.complete && i.naturalWidth > 0)")
    if not loaded:
        raise SetupError(f"Chromium did not load {[str(p) for p in images]}")
    rects = [driver.execute_script(
        f"const r = document.getElementById('i{n}').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        for n in range(len(images))]
    shot = page.with_suffix(".png")
    shot.write_bytes(driver.get_screenshot_as_png())
    screen = Image.open(shot).convert("RGB")
    colours = []
    for left, top, width, height in rects:
        x0, y0 = int(left + width / 2 - PATCH / 2), int(top + height / 2 - PATCH / 2)
        pixels = [screen.getpixel((x, y)) for y in range(y0, y0 + PATCH) for x in range(x0, x0 + PATCH)]
        colours.append(tuple(sum(p[c] for p in pixels) / len(pixels) for c in range(3)))
    return colours


def shown_on_page(driver, Image, page):
    """The file Chromium chose for a built photo page's `<picture>` (its `currentSrc`), and
    the centre colour of the image as the page shows it."""
    driver.get(page.as_uri())
    driver.execute_script("const i = document.querySelector('.viewer img'); i.scrollIntoView(); return 0")
    for _ in range(50):
        if driver.execute_script("const i = document.querySelector('.viewer img'); return i.complete && i.naturalWidth > 0"):
            break
        time.sleep(0.1)
    chosen, left, top, width, height = driver.execute_script(
        "const i = document.querySelector('.viewer img'); const r = i.getBoundingClientRect();"
        "return [i.currentSrc, r.left, r.top, r.width, r.height]")
    shot = page.with_suffix(".png")
    shot.write_bytes(driver.get_screenshot_as_png())
    screen = Image.open(shot).convert("RGB")
    x0, y0 = int(left + width / 2 - PATCH / 2), int(top + height / 2 - PATCH / 2)
    pixels = [screen.getpixel((x, y)) for y in range(y0, y0 + PATCH) for x in range(x0, x0 + PATCH)]
    return chosen, tuple(sum(p[c] for p in pixels) / len(pixels) for c in range(3))


# ---------------------------------------------------------------------------------------


def main():
    """Builds the site, measures every colour and prints the verdicts; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tessera", required=True, type=Path, help="the tessera binary to test")
    arguments = parser.parse_args()
    webdriver, service_class, Image = import_modules()
    tessera = arguments.tessera.resolve()
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="tessera-colour-") as folder:
        work = Path(folder)
        driver = None
        try:
            check_formula()
            make_photos(Image, work / "photos" / "Colour")
            run([tessera, "build", work / "photos", "-o", work / "site", "--formats", "avif,webp"], "tessera build")
            run([tessera, "verify", work / "site", "--quiet"], "tessera verify")
            media = work / "site" / "colour" / "_media"
            driver = start_browser(webdriver, service_class)
            for name, (_, must_differ) in COLOURS.items():
                source = work / "photos" / "Colour" / f"{name}.jpg"
                published = [media / f"{name}.{extension}" for extension in FORMATS]
                stripped = media / f"{name}-stripped.jpg"
                for path in published + [stripped]:
                    if not path.exists():
                        raise SetupError(f"Tessera published no {path.relative_to(work)}")
                seen, *shown_formats, shown_stripped = measure(
                    driver, Image, work / f"{name}.html", [source, *published, stripped])
                deltas = [delta_e_2000(srgb_to_lab(seen), srgb_to_lab(c)) for c in shown_formats]
                delta, delta_stripped = max(deltas), delta_e_2000(srgb_to_lab(seen), srgb_to_lab(shown_stripped))
                shown = shown_formats[0]
                problems = []
                for extension, format_delta in zip(FORMATS, deltas):
                    if format_delta > MAX_DELTA_E:
                        problems.append(f"{extension} ΔE {format_delta:.2f} > {MAX_DELTA_E}")
                chosen, page_colour = shown_on_page(driver, Image, work / "site" / "colour" / f"{name}.html")
                if not chosen.endswith(".avif"):
                    problems.append(f"the photo page shows {chosen}, not the AVIF")
                page_delta = delta_e_2000(srgb_to_lab(seen), srgb_to_lab(page_colour))
                if page_delta > MAX_DELTA_E:
                    problems.append(f"the photo page's image ΔE {page_delta:.2f} > {MAX_DELTA_E}")
                if must_differ and delta_stripped < MIN_STRIPPED_DELTA_E:
                    problems.append(f"the stripped photo measures only ΔE {delta_stripped:.2f}: the check cannot fail")
                def text(c):
                    return "(" + ", ".join(f"{v:5.1f}" for v in c) + ")"
                print(f"{'FAIL' if problems else 'ok  '} {name:13} source {text(seen)} Tessera {text(shown)} "
                      f"ΔE {' / '.join(f'{e} {d:4.2f}' for e, d in zip(FORMATS, deltas))} (≤ {MAX_DELTA_E}), "
                      f"photo page {Path(chosen).suffix} ΔE {page_delta:4.2f}; profile stripped {text(shown_stripped)} "
                      f"ΔE {delta_stripped:5.2f}{'; ' + '; '.join(problems) if problems else ''}", flush=True)
                if problems:
                    failed += 1
                else:
                    passed += 1
        except SetupError as error:
            print(f"error: {error}", flush=True)
            failed += 1
        finally:
            if driver is not None:
                driver.quit()
    print(f"{passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

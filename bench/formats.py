#!/usr/bin/env python3
"""The formats scenario of `make bench`: what WebP and AVIF save against JPEG at equal
quality, and what they add to a cold build. See bench/README.md, "Modern formats".

    formats.py --tessera BIN --photos DIR --work DIR [--runs 3] [--quality 82]
               [--calibrate-on 40] [--results DIR]

1. Calibration, on the first --calibrate-on photos: JPEG at --quality, then WebP and AVIF
   at a sweep of their own qualities (--webp-quality, --avif-quality). Each build's mean
   SSIM, interpolated, gives the quality of each format that matches the JPEG's SSIM.
2. The table, on every photo: a cold build (median of --runs) with JPEG only, with WebP,
   with AVIF and with both, at the qualities Tessera picks by itself (the matched ones
   compiled into RenditionRequest); bytes of each format's display images and thumbnails;
   mean SSIM of each format against the reference; seconds each format adds.

SSIM is Wang et al.'s (Gaussian window, sigma 1.5, K1 0.01, K2 0.03), on BT.601 luma, of
each published image against a reference: the source photo, turned upright by its EXIF
orientation and resized to the image's size by Pillow (Lanczos), never compressed. Every
format shares Tessera's resampler, so the difference between formats is their compression.
Needs numpy, scikit-image and a Pillow that reads AVIF (11.3 or newer).
"""
import argparse
import glob
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import time

import numpy
from PIL import Image, ImageOps
from skimage.metrics import structural_similarity

WEBP_SWEEP = (80, 85, 90, 95)
AVIF_SWEEP = (65, 70, 75, 80, 85)
# File name suffixes of the renditions (RenditionLadder.thumbnails).
ROLES = {"": "display", ".thumb2x": "thumbnail 2x", ".thumb": "thumbnail", ".thumb0.5x": "thumbnail 0.5x"}
EXTENSIONS = {"jpeg": "jpg", "webp": "webp", "avif": "avif"}


def luma(image):
    """BT.601 luma of an RGB Pillow image, as floats."""
    rgb = numpy.asarray(image.convert("RGB"), dtype=numpy.float64)
    return rgb @ numpy.array([0.299, 0.587, 0.114])


def reference(source, size):
    """The source photo upright and resized to `size` by Pillow: what a lossless rendition
    would show."""
    with Image.open(source) as photo:
        upright = ImageOps.exif_transpose(photo).convert("RGB")
        return luma(upright.resize(size, Image.LANCZOS))


def ssim_of_source(task):
    """SSIM of every published image of one source photo, by label: the reference of each
    size is made once, however many builds and formats share it."""
    source, files = task
    references = {}
    results = []
    for label, path in files:
        with Image.open(path) as image:
            shown = luma(image)
            size = image.size
        if min(size) < 7:
            continue
        if size not in references:
            references[size] = reference(source, size)
        value = structural_similarity(
            references[size], shown, data_range=255, gaussian_weights=True, sigma=1.5,
            use_sample_covariance=False)
        results.append((label, value))
    return results


def published_files(site, sources, extension):
    """(source, published file, role) for each source photo's images in one format."""
    files = []
    for source in sources:
        stem = os.path.splitext(os.path.basename(source))[0].lower()
        for suffix, role in ROLES.items():
            matches = glob.glob(os.path.join(site, "_media", f"{stem}{suffix}.{extension}"))
            files += [(source, path, role) for path in matches]
    return files


def build(tessera, photos, site, formats, extra=()):
    """One cold build into an empty `site`; returns its wall-clock seconds."""
    shutil.rmtree(site, ignore_errors=True)
    os.sync()  # the deleted site's file-system work, not in the timed build (bench/run)
    command = [tessera, "build", photos, "-o", site, "--jobs", "2", "--quiet", "--formats", formats, *extra]
    started = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - started


def mean_ssims(pool, labelled):
    """Mean SSIM per label; `labelled` maps a label to its (source, file, role) list."""
    by_source = {}
    for label, files in labelled.items():
        for source, path, _ in files:
            by_source.setdefault(source, []).append((label, path))
    values = {label: [] for label in labelled}
    for results in pool.imap_unordered(ssim_of_source, sorted(by_source.items())):
        for label, value in results:
            values[label].append(value)
    return {label: statistics.fmean(v) for label, v in values.items()}


def matched(sweep, target):
    """The quality at which the sweep's SSIM, linearly interpolated, reaches `target`."""
    for (q1, s1), (q2, s2) in zip(sweep, sweep[1:]):
        if s1 <= target <= s2:
            return q1 + (target - s1) / (s2 - s1) * (q2 - q1) if s2 != s1 else q1
    return None


def calibrate(args, pool, sources):
    """Prints and returns each format's quality matching JPEG's SSIM at --quality."""
    folder = os.path.join(args.work, "formats-calibration-photos")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for source in sources:
        os.link(source, os.path.join(folder, os.path.basename(source)))
    print(f"\n== Calibration on {len(sources)} photos (SSIM of display images and thumbnails)", flush=True)
    qualities = [int(q) for q in args.jpeg_qualities.split(",")]
    labelled = {}
    for fmt, sweep in (("jpeg", qualities), ("webp", args.webp_sweep), ("avif", args.avif_sweep)):
        for q in sweep:
            site = os.path.join(args.work, "out", f"formats-calibration-{fmt}-{q}")
            flag = "--quality" if fmt == "jpeg" else f"--{fmt}-quality"
            build(args.tessera, folder, site, "none" if fmt == "jpeg" else fmt, (flag, str(q)))
            labelled[(fmt, q)] = published_files(site, sources, EXTENSIONS[fmt])
    means = mean_ssims(pool, labelled)
    sweeps = {fmt: [(q, means[(fmt, q)]) for q in sweep]
              for fmt, sweep in (("webp", args.webp_sweep), ("avif", args.avif_sweep))}
    for fmt, sweep in sweeps.items():
        for q, value in sweep:
            print(f"   {fmt:4} quality {q:3}: mean SSIM {value:.4f}", flush=True)
    matches = {}
    for jpeg in qualities:
        target = means[("jpeg", jpeg)]
        found = {fmt: matched(sweeps[fmt], target) for fmt in sweeps}
        matches[jpeg] = found
        words = ", ".join(f"{fmt} {q:.1f}" if q is not None else f"{fmt} outside the sweep" for fmt, q in found.items())
        print(f"   jpeg quality {jpeg:3}: mean SSIM {target:.4f} → equal SSIM at {words}", flush=True)
    return matches


def table(args, pool, sources):
    """Times the four builds and measures bytes and SSIM per format; returns Markdown."""
    site = {name: os.path.join(args.work, "out", f"formats-{name}") for name in ("none", "webp", "avif", "avif,webp")}
    seconds = {}
    print(f"\n== Cold builds of {len(sources)} photos, median of {args.runs}", flush=True)
    # At the calibrated qualities when this run calibrated, else at Tessera's own.
    extra = [arg for fmt, q in args.matched.items() for arg in (f"--{fmt}-quality", q)]
    for name in site:
        runs = [build(args.tessera, args.photos, site[name], name, ["--quality", str(args.quality), *extra])
                for _ in range(args.runs)]
        seconds[name] = statistics.median(runs)
        print(f"   --formats {name:9}: {seconds[name]:.2f} s ({', '.join(f'{r:.2f}' for r in runs)})", flush=True)
    rows = []
    files = {fmt: published_files(site["avif,webp"], sources, EXTENSIONS[fmt]) for fmt in EXTENSIONS}
    # SSIM on every --ssim-every'th photo (the reference and SSIM of 600 images would take
    # longer than all the builds); bytes on all of them.
    sampled = set(sources[:: args.ssim_every])
    means = mean_ssims(pool, {fmt: [f for f in files[fmt] if f[0] in sampled] for fmt in files})
    # Each format against the JPEGs of the same images: AVIF skips the display image and
    # the 1x thumbnail (RenditionLadder.avifRoles).
    jpeg_of = {(source, role): os.path.getsize(path) for source, path, role in files["jpeg"]}
    for fmt, where in (("jpeg", "none"), ("webp", "webp"), ("avif", "avif")):
        sizes = {role: sum(os.path.getsize(p) for _, p, r in files[fmt] if r == role) for role in ROLES.values()}
        total = sum(sizes.values())
        jpeg_bytes = sum(jpeg_of.get((source, role), 0) for source, _, role in files[fmt])
        added = seconds[where] - seconds["none"]
        rows.append((fmt, quality_of(args, fmt), sizes, total, total / jpeg_bytes, means[fmt], added))
        print(f"   {fmt}: {total / 2**20:.1f} MiB, mean SSIM {means[fmt]:.4f}", flush=True)
    sigal = sigal_seconds(args.results)
    lines = [
        "| format | quality | display MiB | thumbnails MiB | total MiB | vs the same JPEGs | mean SSIM | build s added |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for fmt, quality, sizes, total, ratio, value, added in rows:
        thumbs = total - sizes["display"]
        lines.append(
            f"| {fmt} | {quality} | {sizes['display'] / 2**20:.1f} | {thumbs / 2**20:.1f} | {total / 2**20:.1f} | "
            f"{ratio:.2f}× | {value:.4f} | {'—' if fmt == 'jpeg' else f'{added:+.2f}'} |")
    lines.append("")
    lines.append(
        f"SSIM on every {args.ssim_every}th photo ({len(sampled)}), bytes and time on all. "
        f"Cold build of {len(sources)} photos, median of {args.runs}: JPEG only {seconds['none']:.2f} s, "
        f"+WebP {seconds['webp']:.2f} s, +AVIF {seconds['avif']:.2f} s, +AVIF+WebP {seconds['avif,webp']:.2f} s"
        + (f"; sigal's cold build (JPEG only) in this run: {sigal:.2f} s." if sigal else "."))
    return "\n".join(lines)


def quality_of(args, fmt):
    """The quality `fmt` was built at: the calibrated one, else Tessera's own match."""
    if fmt == "jpeg":
        return args.quality
    return args.matched.get(fmt, "built-in")


def sigal_seconds(results):
    """sigal's median cold build from bench/run's results, if this run timed it."""
    import json
    path = os.path.join(results or "", "sigal-cold.json")
    if not results or not os.path.exists(path):
        return None
    with open(path) as f:
        return statistics.median(json.load(f)["results"][0]["times"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tessera", required=True)
    parser.add_argument("--photos", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--results", help="bench/run's results folder, for sigal's time")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quality", type=int, default=82)
    parser.add_argument("--jpeg-qualities", default=None, help="JPEG qualities to match (default: --quality)")
    parser.add_argument("--calibrate-on", type=int, default=40, help="photos used to calibrate (0: skip)")
    parser.add_argument("--webp-sweep", type=lambda t: [int(q) for q in t.split(",")], default=WEBP_SWEEP)
    parser.add_argument("--avif-sweep", type=lambda t: [int(q) for q in t.split(",")], default=AVIF_SWEEP)
    parser.add_argument("--ssim-every", type=int, default=4, help="SSIM of the table on every Nth photo")
    parser.add_argument("--skip-table", action="store_true")
    args = parser.parse_args()
    args.jpeg_qualities = args.jpeg_qualities or str(args.quality)
    args.matched = {}
    try:
        os.remove(os.path.join(args.work, "formats.md"))
    except FileNotFoundError:
        pass
    sources = sorted(glob.glob(os.path.join(os.path.abspath(args.photos), "*.jpg")))
    with multiprocessing.Pool(2) as pool:  # the bench's two cores
        if args.calibrate_on:
            matches = calibrate(args, pool, sources[: args.calibrate_on])
            found = matches.get(args.quality, {})
            args.matched = {fmt: f"{q:.0f}" for fmt, q in found.items() if q is not None}
        if not args.skip_table:
            text = table(args, pool, sources)
            print("\n" + text)
            with open(os.path.join(args.work, "formats.md"), "w") as f:
                f.write(text + "\n")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Scale bench: renames, no-change rebuilds of 20,000 and 100,000 photos, peak memory.

Usage: bench/scale.py [--binary .build/release/tessera] [--work /tmp/tessera-scale]
                      [--counts 20000,100000] [--cold 20000,100000] [--rename] [--runs 5]

Small photos: 8 tiny JPEGs (64x48 and 48x64, from bench/work/small-1k, which
bench/corpus.py makes) given unique bytes each by a JPEG comment segment after the SOI
marker, 500 to an album (one page each at the default page size). Made once into the work
folder, never into the repository. Prints each measurement with the command that made it;
CPU time is user + system of the tessera process (from /usr/bin/time -v), medians of --runs.
Nothing here asserts a time: it only prints.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

from jpeg_comment import with_comment

HERE = os.path.dirname(os.path.abspath(__file__))
ALBUM_SIZE = 500


BENCH_WORK = os.environ.get("BENCH_WORK", os.path.join(HERE, "work"))


def templates():
    folder = os.path.join(BENCH_WORK, "small-1k")
    names = sorted(name for name in os.listdir(folder) if name.endswith(".jpg"))[:8]
    if len(names) < 8:
        sys.exit(f"{folder} lacks its tiny JPEGs: run bench/corpus.py (make bench) first")
    return [open(os.path.join(folder, name), "rb").read() for name in names]


def make_small(folder, count):
    marker = os.path.join(folder, f".complete-{count}")
    if os.path.exists(marker):
        return
    shutil.rmtree(folder, ignore_errors=True)
    bases = templates()
    for i in range(count):
        album = os.path.join(folder, f"album-{i // ALBUM_SIZE:04d}")
        if i % ALBUM_SIZE == 0:
            os.makedirs(album, exist_ok=True)
        with open(os.path.join(album, f"p{i:06d}.jpg"), "wb") as f:
            f.write(with_comment(bases[i % len(bases)], f"tessera scale bench photo {i}"))
    open(marker, "w").close()


def timed(command):
    """Runs command under /usr/bin/time -v: (wall s, cpu s, peak MiB, stderr), after `sync`,
    so that what was deleted, copied or built before is not written during it (bench/run)."""
    os.sync()
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-3000:]}")
    err = result.stderr

    def field(name):
        return re.search(re.escape(name) + r": (.*)", err).group(1).strip()

    wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")
    seconds = sum(float(part) * 60 ** i for i, part in enumerate(reversed(wall)))
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    peak = int(field("Maximum resident set size (kbytes)")) / 1024
    return seconds, cpu, peak, err


def median_of(runs, command):
    samples = [timed(command) for _ in range(runs)]
    return (statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples),
            max(s[2] for s in samples), samples[-1][3])


def du(path):
    return int(subprocess.run(["du", "-sk", path], capture_output=True, text=True).stdout.split()[0]) / 1024


def scale(args, count, cold):
    photos = os.path.join(args.work, f"small-{count}")
    site = os.path.join(args.work, f"site-{count}")
    make_small(photos, count)
    command = [args.binary, "build", photos, "-o", site, "--jobs", "2", "--formats", "none", "--quiet"]
    print(f"## {count:,} photos ({count // ALBUM_SIZE} albums of {ALBUM_SIZE})")
    if cold or not os.path.exists(site):
        shutil.rmtree(site, ignore_errors=True)
        wall, cpu, peak, _ = timed(command)
        print(f"- cold build: {wall:.1f} s wall, {cpu:.1f} s CPU, peak RSS {peak:.0f} MiB, "
              f"output {du(site):.0f} MiB, input {du(photos):.0f} MiB: `{' '.join(command)}`")
    wall, cpu, peak, _ = median_of(args.runs, command)
    print(f"- no-change rebuild: {wall:.2f} s wall, {cpu:.2f} s CPU (median of {args.runs}), "
          f"peak RSS {peak:.0f} MiB")
    manifest = os.path.join(site, ".tessera-manifest.json")
    print(f"- manifest: {os.path.getsize(manifest) / 2**20:.1f} MiB")
    verbose = [c for c in command if c != "--quiet"] + ["--verbose"]
    result = subprocess.run(verbose, capture_output=True, text=True)
    stages = [line for line in (result.stdout + result.stderr).splitlines() if re.search(r"\bstage|\d+\.\d+ s", line)]
    print("- stages of a no-change rebuild (`--verbose`): " + "; ".join(s.strip() for s in stages[-12:]))


def rename(args):
    source = os.path.join(BENCH_WORK, "photos")
    photos = os.path.join(args.work, "rename", "photos")
    site = os.path.join(args.work, "rename", "site")
    command = [args.binary, "build", photos, "-o", site, "--jobs", "2", "--quiet"]
    colds, renames = [], []
    for run in range(args.rename_runs):
        shutil.rmtree(os.path.join(args.work, "rename"), ignore_errors=True)
        os.makedirs(photos)
        shutil.copytree(source, os.path.join(photos, "Summer"))
        colds.append(timed(command))
        os.rename(os.path.join(photos, "Summer"), os.path.join(photos, "Summer 2026"))
        renames.append(timed(command))
    cold = statistics.median(s[1] for s in colds)
    moved = statistics.median(s[1] for s in renames)
    print(f"## renaming a {len(os.listdir(source))}-photo album (default formats)")
    print(f"- cold build: {statistics.median(s[0] for s in colds):.1f} s wall, {cold:.1f} s CPU; after "
          f"renaming the album: {statistics.median(s[0] for s in renames):.2f} s wall, {moved:.2f} s CPU "
          f"(medians of {args.rename_runs}): {moved / cold:.3f} of the cold build's CPU time: `{' '.join(command)}`")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(HERE, "..", ".build", "release", "tessera"))
    parser.add_argument("--work", default="/tmp/tessera-scale")
    parser.add_argument("--counts", default="20000,100000")
    parser.add_argument("--cold", default="", help="counts whose cold build is measured again")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rename", action="store_true", help="also time renaming the 200-photo album")
    parser.add_argument("--rename-runs", type=int, default=3)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if args.rename:
        rename(args)
    for count in [int(c) for c in args.counts.split(",") if c]:
        scale(args, count, str(count) in args.cold.split(","))


if __name__ == "__main__":
    main()

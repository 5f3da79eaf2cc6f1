#!/usr/bin/env python3
"""Turns bench/run's hyperfine and /usr/bin/time results into one Markdown table.

    table.py RESULTS_DIR --runs N --seconds S
"""
import argparse
import json
import os
import platform
import re
import subprocess

# Which ratio each row shows: (numerator key, denominator key, wording, target).
# Each ratio is "time of A / time of B", so its direction is in its wording.
RATIOS = {
    "tessera-cold": ("tessera-cold", "vips", "tessera / vipsthumbnail", "≤ 2×"),
    "tessera-nochange": ("sigal-nochange", "tessera-nochange", "sigal / tessera", None),
    "tessera-default": ("tessera-default", "sigal-cold", "tessera / sigal", "≤ 0.5×"),
    "tessera-thumbs": ("tessera-thumbs", "vips", "tessera / vipsthumbnail", "≤ 1×"),
    "tessera-thumbs-upper": ("tessera-thumbs-upper", "vips", "tessera / vipsthumbnail", "≤ 1×"),
    "vips": ("vips", "tessera-thumbs", "vipsthumbnail / tessera thumbnail stage (lower bound)", None),
    "sigal-cold": ("sigal-cold", "tessera-cold", "sigal / tessera", "≥ 3×"),
    "sigal-nochange": ("sigal-nochange", "tessera-nochange", "sigal / tessera", None),
    "baseline-cold": ("baseline-cold", "tessera-cold", "baseline / tessera", None),
    "tessera-camera": ("tessera-camera", "vips-camera", "tessera / vipsthumbnail", None),
    "baseline-camera": ("baseline-camera", "tessera-camera", "baseline / tessera", None),
    "vips-camera": ("vips-camera", "tessera-camera", "vipsthumbnail / tessera", None),
    "sigal-camera": ("sigal-camera", "tessera-camera", "sigal / tessera", None),
    "tessera-10k-cold": ("tessera-10k-cold", "tessera-1k-cold", "10k / 1k", "linear = 10×"),
    "tessera-10k-nochange": ("tessera-10k-nochange", "tessera-1k-nochange", "10k / 1k",
                             "linear = 10×"),
}
# Absolute targets from the speed issue.
TARGETS = {
    "tessera-1k-nochange": ("seconds", 1.0, "< 1 s"),
    "tessera-10k-nochange": ("seconds", 5.0, "< 5 s"),
    "tessera-camera": ("rss", 300.0, "< 300 MiB"),
}


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def load(results):
    rows = []
    with open(os.path.join(results, "scenarios.tsv")) as f:
        for line in f:
            key, label, photos, command = line.rstrip("\n").split("\t")
            with open(os.path.join(results, key + ".json")) as j:
                result = json.load(j)["results"][0]
            times = result["times"]
            # hyperfine keeps only the mean of user and system time.
            cpu = result["user"] + result["system"]
            rss = []
            time_file = os.path.join(results, key + ".time")
            if os.path.exists(time_file):
                with open(time_file) as t:
                    rss = [int(m) for m in re.findall(r"Maximum resident set size \(kbytes\): (\d+)",
                                                      t.read())]
            rows.append({"key": key, "label": label, "photos": int(photos), "command": command,
                         "seconds": median(times), "runs": len(times), "cpu": cpu,
                         "rss": max(rss) / 1024 if rss else None})
    return rows


def machine():
    cores = os.cpu_count()
    try:
        model = re.search(r"model name\s*: (.*)", open("/proc/cpuinfo").read()).group(1)
    except (OSError, AttributeError):
        model = platform.processor()
    try:
        load = open("/proc/loadavg").read().split()[:3]
    except OSError:
        load = ["?"]
    return f"{model}, {cores} cores, load average at the end {' '.join(load)}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--seconds", type=int, required=True)
    arguments = parser.parse_args()
    rows = load(arguments.results)
    by_key = {row["key"]: row for row in rows}

    print(f"# Tessera benchmark: medians of {arguments.runs} runs, 2 jobs/processes each")
    print()
    print(f"Machine: {machine()}. The whole run took {arguments.seconds // 60} min "
          f"{arguments.seconds % 60} s.")
    print()
    print("| tool / scenario | photos | median s | photos/s | CPU s | peak RSS MiB | ratio |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for row in rows:
        ratio = ""
        if row["key"] in RATIOS:
            a, b, wording, target = RATIOS[row["key"]]
            if a in by_key and b in by_key and by_key[b]["seconds"] > 0:
                ratio = f"{wording} = {by_key[a]['seconds'] / by_key[b]['seconds']:.2f}×"
                if target:
                    ratio += f" (target {target})"
        if row["key"] in TARGETS:
            field, limit, wording = TARGETS[row["key"]]
            value = row[field]
            if value is not None:
                verdict = "met" if value < limit else "MISSED"
                ratio += ("; " if ratio else "") + f"target {wording}: {verdict}"
        rss = f"{row['rss']:.0f}" if row["rss"] is not None else "?"
        rate = row["photos"] / row["seconds"] if row["seconds"] > 0 else float("inf")
        print(f"| {row['label']} | {row['photos']} | {row['seconds']:.2f} | {rate:.1f} "
              f"| {row['cpu']:.2f} | {rss} | {ratio} |")
    print()
    print("Peak RSS is /usr/bin/time's maximum resident set size of the largest single process")
    print("(the highest over all runs): Tessera, sigal and xargs+vipsthumbnail each run 2 worker")
    print("processes beside their own (Tessera's decode and encode images), so each one's total is")
    print("up to about three times the figure shown.")
    print("Tessera makes 180-, 360- and 720-px-tall thumbnails and a 2048-px display image per photo")
    print("(JPEG only here, --formats none, but for the default-formats row, which adds AVIF of the")
    print("three thumbnails; the formats table below prices AVIF and WebP);")
    print("sigal makes 360-px thumbnails and 2048-px display images; vipsthumbnail makes only")
    print("360-px thumbnails. Tessera's thumbnail stage is bracketed: the lower bound makes one")
    print("image per photo, 360 px on the long edge (--display-size 360); the upper bound makes a")
    print("720-px display image and 360-, 270-, 180- and 90-px-tall thumbnails (--display-size 720")
    print("--thumbnail-height 180). CPU s is the mean user + system time of a run (all threads and")
    print("child processes): steadier than wall time when the machine is shared.")
    print()
    print("Commands (timed by hyperfine, each wrapped in /usr/bin/time -v):")
    print()
    for row in rows:
        print(f"- {row['label']}: `{row['command']}`")


if __name__ == "__main__":
    main()

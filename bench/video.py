#!/usr/bin/env python3
"""A minute of phone video, priced: Tessera's video engine against sigal's and thumbsup's
ffmpeg commands on the same clip, in one run, medians of several runs (bench/README.md).

The clip is made once (kept in WORK/video): ffmpeg's testsrc2 at 1920x1080, 30 fps, with
temporal noise so it does not compress trivially, H.264 High at 16 Mbit/s (a phone's rate)
with AAC stereo, tagged with a place the way phones tag it.

  bench/video.py --videobench .build/release/VideoBench --work bench/work
  bench/video.py ... --runs 5 --seconds 30 --no-sweep

Each scenario's median wall-clock seconds, seconds per minute of video, bytes, the picture
size, the SSIM of its first 20 seconds against the source (luma and chroma, ffmpeg's ssim
filter) at the output's own size and at Tessera's 1080×608, the place tags exiftool still
finds and whether the MP4's index comes first. The sweep encodes a
10-second cut at other CRFs and presets, once each, for the bytes-against-quality choice.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

SSIM_SECONDS = 20
SWEEP_SECONDS = 10
# Every output is also judged at the size Tessera makes, so that resolution counts: sigal's
# 480-px file is scaled up to it, thumbsup's full-size one down.
COMMON_SIZE = (1080, 608)


def run(command, **kwargs):
    return subprocess.run(command, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def make_clip(path, seconds):
    recipe = (
        f"testsrc2=size=1920x1080:rate=30:duration={seconds} + sine, noise=alls=10:allf=t, "
        "libx264 veryfast High 16M, aac 128k, location tags"
    )
    stamp = path + ".recipe"
    if os.path.exists(path) and os.path.exists(stamp) and open(stamp).read() == recipe:
        return
    print(f"== Making the clip ({seconds} s of 1080p, once): {path}", flush=True)
    run([
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", f"testsrc2=size=1920x1080:rate=30:duration={seconds}",
        "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
        "-vf", "noise=alls=10:allf=t", "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high",
        "-b:v", "16M", "-maxrate", "16M", "-bufsize", "32M", "-pix_fmt", "yuv420p",
        "-c:a", "aac", "-b:a", "128k", "-ac", "2",
        "-metadata", "location=+48.8584+002.2945/",
        "-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/",
        "-metadata", "creation_time=2024-05-01T10:00:00Z", "-movflags", "use_metadata_tags", path,
    ])
    with open(stamp, "w") as f:
        f.write(recipe)


def probe(path):
    report = json.loads(run(["ffprobe", "-v", "error", "-print_format", "json", "-show_streams", path]).stdout)
    video = next(s for s in report["streams"] if s["codec_type"] == "video")
    rate = video.get("avg_frame_rate", "0/1").split("/")
    fps = float(rate[0]) / float(rate[1]) if len(rate) == 2 and float(rate[1]) else 0
    return video["width"], video["height"], fps, video.get("profile", "")


def ssim(output, source, width, height):
    """ffmpeg's SSIM (All: luma and chroma) of the first SSIM_SECONDS at width×height, the
    output and the source both scaled there (Lanczos); frames are paired by time (the ssim
    filter's own sync), which also pairs thumbsup's 25 fps with the 30 fps source."""
    scale = f"scale={width}:{height}:flags=lanczos"
    graph = f"[0:v]{scale},setpts=PTS-STARTPTS[a];[1:v]{scale},setpts=PTS-STARTPTS[b];[a][b]ssim"
    result = run([
        "ffmpeg", "-hide_banner", "-nostats", "-t", str(SSIM_SECONDS), "-i", output,
        "-t", str(SSIM_SECONDS), "-i", source, "-lavfi", graph, "-f", "null", "-",
    ])
    match = re.search(r"All:([0-9.]+)", result.stderr.decode())
    return float(match.group(1)) if match else float("nan")


def location_keys(path):
    if not shutil.which("exiftool"):
        return None
    records = json.loads(run(["exiftool", "-ee", "-G", "-a", "-j", path]).stdout)
    return sorted(k for r in records for k in r if re.search("gps|location|6709", k, re.I))


def faststart(path):
    with open(path, "rb") as f:
        data = f.read(1 << 20)
    order, offset = [], 0
    while offset + 8 <= len(data):
        size = int.from_bytes(data[offset:offset + 4], "big")
        order.append(data[offset + 4:offset + 8].decode("latin-1"))
        if size == 1:
            size = int.from_bytes(data[offset + 8:offset + 16], "big")
        if size < 8:
            break
        offset += size
    return "moov" in order and ("mdat" not in order or order.index("moov") < order.index("mdat"))


def time_runs(command, output, runs):
    seconds = []
    for _ in range(runs):
        if os.path.exists(output):
            os.remove(output)
        started = time.monotonic()
        run(command)
        seconds.append(time.monotonic() - started)
    return seconds


def scenarios(videobench, clip, out):
    # sigal 2.6 with video_format = "mp4": `ffmpeg -i SRC -y` + mp4_options (-crf 23 -strict -2)
    # + a scale filter fitting video_size, default (480, 360); libx264 and AAC are ffmpeg's
    # defaults for .mp4. Its default format is WebM; this prices its MP4.
    def sigal(size, name):
        width, height = size
        scale = f"scale=trunc(oh*a/2)*2:{height}" if height * 1920 < 1080 * width else f"scale={width}:trunc(ow/a/2)*2"
        path = os.path.join(out, name)
        return ["ffmpeg", "-i", clip, "-y", "-crf", "23", "-strict", "-2", "-vf", scale, path], path

    # thumbsup 2.x through thumbsup-downsize: -r 25 -vsync 2 +faststart, -map_metadata -1,
    # 96k audio, libx264 at CRF 25 (its "quality 75"), format=yuv420p, no resizing.
    thumbsup_out = os.path.join(out, "thumbsup.mp4")
    thumbsup = [
        "ffmpeg", "-y", "-i", clip, "-r", "25", "-vsync", "2", "-movflags", "+faststart", "-map_metadata", "-1",
        "-ab", "96k", "-f", "mp4", "-vcodec", "libx264", "-b:v", "0", "-crf", "25", "-vf", "format=yuv420p",
        thumbsup_out,
    ]
    tessera_out = os.path.join(out, "tessera.mp4")
    sigal_default, sigal_default_out = sigal((480, 360), "sigal-480.mp4")
    sigal_matched, sigal_matched_out = sigal((1080, 1080), "sigal-1080.mp4")
    return [
        ("tessera: defaults (1080 px, CRF 23, medium, AAC 128k)",
         [videobench, "transcode", clip, tessera_out], tessera_out, "VideoBench transcode CLIP OUT"),
        ("sigal MP4, its default size (480×360 box)", sigal_default, sigal_default_out, " ".join(sigal_default)),
        ("sigal MP4 at Tessera's size (1080×1080 box)", sigal_matched, sigal_matched_out, " ".join(sigal_matched)),
        ("thumbsup (full size, 25 fps, CRF 25)", thumbsup, thumbsup_out, " ".join(thumbsup)),
    ]


def sweep(videobench, clip, out):
    cut = os.path.join(out, f"cut-{SWEEP_SECONDS}s.mov")
    run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-t", str(SWEEP_SECONDS), "-i", clip, "-c", "copy", cut])
    rows = []
    for crf, preset in [(18, "medium"), (20, "medium"), (23, "medium"), (26, "medium"), (28, "medium"),
                        (23, "veryfast"), (23, "fast"), (23, "slow")]:
        output = os.path.join(out, f"sweep-{crf}-{preset}.mp4")
        seconds = time_runs([videobench, "transcode", cut, output, "--crf", str(crf), "--preset", preset], output, 1)[0]
        width, height, _, _ = probe(output)
        rows.append((crf, preset, seconds, os.path.getsize(output), ssim(output, cut, width, height)))
        print(f"   CRF {crf} {preset}: {seconds:.1f} s, {os.path.getsize(output) / 1e6:.2f} MB, SSIM {rows[-1][4]:.4f}",
              flush=True)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--videobench", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--no-sweep", action="store_true")
    args = parser.parse_args()
    if args.runs < 3:
        sys.exit("--runs must be at least 3")
    folder = os.path.join(args.work, "video")
    out = os.path.join(folder, "out")
    os.makedirs(out, exist_ok=True)
    clip = os.path.join(folder, f"phone-1080p-{args.seconds}s.mov")
    make_clip(clip, args.seconds)
    source_keys = location_keys(clip)
    per_minute = 60 / args.seconds

    rows = []
    for label, command, output, shown in scenarios(os.path.abspath(args.videobench), clip, out):
        print(f"\n== {label}\n   $ {shown}", flush=True)
        seconds = time_runs(command, output, args.runs)
        width, height, fps, profile = probe(output)
        quality = ssim(output, clip, width, height)
        common = ssim(output, clip, *COMMON_SIZE)
        keys = location_keys(output)
        rows.append((label, statistics.median(seconds), os.path.getsize(output), f"{width}×{height}", fps, profile,
                     quality, common, keys, faststart(output)))
        print(f"   {', '.join(f'{s:.1f}' for s in seconds)} s; {os.path.getsize(output) / 1e6:.2f} MB; SSIM {quality:.4f}",
              flush=True)

    lines = [
        f"Video: {args.seconds} s of 1920×1080 30 fps phone-like H.264 (testsrc2 + noise, 16 Mbit/s, AAC), "
        f"median of {args.runs} runs; SSIM on the first {SSIM_SECONDS} s; "
        f"the source carries {len(source_keys or [])} place tags.",
        "",
        "| command | median s | s per minute | MB | size | fps | profile | SSIM at its size | SSIM at 1080×608 "
        "| place tags left | index first |",
        "|---|---:|---:|---:|---|---:|---|---:|---:|---:|---|",
    ]
    for label, seconds, size, dims, fps, profile, quality, common, keys, first in rows:
        left = "?" if keys is None else str(len(keys))
        lines.append(f"| {label} | {seconds:.1f} | {seconds * per_minute:.1f} | {size / 1e6:.2f} | {dims} | {fps:.0f} | "
                     f"{profile} | {quality:.4f} | {common:.4f} | {left} | {'yes' if first else 'no'} |")
    if not args.no_sweep:
        print(f"\n== CRF and preset sweep on the first {SWEEP_SECONDS} s (one run each)", flush=True)
        lines += ["", f"Tessera at other settings, the first {SWEEP_SECONDS} s, one run each:", "",
                  "| CRF | preset | s | MB | SSIM |", "|---:|---|---:|---:|---:|"]
        for crf, preset, seconds, size, quality in sweep(os.path.abspath(args.videobench), clip, out):
            lines.append(f"| {crf} | {preset} | {seconds:.1f} | {size / 1e6:.2f} | {quality:.4f} |")
    load = os.getloadavg()
    lines += ["", f"Load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)."]
    table = "\n".join(lines)
    print("\n" + table)
    with open(os.path.join(args.work, "video.md"), "w") as f:
        f.write(table + "\n")


if __name__ == "__main__":
    main()

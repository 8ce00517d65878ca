#!/usr/bin/env python3
"""Animated PNG previews against ffmpeg's APNG encoder, on the scenes of the GIF bench.

For each gesture the frames are written once as 8-bit RGBA PNGs (`simulate --frames
--png-colors rgba`, the input ffmpeg is given); then:
  ours     refresh-render simulate ... --apng (rendering included in its time)
  ffmpeg   ffmpeg -framerate FPS -i frame_%04d.png -f apng -pred mixed -plays 0: its smallest
           setting (every row's filter tried, each frame's dispose and blend chosen), and,
           for the opaque scenes, the same told to write RGB (-pix_fmt rgb24)
Every APNG is decoded frame by frame by Pillow and by ffmpeg, and the frame shown at each source
frame's mid-time compared with the source: "exact" means every pixel of every frame equal
(a fully transparent pixel's colour does not count). Times are medians of alternating rounds.

    python3 bench/apng_preview.py [--rounds N] [--bin .build/release/refresh-render]
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

import numpy
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gif_preview import SCENES, remove_scene_gesture, scene_gesture, start  # noqa: E402  the same seven scenes


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, **kw)


def timed(cmd):
    start = time.perf_counter()
    run(cmd)
    return time.perf_counter() - start


def pillow_frames(path):
    """(start ms, RGBA array) of each frame as Pillow composes it."""
    image = Image.open(path)
    frames, start = [], 0.0
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append((start, numpy.asarray(image.convert("RGBA"))))
        start += image.info.get("duration", 0)
    return frames


def ffmpeg_frames(path, width, height):
    """(start ms, RGBA array) of each frame as ffmpeg decodes it."""
    times = run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
                 "-of", "csv=p=0", path]).stdout.decode().split()
    raw = run(["ffmpeg", "-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]).stdout
    size = width * height * 4
    count = len(raw) // size
    pictures = [numpy.frombuffer(raw[i * size:(i + 1) * size], dtype=numpy.uint8).reshape(height, width, 4) for i in range(count)]
    return [(float(t) * 1000, p) for t, p in zip(times, pictures)]


def same(a, b):
    """Equal pixels, a fully transparent pixel's colour left out."""
    a = numpy.where(a[..., 3:4] == 0, 0, a)
    b = numpy.where(b[..., 3:4] == 0, 0, b)
    return int(numpy.sum(numpy.any(a != b, axis=-1)))


def differing(decoded, sources, fps):
    """Pixels that differ from the source, summed over the source frames, each compared with
    the decoded frame shown at its mid-time."""
    total = 0
    for i, source in enumerate(sources):
        mid = (i + 0.5) * 1000 / fps
        shown = [p for t, p in decoded if t <= mid + 1e-6]
        if not shown:
            return -1
        total += same(source, shown[-1])
    return total


def main():
    args, binary, work = start(5, "refreshgif-apng-")
    spaced = lambda n: f"{n:,}".replace(",", " ")
    print("| scene | pipeline | bytes | vs ffmpeg | pixels off (Pillow / ffmpeg) | time s | ffmpeg's time / ours |")
    print("|---|---|---|---|---|---|---|")
    for name, gesture, fps, extra in SCENES:
        gesture, extra = scene_gesture(gesture, extra)
        folder = os.path.join(work, "frames")
        shutil.rmtree(folder, ignore_errors=True)
        run([binary, "simulate", gesture, "--fps", str(fps), *extra, "--frames", folder, "--png-colors", "rgba"])
        names = sorted(f for f in os.listdir(folder) if f.endswith(".png"))
        sources = [numpy.asarray(Image.open(os.path.join(folder, f)).convert("RGBA")) for f in names]
        height, width = sources[0].shape[:2]
        opaque = all(bool(numpy.all(s[..., 3] == 255)) for s in sources)
        ours = os.path.join(work, "ours.png")
        ours_cmd = [binary, "simulate", gesture, "--fps", str(fps), *extra, "--apng", ours]
        ffmpeg = os.path.join(work, "ffmpeg.png")
        ffmpeg_cmd = ["ffmpeg", "-y", "-loglevel", "error", "-framerate", str(fps), "-i", os.path.join(folder, "frame_%04d.png"),
                      "-f", "apng", "-pred", "mixed", "-plays", "0", ffmpeg]
        ours_times, ffmpeg_times = [], []
        for _ in range(args.rounds):
            ours_times.append(timed(ours_cmd))
            ffmpeg_times.append(timed(ffmpeg_cmd))
        ours_time, ffmpeg_time = statistics.median(ours_times), statistics.median(ffmpeg_times)
        pipelines = [("ours", ours, ours_time), ("ffmpeg -pred mixed", ffmpeg, ffmpeg_time)]
        if opaque:
            rgb = os.path.join(work, "ffmpeg-rgb.png")
            run(ffmpeg_cmd[:-1] + ["-pix_fmt", "rgb24", rgb])
            pipelines.append(("ffmpeg -pred mixed -pix_fmt rgb24", rgb, None))
        ffmpeg_bytes = os.path.getsize(ffmpeg)
        for label, path, seconds in pipelines:
            size = os.path.getsize(path)
            off_pillow = differing(pillow_frames(path), sources, fps)
            off_ffmpeg = differing(ffmpeg_frames(path, width, height), sources, fps)
            shown_time = "" if seconds is None else f"{seconds:.3f}"
            ratio = f"{ffmpeg_time / ours_time:.1f}×" if label == "ours" else ""
            versus = f"{100 * (size / ffmpeg_bytes - 1):+.1f} %"
            print(f"| {name} | {label} | {spaced(size)} | {versus} | {spaced(off_pillow)} / {spaced(off_ffmpeg)} | {shown_time} | {ratio} |")
        sys.stdout.flush()
        remove_scene_gesture(gesture)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

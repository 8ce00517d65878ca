#!/usr/bin/env python3
"""The "GIF preview" scene of `make bench`: our animated GIFs against the peers people use.

For each gesture the frames are written once as PNGs (`simulate --frames`); then:
  ours        refresh-render simulate ... --gif (rendering included in its time), and with
              --gif-color-error 0.0003, 0.002, 0.04, 0.7 and 1 (our lossy setting: at most that
              mean squared error a channel over each frame's picture, about 83, 75, 62, 50 and
              48 dB)
  ffmpeg      two-pass palettegen/paletteuse on the PNGs (reserve_transparent, stats_mode=diff,
              sierra2_4a dither, diff_mode=rectangle, alpha_threshold=128)
  gifsicle    gifsicle -O3 of ours (and with --lossy=5), of ffmpeg's, and of ffmpeg's truest (one palette of every
              frame's colours, no dither): the peer nearest our fidelity
  magick      ImageMagick -layers Optimize on the PNGs, each frame with its exact delay
Above 50 fps ffmpeg resamples with fps=50 and ImageMagick gets the 50-fps grid's frames.
Each GIF is decoded by `refresh-render extract` (browser compositing) and compared with the
source frames: PSNR of each source frame against the GIF frame shown at its mid-time,
composited on white and on black (the worse of the two, over all frames), and over the pixels
drawn in both alone (colour dB: the one-bit alpha every pipeline shares left out), with each GIF frame
held as browsers hold it (0–1 cs delays play as 10 cs); flicker counts
pixels equal in two consecutive source frames that differ in the GIF. Times are medians of alternating
rounds (ours, then ffmpeg).

    python3 bench/gif_preview.py [--rounds N] [--bin .build/release/refresh-render]
"""
import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENES = [
    ("header-gif-pull-release, opaque", "gestures/header-gif-pull-release.json", 30, ["--show-content"]),
    ("header-pull-release, transparent", "gestures/header-pull-release.json", 30, []),
    ("header-lottie-pull-release", "gestures/header-lottie-pull-release.json", 30, []),
    ("trailer-pull-release @3x, 60 fps", "gestures/trailer-pull-release.json", 60, {"scale": 3}),
    ("sv-pull-to-refresh, opaque", "gestures/sv-pull-to-refresh.json", 30, ["--show-content"]),
    ("zj-gif-footer", "gestures/zj-gif-footer.json", 30, []),
    ("back-footer-pull-release @3x", "gestures/back-footer-pull-release.json", 30, {"scale": 3}),
]

LOSSY = ("0.0003", "0.002", "0.04", "0.7", "1")


def scene_gesture(gesture, extra):
    """The gesture file and command-line options of a scene. Control settings the command line
    has no option for (a dict) go into a copy of the gesture file beside the original, so its
    relative paths still hold; `remove_scene_gesture` removes the copy."""
    if not isinstance(extra, dict):
        return gesture, extra
    document = json.load(open(gesture))
    document.setdefault("control", {}).update(extra)
    copy = os.path.join(os.path.dirname(gesture), ".bench-" + os.path.basename(gesture))
    json.dump(document, open(copy, "w"))
    return copy, []


def remove_scene_gesture(gesture):
    if os.path.basename(gesture).startswith(".bench-"):
        os.remove(gesture)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, **kw)


def timed(cmd, rounds):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run(cmd)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def frames_of(binary, gif, work):
    out = os.path.join(work, os.path.basename(gif) + ".frames")
    shutil.rmtree(out, ignore_errors=True)
    run([binary, "extract", gif, "-o", out])
    manifest = json.load(open(os.path.join(out, "frames.json")))
    pictures = [numpy.asarray(Image.open(os.path.join(out, f["file"])).convert("RGBA"), dtype=numpy.float64)
                for f in manifest["frames"]]
    # As browsers play them: a delay of 0 or 1 cs is shown for 10 cs.
    delays = [100 if f["delayMs"] <= 10 else f["delayMs"] for f in manifest["frames"]]
    return pictures, delays


def on(background, rgba):
    alpha = rgba[..., 3:4] / 255
    return rgba[..., :3] * alpha + background * (1 - alpha)


def measure(binary, gif, sources, fps, work):
    pictures, delays = frames_of(binary, gif, work)
    starts = [sum(delays[:i]) for i in range(len(delays))]
    shown = []
    for i in range(len(sources)):
        mid = (i + 0.5) * 1000 / fps
        index = max(j for j, s in enumerate(starts) if s <= mid) if starts else 0
        shown.append(pictures[index])
    worst = math.inf
    for background in (255.0, 0.0):
        errors = [numpy.mean((on(background, s) - on(background, g)) ** 2) for s, g in zip(sources, shown)]
        mse = float(numpy.mean(errors))
        worst = min(worst, math.inf if mse == 0 else 10 * math.log10(255 ** 2 / mse))
    # Colour alone: over pixels drawn (at least half opaque) in both, straight colours, so the
    # one-bit alpha every pipeline shares does not hide how true the colours are.
    squared, counted = 0.0, 0
    for s, g in zip(sources, shown):
        drawn = (s[..., 3] >= 128) & (g[..., 3] >= 128)
        squared += float(numpy.sum((s[..., :3][drawn] - g[..., :3][drawn]) ** 2))
        counted += 3 * int(numpy.sum(drawn))
    colour = math.inf if squared == 0 or counted == 0 else 10 * math.log10(255 ** 2 / (squared / counted))
    flicker = 0
    for i in range(1, len(sources)):
        same = numpy.all(sources[i] == sources[i - 1], axis=-1)
        changed = numpy.any(shown[i] != shown[i - 1], axis=-1)
        flicker += int(numpy.sum(same & changed))
    return os.path.getsize(gif), worst, colour, flicker


def start(rounds, prefix):
    """A bench's command line (--rounds, --bin), its binary and a work folder; runs from the root."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/refresh-render"))
    args = parser.parse_args()
    os.chdir(ROOT)
    return args, os.path.abspath(args.bin), tempfile.mkdtemp(prefix=prefix)


def main():
    args, binary, work = start(7, "refreshgif-gif-")
    print("| scene | pipeline | bytes | PSNR dB | colour dB | flicker | time s | ffmpeg's time / ours |")
    print("|---|---|---|---|---|---|---|---|")
    for name, gesture, fps, extra in SCENES:
        gesture, extra = scene_gesture(gesture, extra)
        folder = os.path.join(work, "frames")
        shutil.rmtree(folder, ignore_errors=True)
        ours = os.path.join(work, "ours.gif")
        # The peers get 8-bit RGBA frames: ffmpeg's image2 reader takes the first file's pixel
        # format for all, so frames stored in different reduced forms would be misread.
        run([binary, "simulate", gesture, "--fps", str(fps), *extra, "--frames", folder, "--png-colors", "rgba", "--gif", ours])
        sources = [numpy.asarray(Image.open(os.path.join(folder, f)).convert("RGBA"), dtype=numpy.float64)
                   for f in sorted(os.listdir(folder))]
        ours_cmd = [binary, "simulate", gesture, "--fps", str(fps), *extra, "--gif", ours]
        # Our lossy setting at five errors, as PSNR of each frame at worst about 83, 75, 62,
        # 50 and 48 dB: the first two near the peers' fidelity on opaque scenes, 0.04 and 0.7
        # near gifsicle --lossy=5's colour fidelity on the transparent footer and header, the
        # last about a level a channel.
        lossy = {}
        for error in LOSSY:
            lossy[error] = os.path.join(work, f"ours-color-error-{error}.gif")
            run([binary, "simulate", gesture, "--fps", str(fps), *extra, "--gif", lossy[error], "--gif-color-error", error])
        ffmpeg = os.path.join(work, "ffmpeg.gif")
        # Above 50 fps a GIF cannot keep every frame (browsers play 0–1 cs delays as 10 cs):
        # ffmpeg resamples with fps=50, as people script it, so its file plays at the right speed.
        resample = "fps=50," if fps > 50 else ""
        ffmpeg_cmd = ["ffmpeg", "-y", "-loglevel", "error", "-framerate", str(fps), "-i", os.path.join(folder, "frame_%04d.png"),
                      "-vf", resample + "split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=diff[p];"
                      "[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle:alpha_threshold=128", ffmpeg]
        # Alternating rounds, so a busy moment of the machine falls on both.
        ours_times, ffmpeg_times = [], []
        for _ in range(args.rounds):
            ours_times.append(timed(ours_cmd, 1))
            ffmpeg_times.append(timed(ffmpeg_cmd, 1))
        ours_time, ffmpeg_time = statistics.median(ours_times), statistics.median(ffmpeg_times)
        # ffmpeg's truest setting (one palette of all frames' colours, no dithering), then
        # gifsicle -O3: the peer's bytes nearest our fidelity.
        truest = os.path.join(work, "ffmpeg-truest.gif")
        run(["ffmpeg", "-y", "-loglevel", "error", "-framerate", str(fps), "-i", os.path.join(folder, "frame_%04d.png"),
             "-vf", resample + "split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];"
             "[b][p]paletteuse=dither=none:diff_mode=rectangle:alpha_threshold=128", truest])
        truest_o3 = os.path.join(work, "ffmpeg-truest-O3.gif")
        run(["gifsicle", "-O3", truest, "-o", truest_o3])
        gifsicle_ours = os.path.join(work, "ours-O3.gif")
        run(["gifsicle", "-O3", ours, "-o", gifsicle_ours])
        # gifsicle's own lossy LZW on our file, its mildest setting people use.
        gifsicle_lossy = os.path.join(work, "ours-O3-lossy5.gif")
        run(["gifsicle", "-O3", "--lossy=5", ours, "-o", gifsicle_lossy])
        gifsicle_ffmpeg = os.path.join(work, "ffmpeg-O3.gif")
        run(["gifsicle", "-O3", ffmpeg, "-o", gifsicle_ffmpeg])
        magick = os.path.join(work, "magick.gif")
        # ImageMagick gets each frame's exact delay: frame i starts at its own time rounded to a
        # centisecond, and above 50 fps the frames are the 50-fps grid's nearest ones.
        names = sorted(os.listdir(folder))
        if fps > 50:
            ticks = range(0, round(len(names) * 100 / fps), 2)
            picked = [(min(range(len(names)), key=lambda i: abs(i * 100 / fps - t)), t) for t in ticks]
            starts = [t for _, t in picked] + [round(len(names) * 100 / fps)]
            chosen = [names[i] for i, _ in picked]
        else:
            starts = [round(i * 100 / fps) for i in range(len(names) + 1)]
            chosen = names
        timed_frames = []
        for index, frame in enumerate(chosen):
            timed_frames += ["-delay", str(starts[index + 1] - starts[index]), os.path.join(folder, frame)]
        pipelines = [("ours", ours, ours_time)] + [(f"ours, --gif-color-error {e}", lossy[e], None) for e in LOSSY] + [
                     ("ffmpeg two-pass", ffmpeg, ffmpeg_time),
                     ("gifsicle -O3 of ours", gifsicle_ours, None), ("gifsicle -O3 --lossy=5 of ours", gifsicle_lossy, None),
                     ("gifsicle -O3 of ffmpeg", gifsicle_ffmpeg, None),
                     ("gifsicle -O3 of ffmpeg, no dither, one full palette", truest_o3, None)]
        try:
            run(["convert", "-dispose", "background", *timed_frames, "-layers", "Optimize", magick])
            pipelines.append(("ImageMagick -layers Optimize", magick, None))
        except subprocess.CalledProcessError:
            print(f"| {name} | ImageMagick -layers Optimize | not installed | | | | |")
        for label, gif, seconds in pipelines:
            size, psnr, colour, flicker = measure(binary, gif, sources, fps, work)
            shown_time = "" if seconds is None else f"{seconds:.3f}"
            ratio = f"{ffmpeg_time / ours_time:.1f}×" if label == "ours" else ""
            spaced = lambda n: f"{n:,}".replace(",", " ")
            fidelity = "lossless" if math.isinf(psnr) else f"{psnr:.1f}"
            true_colour = "exact" if math.isinf(colour) else f"{colour:.1f}"
            print(f"| {name} | {label} | {spaced(size)} | {fidelity} | {true_colour} | {spaced(flicker)} | {shown_time} | {ratio} |")
        sys.stdout.flush()
        remove_scene_gesture(gesture)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

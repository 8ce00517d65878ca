#!/usr/bin/env python3
"""RefreshGif's benchmark: every scene of issue 6 against ImageMagick and Pillow in the same
run, with hyperfine (medians), plus the libpng floor. Prints a Markdown table and writes it to
out/benchmarks.md. Run through `make bench`, which installs the peers first."""
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, ".build", "release", "refresh-render")
BENCH = os.path.join(ROOT, ".build", "release", "refresh-bench")
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
WORK = tempfile.mkdtemp(prefix="refreshgif-bench-")
IN = os.path.join(WORK, "in")


def sh(cmd):
    return subprocess.run(cmd, shell=True, check=True, capture_output=True, text=True).stdout


def hyperfine(commands, prepare=None, runs=RUNS):
    """Median seconds of each command (hyperfine, one warm-up)."""
    export = os.path.join(WORK, "hf.json")
    args = ["hyperfine", "--warmup", "1", "--runs", str(runs), "--export-json", export]
    if prepare:
        args += ["--prepare", prepare]
    subprocess.run(args + commands, check=True, capture_output=True)
    return [r["median"] for r in json.load(open(export))["results"]]


def size(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(path, f)) for f in os.listdir(path) if f.endswith(".png"))
    return os.path.getsize(path)


def peak_rss_mb(cmd):
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


rows = []


def row(scene, ours, im=None, pillow=None, floor=None, ours_bytes=None, pillow_bytes=None, note=""):
    rows.append(dict(scene=scene, ours=ours, im=im, pillow=pillow, floor=floor, ours_bytes=ours_bytes,
                     pillow_bytes=pillow_bytes, note=note))


def main():
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_inputs.py"), IN], check=True)
    idle, refreshing, big = (os.path.join(IN, n) for n in ("idle.gif", "refreshing.gif", "big.gif"))
    common = f"--scale 3 --images idle={idle} --images refreshing={refreshing} --now 2024-07-05T12:00:00Z"
    d = lambda name: os.path.join(WORK, name)  # noqa: E731
    im_script = os.path.join(ROOT, "bench", "imagemagick_frames.sh")
    pillow = os.path.join(ROOT, "bench", "pillow_peer.py")

    # S1: one frame.
    s1 = hyperfine([f"{TOOL} {common} --state idle --percent 0.6 -o {d('s1.png')}",
                    f"{im_script} {idle} {refreshing} {d('s1-im')} 1 0",
                    f"{sys.executable} {pillow} frames {idle} {refreshing} {d('s1-pil')} 1 0"])
    row("S1 header frame (1 PNG)", s1[0], s1[1], s1[2], ours_bytes=size(d("s1.png")), pillow_bytes=size(d("s1-pil")))

    # S2: 60 idle percents + 1 s of refreshing at 30 fps = 90 PNGs.
    ours_s2 = (f"{TOOL} sequence {common} --state idle --sweep 60 --fps 30 --frames {d('s2')} --jobs 1 && "
               f"{TOOL} sequence {common} --state refreshing --length 1 --fps 30 --frames {d('s2r')} --jobs 1")
    ours_s2_j2 = ours_s2.replace("--jobs 1", "--jobs 2")
    s2 = hyperfine([ours_s2, ours_s2_j2, f"{im_script} {idle} {refreshing} {d('s2-im')} 60 30",
                    f"{sys.executable} {pillow} frames {idle} {refreshing} {d('s2-pil')} 60 30"],
                   prepare=f"rm -rf {d('s2')} {d('s2r')} {d('s2-im')} {d('s2-pil')}")
    # Recreate outputs for sizes and the floor.
    sh(ours_s2)
    sh(f"{sys.executable} {pillow} frames {idle} {refreshing} {d('s2-pil')} 60 30")
    shutil.copytree(d("s2r"), d("s2"), dirs_exist_ok=True, copy_function=lambda s, t: shutil.copy(s, t.replace("frame_", "r_frame_")))
    floor = float(sh(f"{BENCH} floor {d('s2')}").strip())
    row("S2 sweep (90 PNGs), --jobs 1", s2[0], s2[2], s2[3], floor=floor, ours_bytes=size(d("s2")), pillow_bytes=size(d("s2-pil")))
    row("S2 sweep (90 PNGs), --jobs 2", s2[1], s2[2], s2[3], floor=floor, note=f"{s2[0] / s2[1]:.2f}× --jobs 1")

    # S3: a 3 s 60 fps header gesture at @3x, all frames as PNG.
    gesture = d("gesture.json")
    json.dump({"control": {"kind": "header", "style": "gif", "scale": 3, "now": "2024-07-05T12:00:00Z",
                           "images": {"idle": idle, "refreshing": refreshing}},
               "geometry": {"viewWidth": 375, "viewHeight": 600, "contentHeight": 1000},
               "script": {"pull": 90, "over": 0.6, "hold": 0.3, "refresh": 1.3}, "duration": 3.0}, open(gesture, "w"))
    s3 = hyperfine([f"{TOOL} simulate {gesture} --fps 60 --frames {d('s3')} --jobs 1",
                    f"{TOOL} simulate {gesture} --fps 60 --frames {d('s3')} --jobs 2"], prepare=f"rm -rf {d('s3')}")
    floor3 = float(sh(f"{BENCH} floor {d('s3')}").strip())
    row("S3 gesture 3 s × 60 fps (181 PNGs), --jobs 1", s3[0], floor=floor3, ours_bytes=size(d("s3")))
    row("S3 gesture, --jobs 2", s3[1], floor=floor3, note=f"{s3[0] / s3[1]:.2f}× --jobs 1")
    long = dict(json.load(open(gesture)))
    long["duration"] = 1000 / 60
    json.dump(long, open(d("long.json"), "w"))
    shutil.rmtree(d("s3long"), ignore_errors=True)
    rss = peak_rss_mb([TOOL, "simulate", d("long.json"), "--fps", "60", "--frames", d("s3long"), "--jobs", "2"])
    row("S3 memory: 1000 frames, --jobs 2", None, note=f"peak RSS {rss:.0f} MB, {len(os.listdir(d('s3long')))} frames")

    # S4: extract every frame of a 120-frame 320×320 GIF.
    s4 = hyperfine([f"{TOOL} extract {big} -o {d('s4')}",
                    f"convert {big} -coalesce {d('s4-im')}/frame_%04d.png",
                    f"{sys.executable} {pillow} extract {big} {d('s4-pil')}"],
                   prepare=f"rm -rf {d('s4')} {d('s4-pil')} {d('s4-im')}; mkdir -p {d('s4-im')}")
    row("S4 extract 120 GIF frames 320×320", s4[0], s4[1], s4[2])

    # S5: diff two 1125×2436 screenshots.
    a, b = os.path.join(IN, "screen-a.png"), os.path.join(IN, "screen-b.png")
    s5 = hyperfine([f"{TOOL} diff {a} {b} --max-diff-ratio 1", f"sh -c 'compare -metric AE -fuzz 10% {a} {b} null: 2>/dev/null; true'"])
    ours_count = sh(f"{TOOL} diff {a} {b} --max-diff-ratio 1").split()[0]
    ours_aa = sh(f"{TOOL} diff {a} {b} --include-aa --max-diff-ratio 1").split()[0]
    im_count = subprocess.run(["compare", "-metric", "AE", "-fuzz", "10%", a, b, "null:"], capture_output=True, text=True).stderr.strip()
    row("S5 diff 1125×2436", s5[0], s5[1], note=f"pixels: ours {ours_count} (AA detected), {ours_aa} with --include-aa; ImageMagick AE {im_count}")

    # Print.
    def fmt(v):
        return "–" if v is None else (f"{v * 1000:.1f} ms" if v < 1 else f"{v:.2f} s")

    lines = ["| scene | ours | ImageMagick | Pillow | vs IM | vs Pillow | libpng floor | ours/floor | bytes ours / Pillow | note |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        vs_im = f"{r['im'] / r['ours']:.1f}×" if r["im"] and r["ours"] else "–"
        vs_pil = f"{r['pillow'] / r['ours']:.1f}×" if r["pillow"] and r["ours"] else "–"
        ratio = f"{r['ours'] / r['floor']:.2f}" if r["floor"] and r["ours"] else "–"
        sizes = f"{r['ours_bytes'] or '–'} / {r['pillow_bytes'] or '–'}"
        lines.append(f"| {r['scene']} | {fmt(r['ours'])} | {fmt(r['im'])} | {fmt(r['pillow'])} | {vs_im} | {vs_pil} | "
                     f"{fmt(r['floor'])} | {ratio} | {sizes} | {r['note']} |")
    cpu = re.sub(r"\s+", " ", sh("grep -m1 'model name' /proc/cpuinfo").split(":", 1)[-1]).strip()
    header = (f"Machine: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
              f"{sh('convert -version').splitlines()[0]}; Pillow {__import__('PIL').__version__}; "
              f"hyperfine medians of {RUNS} runs after 1 warm-up; whole commands (process start, decoding, rendering, encoding, writing).")
    text = header + "\n\n" + "\n".join(lines) + "\n"
    print(text)
    os.makedirs(os.path.join(ROOT, "out"), exist_ok=True)
    open(os.path.join(ROOT, "out", "benchmarks.md"), "w").write(text)
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()

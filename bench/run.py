#!/usr/bin/env python3
"""RefreshGif's benchmark: every scene against ImageMagick and Pillow in one process, the
commands of a scene run in alternating order round after round, each speed-up the median of
the per-round ratios (absolute times drift on shared machines; ratios measured side by side
do not). Also the floor: the same frames compressed in process with the same compressor, and
with libpng. Prints a Markdown table and writes it to out/benchmarks.md. Run through
`make bench`, which installs the peers first. BENCH_ROUNDS sets the rounds (default 9)."""
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, ".build", "release", "refresh-render")
BENCH = os.path.join(ROOT, ".build", "release", "refresh-bench")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "9"))
WORK = tempfile.mkdtemp(prefix="refreshgif-bench-")
# ImageMagick itself, not a wrapper script that may stand first on PATH.
CONVERT = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else "convert"
COMPARE = "/usr/bin/compare" if os.path.exists("/usr/bin/compare") else "compare"
os.environ["CONVERT"] = CONVERT
IN = os.path.join(WORK, "in")


def sh(cmd):
    return subprocess.run(cmd, shell=True, check=True, capture_output=True, text=True).stdout


def rounds(commands, prepare=None, count=ROUNDS):
    """Seconds per round of each command (a dict name → command), after one warm-up each;
    the order alternates every round so no command always runs on a warmer machine."""
    names = list(commands)
    times = {name: [] for name in names}
    for r in range(-1, count):
        for name in (names if r % 2 == 0 else names[::-1]):
            if prepare:
                sh(prepare)
            start = time.perf_counter()
            subprocess.run(commands[name], shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if r >= 0:
                times[name].append(time.perf_counter() - start)
    return times


def median(values):
    return statistics.median(values) if values else None


def ratio(times, slow, fast):
    """The median over rounds of times[slow] / times[fast]."""
    return median([s / f for s, f in zip(times[slow], times[fast])])


def size(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(path, f)) for f in os.listdir(path) if f.endswith(".png"))
    return os.path.getsize(path)


def peak_rss_mb(cmd):
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


def pillow_saved_bytes(folder):
    """Bytes of every PNG in folder saved again by Pillow at its defaults: the two encoders on the
    same pixels (the peer's own frames differ from ours in font and ring drawing)."""
    import io
    from PIL import Image
    total = 0
    for name in sorted(os.listdir(folder)):
        if name.endswith(".png"):
            buffer = io.BytesIO()
            Image.open(os.path.join(folder, name)).save(buffer, format="PNG")
            total += buffer.tell()
    return total


def floors(folder):
    """(our compressor, libpng) seconds for re-encoding every PNG in folder, in process."""
    ours, libpng = sh(f"{BENCH} floor {folder}").split()
    return float(ours), float(libpng)


rows = []


def row(scene, times, ours="ours", im=None, pillow=None, floor=None, ours_bytes=None, pillow_bytes=None, note=""):
    t = lambda name: median(times[name]) if name else None  # noqa: E731
    rows.append(dict(scene=scene, ours=t(ours), im=t(im), pillow=t(pillow),
                     vs_im=ratio(times, im, ours) if im else None, vs_pillow=ratio(times, pillow, ours) if pillow else None,
                     floor=floor, ours_bytes=ours_bytes, pillow_bytes=pillow_bytes, note=note))


def main():
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_inputs.py"), IN], check=True)
    idle, refreshing, big = (os.path.join(IN, n) for n in ("idle.gif", "refreshing.gif", "big.gif"))
    common = f"--scale 3 --images idle={idle} --images refreshing={refreshing} --now 2024-07-05T12:00:00Z"
    d = lambda name: os.path.join(WORK, name)  # noqa: E731
    im_script = os.path.join(ROOT, "bench", "imagemagick_frames.sh")
    pillow = os.path.join(ROOT, "bench", "pillow_peer.py")

    # S1: one frame.
    s1 = rounds({"ours": f"{TOOL} {common} --state idle --percent 0.6 -o {d('s1.png')}",
                 "im": f"{im_script} {idle} {refreshing} {d('s1-im')} 1 0",
                 "pillow": f"{sys.executable} {pillow} frames {idle} {refreshing} {d('s1-pil')} 1 0"})
    row("S1 header frame (1 PNG)", s1, im="im", pillow="pillow", ours_bytes=size(d("s1.png")), pillow_bytes=size(d("s1-pil")),
        note=f"ours / Pillow {1 / ratio(s1, 'pillow', 'ours'):.2f}")

    # S2: 60 idle percents + 1 s of refreshing at 30 fps = 90 PNGs.
    ours_s2 = (f"{TOOL} sequence {common} --state idle --sweep 60 --fps 30 --frames {d('s2')} --jobs 1 && "
               f"{TOOL} sequence {common} --state refreshing --length 1 --fps 30 --frames {d('s2r')} --jobs 1")
    s2 = rounds({"ours": ours_s2, "ours2": ours_s2.replace("--jobs 1", "--jobs 2"),
                 "im": f"{im_script} {idle} {refreshing} {d('s2-im')} 60 30",
                 "pillow": f"{sys.executable} {pillow} frames {idle} {refreshing} {d('s2-pil')} 60 30"},
                prepare=f"rm -rf {d('s2')} {d('s2r')} {d('s2-im')} {d('s2-pil')}")
    # Recreate outputs for sizes and the floor.
    sh(ours_s2)
    sh(f"{sys.executable} {pillow} frames {idle} {refreshing} {d('s2-pil')} 60 30")
    shutil.copytree(d("s2r"), d("s2"), dirs_exist_ok=True, copy_function=lambda s, t: shutil.copy(s, t.replace("frame_", "r_frame_")))
    floor2 = floors(d("s2"))
    row("S2 sweep (90 PNGs), --jobs 1", s2, im="im", pillow="pillow", floor=floor2, ours_bytes=size(d("s2")),
        pillow_bytes=size(d("s2-pil")), note=f"our frames saved by Pillow: {pillow_saved_bytes(d('s2'))} bytes")
    row("S2 sweep (90 PNGs), --jobs 2", s2, ours="ours2", im="im", pillow="pillow", floor=floor2,
        note=f"{ratio(s2, 'ours', 'ours2'):.2f}× --jobs 1")

    # S3: a 3 s 60 fps header gesture at @3x, all frames as PNG.
    gesture = d("gesture.json")
    json.dump({"control": {"kind": "header", "style": "gif", "scale": 3, "now": "2024-07-05T12:00:00Z",
                           "images": {"idle": idle, "refreshing": refreshing}},
               "geometry": {"viewWidth": 375, "viewHeight": 600, "contentHeight": 1000},
               "script": {"pull": 90, "over": 0.6, "hold": 0.3, "refresh": 1.3}, "duration": 3.0}, open(gesture, "w"))
    s3 = rounds({"ours": f"{TOOL} simulate {gesture} --fps 60 --frames {d('s3')} --jobs 1",
                 "ours2": f"{TOOL} simulate {gesture} --fps 60 --frames {d('s3')} --jobs 2"}, prepare=f"rm -rf {d('s3')}")
    sh(f"rm -rf {d('s3')}; {TOOL} simulate {gesture} --fps 60 --frames {d('s3')} --jobs 1")
    floor3 = floors(d("s3"))
    row("S3 gesture 3 s × 60 fps (181 PNGs), --jobs 1", s3, floor=floor3, ours_bytes=size(d("s3")))
    row("S3 gesture, --jobs 2", s3, ours="ours2", floor=floor3, note=f"{ratio(s3, 'ours', 'ours2'):.2f}× --jobs 1")
    long = dict(json.load(open(gesture)))
    long["duration"] = 1000 / 60
    json.dump(long, open(d("long.json"), "w"))
    shutil.rmtree(d("s3long"), ignore_errors=True)
    rss = peak_rss_mb([TOOL, "simulate", d("long.json"), "--fps", "60", "--frames", d("s3long"), "--jobs", "2"])
    rows.append(dict(scene="S3 memory: 1000 frames, --jobs 2", ours=None, im=None, pillow=None, vs_im=None, vs_pillow=None,
                     floor=None, ours_bytes=None, pillow_bytes=None,
                     note=f"peak RSS {rss:.0f} MB, {len(os.listdir(d('s3long')))} frames"))

    # S4: extract every frame of a 120-frame 320×320 GIF.
    s4 = rounds({"ours": f"{TOOL} extract {big} -o {d('s4')}",
                 "im": f"{CONVERT} {big} -coalesce {d('s4-im')}/frame_%04d.png",
                 "pillow": f"{sys.executable} {pillow} extract {big} {d('s4-pil')}"},
                prepare=f"rm -rf {d('s4')} {d('s4-pil')} {d('s4-im')}; mkdir -p {d('s4-im')}")
    row("S4 extract 120 GIF frames 320×320", s4, im="im", pillow="pillow")

    # S5: diff two 1125×2436 screenshots.
    a, b = os.path.join(IN, "screen-a.png"), os.path.join(IN, "screen-b.png")
    s5 = rounds({"ours": f"{TOOL} diff {a} {b} --threshold 0.1 --no-include-aa --max-diff-ratio 1",
                 "im": f"sh -c '{COMPARE} -metric AE -fuzz 10% {a} {b} null: 2>/dev/null; true'"})
    ours_count = sh(f"{TOOL} diff {a} {b} --threshold 0.1 --no-include-aa --max-diff-ratio 1").split()[0]
    ours_aa = sh(f"{TOOL} diff {a} {b} --threshold 0.1 --include-aa --max-diff-ratio 1").split()[0]
    im_count = subprocess.run([COMPARE, "-metric", "AE", "-fuzz", "10%", a, b, "null:"], capture_output=True, text=True).stderr.strip()
    row("S5 diff 1125×2436", s5, im="im", note=f"pixels: ours {ours_count} (AA detected), {ours_aa} with --include-aa; ImageMagick AE {im_count}")

    # Print.
    def fmt(v):
        return "–" if v is None else (f"{v * 1000:.1f} ms" if v < 1 else f"{v:.2f} s")

    def times(v):
        return "–" if v is None else f"{v:.1f}×"

    lines = ["| scene | ours | ImageMagick | Pillow | vs IM | vs Pillow | floor (libdeflate / libpng) | ours / floor | bytes ours / Pillow | note |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        floor = f"{fmt(r['floor'][0])} / {fmt(r['floor'][1])}" if r["floor"] else "–"
        over = f"{r['ours'] / r['floor'][0]:.2f}" if r["floor"] and r["ours"] else "–"
        sizes = f"{r['ours_bytes'] or '–'} / {r['pillow_bytes'] or '–'}"
        lines.append(f"| {r['scene']} | {fmt(r['ours'])} | {fmt(r['im'])} | {fmt(r['pillow'])} | {times(r['vs_im'])} | "
                     f"{times(r['vs_pillow'])} | {floor} | {over} | {sizes} | {r['note']} |")
    cpu = re.sub(r"\s+", " ", sh("grep -m1 'model name' /proc/cpuinfo").split(":", 1)[-1]).strip()
    header = (f"Machine: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
              f"{sh(CONVERT + ' -version').splitlines()[0]}; Pillow {__import__('PIL').__version__}; "
              f"{ROUNDS} rounds after a warm-up, commands alternating; times are medians, speed-ups medians of the "
              f"per-round ratios; whole commands (process start, decoding, rendering, encoding, writing).")
    text = header + "\n\n" + "\n".join(lines) + "\n"
    print(text)
    os.makedirs(os.path.join(ROOT, "out"), exist_ok=True)
    open(os.path.join(ROOT, "out", "benchmarks.md"), "w").write(text)
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()

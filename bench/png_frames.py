#!/usr/bin/env python3
"""PNG frames against oxipng -o2, for each choice of compression: the bytes of a scene's frames
as `simulate --frames` writes them (the default, the smallest `export` writes, 8-bit RGBA), the
bytes oxipng -o2 makes of the same frames (the same pixels), and the time of a whole `simulate`
(render and write) against oxipng's optimisation of its frames alone, rounds alternating, the
median of per-round ratios.
Run by `make bench` (release build); pyoxipng from PyPI is the peer. BENCH_ROUNDS sets the
rounds (default 5)."""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
TOOL = str(ROOT / ".build/release/refresh-render")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
SCENES = {
    "GIF header with its list (91 frames)": ["simulate", "gestures/header-gif-pull-release.json", "--fps", "30", "--show-content"],
    "Normal header, transparent (91 frames)": ["simulate", "gestures/header-pull-release.json", "--fps", "30"],
    "gallery (one image)": ["gallery"],
}


def write(arguments, folder, extra=()):
    shutil.rmtree(folder, ignore_errors=True)
    if arguments[0] == "gallery":
        os.makedirs(folder)
        command = [TOOL, *arguments, *extra, "-o", os.path.join(folder, "gallery.png")]
    else:
        command = [TOOL, *arguments, *extra, "--frames", folder]
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def pngs(folder):
    return sorted(pathlib.Path(folder).glob("*.png"))


def total(folder):
    return sum(p.stat().st_size for p in pngs(folder))


def oxipng_pass(folder):
    import oxipng

    start = time.perf_counter()
    made = sum(len(oxipng.optimize_from_memory(p.read_bytes(), level=2)) for p in pngs(folder))
    return made, time.perf_counter() - start


CHOICES = {
    "default (level 6)": [],
    "smallest (`--png-level 10`, what `export` writes)": ["--png-level", "10"],
    "RGBA (`--png-colors rgba --png-level 7`)": ["--png-colors", "rgba", "--png-level", "7"],
}


def main():
    try:
        import oxipng  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "pyoxipng"], check=True)
    work = tempfile.mkdtemp(prefix="refreshgif-png-")
    lines = ["| scene | choice | bytes | vs oxipng -o2's bytes | a whole run (ms) | oxipng's pass alone / a whole run |",
             "|---|---|---|---|---|---|"]

    def n(v):
        return f"{v:,}".replace(",", " ")

    for name, arguments in SCENES.items():
        folder = os.path.join(work, "ours")
        for choice, extra in CHOICES.items():
            runs, ratios = [], []
            for _ in range(ROUNDS):
                seconds = write(arguments, folder, extra)
                made, optimising = oxipng_pass(folder)
                runs.append(seconds)
                ratios.append(optimising / seconds)
            ours_bytes = total(folder)
            lines.append(f"| {name} | {choice} | {n(ours_bytes)} | {100 * (ours_bytes / made - 1):+.1f} % "
                         f"| {1000 * statistics.median(runs):.0f} | {statistics.median(ratios):.1f}× |")
    shutil.rmtree(work, ignore_errors=True)
    print("\n".join(lines))


if __name__ == "__main__":
    main()

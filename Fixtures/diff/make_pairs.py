#!/usr/bin/env python3
"""Writes the image pairs the diff tests compare, and their reference counts.

Pairs: gradients, noise, thin anti-aliased lines, shifted shapes, semi-transparent pixels
(drawn here with the standard library), text shifted by a quarter pixel (rendered by
refresh-render), and golden images the diff was not designed for.

Reference counts come from the PyPI package `pixelmatch` (white-blend semantics), a
development-only dependency: `pip install pixelmatch pillow`, then
`python3 Fixtures/diff/make_pairs.py [path/to/refresh-render]`. Output: pairs/*.png and
counts.json, committed so the tests need neither package.
"""
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from generate import png  # noqa: E402  (the project's own PNG writer)

OUT = os.path.join(HERE, "pairs")


def save(name, width, height, pixels):
    rows = [[tuple(pixels[(y * width + x) * 4:(y * width + x) * 4 + 4]) for x in range(width)] for y in range(height)]
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(png(width, height, 6, 8, rows))


def canvas(w, h, color=(255, 255, 255, 255)):
    return list(color) * (w * h)


def lcg(seed):
    state = seed
    while True:
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        yield state


def coverage_line(w, h, x0, y0, x1, y1, width):
    """Coverage 0–1 of a line segment, by 4×4 supersampling."""
    cov = [0.0] * (w * h)
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    for y in range(h):
        for x in range(w):
            inside = 0
            for sy in range(4):
                for sx in range(4):
                    px, py = x + (sx + 0.5) / 4, y + (sy + 0.5) / 4
                    t = max(0, min(1, ((px - x0) * dx + (py - y0) * dy) / length2))
                    cx, cy = x0 + t * dx, y0 + t * dy
                    if (px - cx) ** 2 + (py - cy) ** 2 <= (width / 2) ** 2:
                        inside += 1
            cov[y * w + x] = inside / 16
    return cov


def coverage_disc(w, h, cx, cy, r):
    cov = [0.0] * (w * h)
    for y in range(h):
        for x in range(w):
            inside = sum(1 for sy in range(4) for sx in range(4)
                         if (x + (sx + 0.5) / 4 - cx) ** 2 + (y + (sy + 0.5) / 4 - cy) ** 2 <= r * r)
            cov[y * w + x] = inside / 16
    return cov


def paint(pixels, cov, color):
    out = list(pixels)
    for i, c in enumerate(cov):
        if c > 0:
            for k in range(3):
                out[i * 4 + k] = round(out[i * 4 + k] * (1 - c) + color[k] * c)
    return out


def make_synthetic():
    w, h = 64, 48
    grad = [v for y in range(h) for x in range(w) for v in (x * 4, y * 5, 128, 255)]
    grad2 = [v for y in range(h) for x in range(w) for v in (min(255, x * 4 + (24 if (x + y) % 7 == 0 else 0)), y * 5, 128 + (x // 16) * 3, 255)]
    save("gradient-a.png", w, h, grad)
    save("gradient-b.png", w, h, grad2)

    rnd = lcg(7)
    noise = [next(rnd) % 256 if i % 4 != 3 else 255 for i in range(w * h * 4)]
    noise2 = list(noise)
    for _ in range(160):
        p = (next(rnd) % (w * h)) * 4
        noise2[p + next(rnd) % 3] = next(rnd) % 256
    save("noise-a.png", w, h, noise)
    save("noise-b.png", w, h, noise2)

    base = canvas(w, h)
    save("lines-a.png", w, h, paint(base, coverage_line(w, h, 4, 5, 58, 40, 1.2), (40, 40, 40)))
    save("lines-b.png", w, h, paint(base, coverage_line(w, h, 4.5, 5.25, 58.5, 40.25, 1.2), (40, 40, 40)))

    save("shape-a.png", w, h, paint(base, coverage_disc(w, h, 30, 24, 14), (30, 120, 220)))
    save("shape-b.png", w, h, paint(base, coverage_disc(w, h, 31, 24, 14), (30, 120, 220)))

    alpha_a, alpha_b = [], []
    for y in range(h):
        for x in range(w):
            a = (x * 4) % 256
            alpha_a += [200, 50, 50, a]
            alpha_b += [200, 50, 50, min(255, a + (40 if y > h // 2 else 0))] if x % 3 else [200, 60, 50, a]
    save("alpha-a.png", w, h, alpha_a)
    save("alpha-b.png", w, h, alpha_b)


def make_rendered(tool):
    # Text moved by a quarter of a device pixel: width 375 vs 375.25 pt at @2x.
    common = ["--style", "state", "--background", "#FFFFFF", "--last-updated", "2024-03-17T09:41:00Z", "--now", "2024-07-05T12:00:00Z"]
    subprocess.run([tool] + common + ["--width", "375", "-o", os.path.join(OUT, "text-a.png")], check=True)
    subprocess.run([tool] + common + ["--width", "375.25", "-o", os.path.join(OUT, "text-b.png")], check=True)
    # The same 750-px-wide canvas: crop by rendering the second at the same pixel width.


def reference_counts():
    from PIL import Image
    from pixelmatch.contrib.PIL import pixelmatch as pm

    names = sorted({n[:-6] for n in os.listdir(OUT) if n.endswith("-a.png")})
    pairs = [(n + "-a.png", n + "-b.png") for n in names]
    golden = os.path.join(HERE, "..", "..", "Tests", "RefreshGifTests", "__Snapshots__", "GoldenTests")
    # Pairs nobody designed: goldens of the same size.
    for a, b in [("header-gif-idle-en", "header-gif-pulling-en"), ("header-normal-idle-en", "header-normal-pulling-en"),
                 ("back-footer-gif-idle-zh-Hans", "back-footer-gif-refreshing-zh-Hans"), ("header-state-idle-en", "header-state-idle-zh-Hans")]:
        for n in (a, b):
            src = os.path.join(golden, n + ".png")
            if os.path.exists(src):
                with open(src, "rb") as f, open(os.path.join(OUT, "golden-" + n + ".png"), "wb") as g:
                    g.write(f.read())
        pairs.append(("golden-" + a + ".png", "golden-" + b + ".png"))
    option_sets = {
        "default": dict(threshold=0.1, includeAA=False),
        "include-aa": dict(threshold=0.1, includeAA=True),
        "threshold-0.05": dict(threshold=0.05, includeAA=False),
        "threshold-0.3": dict(threshold=0.3, includeAA=False),
    }
    result = []
    for a, b in pairs:
        ia = Image.open(os.path.join(OUT, a)).convert("RGBA")
        ib = Image.open(os.path.join(OUT, b)).convert("RGBA")
        if ia.size != ib.size:
            ib = ib.crop((0, 0) + ia.size)
            ib.save(os.path.join(OUT, b))
        counts = {name: pm(ia, ib, **opts) for name, opts in option_sets.items()}
        result.append({"a": a, "b": b, "blend": "white", "counts": counts})
        print(a, b, counts)
    with open(os.path.join(HERE, "counts.json"), "w") as f:
        json.dump({"reference": "PyPI pixelmatch (white blend)", "pairs": result}, f, indent=2, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    make_synthetic()
    make_rendered(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", ".build", "debug", "refresh-render"))
    reference_counts()

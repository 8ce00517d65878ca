#!/usr/bin/env python3
"""Benchmark inputs, made by the project: 150×150 px GIF frames (60 idle, 3 refreshing),
a large GIF (120 frames of 320×320) and, with Pillow (a benchmark peer), two 1125×2436
screenshots with text and scattered differences."""
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Fixtures"))
from generate import gif  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/refreshgif-bench"
os.makedirs(out, exist_ok=True)
palette = [(0, 0, 0)] + [(int(40 + 200 * (1 - i / 254)), int(150 + 80 * (1 - i / 254)), 214) for i in range(255)]


def ring(size, progress, phase=0.0):
    pixels = []
    c = size / 2
    for y in range(size):
        for x in range(size):
            dx, dy = x + 0.5 - c, y + 0.5 - c
            r = math.hypot(dx, dy)
            a = (math.atan2(dy, dx) + math.pi / 2 - phase) % (2 * math.pi)
            inside = size * 0.30 <= r <= size * 0.42
            pixels.append((1 + int(a / (2 * math.pi) * 254)) if inside and a <= progress * 2 * math.pi else (30 if inside else 0))
    return pixels


def frames(size, count, fn):
    return [dict(left=0, top=0, w=size, h=size, pixels=fn(i), transparent=0, disposal=2, delay=5) for i in range(count)]


open(os.path.join(out, "idle.gif"), "wb").write(gif(150, 150, frames(150, 60, lambda i: ring(150, (i + 1) / 60)), palette, loop=0))
open(os.path.join(out, "refreshing.gif"), "wb").write(gif(150, 150, frames(150, 3, lambda i: ring(150, 0.7, i * 2.1)), palette, loop=0))
open(os.path.join(out, "big.gif"), "wb").write(gif(320, 320, frames(320, 120, lambda i: ring(320, ((i % 40) + 1) / 40, i * 0.15)), palette, loop=0))

try:
    from PIL import Image, ImageDraw, ImageFont
except ImportError:
    sys.exit(0)
random.seed(5)
w, h = 1125, 2436
a = Image.new("RGBA", (w, h), (255, 255, 255, 255))
d = ImageDraw.Draw(a)
font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 40)
for i in range(58):
    d.text((40, 30 + i * 41), "Row %d: pull down to refresh, release to refresh" % i, fill=(60, 60, 60, 255), font=font)
b = a.copy()
e = ImageDraw.Draw(b)
for i in range(400):
    x, y = random.randrange(w - 4), random.randrange(h - 4)
    e.rectangle([x, y, x + 3, y + 3], fill=(random.randrange(256), 0, 0, 255))
e.text((41, 30), "Row 0: pull down to refresh, release to refresh", fill=(60, 60, 60, 255), font=font)
a.save(os.path.join(out, "screen-a.png"))
b.save(os.path.join(out, "screen-b.png"))

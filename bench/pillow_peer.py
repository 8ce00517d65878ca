#!/usr/bin/env python3
"""The Pillow peer: one Python process doing what refresh-render does per frame — open the
GIF, seek the frame, paste it on a 1125×162 canvas, draw the two labels with a TrueType
font, save a PNG at Pillow's default settings.
Usage: pillow_peer.py frames IDLE.gif REFRESHING.gif OUT_DIR N_IDLE N_REFRESHING
       pillow_peer.py extract BIG.gif OUT_DIR"""
import os
import sys

from PIL import Image, ImageDraw, ImageFont, ImageSequence

FONT = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 42)


def frame(gif, index, title, out):
    gif.seek(index)
    picture = gif.convert("RGBA")
    canvas = Image.new("RGBA", (1125, 162), (0, 0, 0, 0))
    canvas.paste(picture, (130, 6), picture)
    draw = ImageDraw.Draw(canvas)
    draw.text((562, 40), title, fill=(90, 90, 90, 255), font=FONT, anchor="mm")
    draw.text((562, 121), "Last update: No record", fill=(90, 90, 90, 255), font=FONT, anchor="mm")
    canvas.save(out)


if sys.argv[1] == "frames":
    idle, refreshing, out = Image.open(sys.argv[2]), Image.open(sys.argv[3]), sys.argv[4]
    n_idle, n_refreshing = int(sys.argv[5]), int(sys.argv[6])
    os.makedirs(out, exist_ok=True)
    for i in range(n_idle):
        frame(idle, min(59, int(60 * (i + 1) / n_idle)) if n_idle > 1 else 36, "Pull down to refresh", f"{out}/idle_{i:04d}.png")
    for i in range(n_refreshing):
        frame(refreshing, (i * 3 // 3) % 3 if n_refreshing > 1 else 0, "Loading...", f"{out}/refreshing_{i:04d}.png")
elif sys.argv[1] == "extract":
    os.makedirs(sys.argv[3], exist_ok=True)
    for i, f in enumerate(ImageSequence.Iterator(Image.open(sys.argv[2]))):
        f.convert("RGBA").save(f"{sys.argv[3]}/frame_{i + 1:04d}.png")

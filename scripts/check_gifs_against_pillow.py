#!/usr/bin/env python3
"""Development check (not part of the test suite): decodes every GIF fixture with
refresh-render and with Pillow, and reports frames whose RGBA pixels differ.

Pillow and browsers disagree on a few points DECISIONS settles (disposal 2 clears to
transparent; truncated last frames are dropped); differences there are listed, not fatal.
Usage: scripts/check_gifs_against_pillow.py [path/to/refresh-render]
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageSequence

# The tool given, else the release build `make run` makes, else the debug build `make test` makes.
candidates = sys.argv[1:2] or [".build/release/refresh-render", ".build/debug/refresh-render"]
tool = next((c for c in candidates if os.path.exists(c)), None)
if tool is None:
    sys.exit("no refresh-render found: run `make run` (or pass the binary's path) first")
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures")
bad = 0
for path in sorted(glob.glob(os.path.join(root, "gif", "*.gif")) + glob.glob(os.path.join(root, "demo", "*.gif"))):
    with tempfile.TemporaryDirectory() as out:
        result = subprocess.run([tool, "extract", path, "-o", out], capture_output=True, text=True)
        if result.returncode != 0:
            print(f"{os.path.basename(path)}: refresh-render failed: {result.stderr.strip()}")
            bad += 1
            continue
        ours = json.load(open(os.path.join(out, "frames.json")))["frames"]
        try:
            theirs = [f.convert("RGBA") for f in ImageSequence.Iterator(Image.open(path))]
        except Exception as e:  # Pillow refuses some broken files
            print(f"{os.path.basename(path)}: Pillow failed ({e}); ours has {len(ours)} frames")
            continue
        notes = []
        if len(ours) != len(theirs):
            notes.append(f"frame count ours {len(ours)} vs Pillow {len(theirs)}")
        for i, (entry, pil) in enumerate(zip(ours, theirs)):
            mine = Image.open(os.path.join(out, entry["file"])).convert("RGBA")
            # Pixels as 4-byte tuples (tobytes: getdata is deprecated in Pillow 13).
            a, b = (list(zip(*[iter(image.tobytes())] * 4)) for image in (mine, pil))
            # Fully transparent pixels are equal whatever their colour.
            diff = sum(1 for p, q in zip(a, b) if p != q and not (p[3] == 0 and q[3] == 0))
            if diff:
                notes.append(f"frame {i + 1}: {diff} pixels differ")
        print(f"{os.path.basename(path)}: " + ("same as Pillow" if not notes else "; ".join(notes)))
        bad += bool(notes)
print(f"{bad} files with differences")

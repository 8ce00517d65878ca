#!/usr/bin/env python3
"""Writes RefreshGif's test fixtures: small GIFs that exercise every decoding rule,
PNGs of every colour type with their expected RGBA8 pixels, two demo animations, and an\napp's strings bundle.

Standard library only, so the fixtures are made by the project from nothing. Run it from
anywhere; it writes next to itself. Output is deterministic.
"""
import math
import os
import json
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- GIF writing

def lzw(indices, min_code_size):
    """GIF LZW (variable width, clear on a full table), packed LSB-first."""
    clear, eoi = 1 << min_code_size, (1 << min_code_size) + 1
    out, acc, nbits = bytearray(), 0, 0

    def emit(code, width):
        nonlocal acc, nbits
        acc |= code << nbits
        nbits += width
        while nbits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            nbits -= 8

    def reset():
        return {}, min_code_size + 1, eoi + 1

    table, width, next_code = reset()
    emit(clear, width)
    if indices:
        w = indices[0]
        for k in indices[1:]:
            if (w, k) in table:
                w = table[(w, k)]
                continue
            emit(w, width)
            if next_code < 4096:
                table[(w, k)] = next_code
                next_code += 1
                if next_code > (1 << width) and width < 12:
                    width += 1
            else:
                emit(clear, width)
                table, width, next_code = reset()
            w = k
        emit(w, width)
    emit(eoi, width)
    if nbits:
        out.append(acc & 0xFF)
    return bytes(out)


def sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        out.append(len(chunk))
        out += chunk
    out.append(0)
    return bytes(out)


def color_table(colors):
    size = 2
    while size < len(colors):
        size *= 2
    colors = list(colors) + [(0, 0, 0)] * (size - len(colors))
    bits = size.bit_length() - 2
    return bits, b"".join(bytes(c) for c in colors)


def gif(width, height, frames, palette=None, loop=None, background=0):
    """frames: dicts with left, top, w, h, pixels (indices), and optional delay (cs),
    disposal, transparent (index or None), palette (local), interlace."""
    out = bytearray(b"GIF89a")
    flags = 0
    gct = b""
    if palette is not None:
        bits, gct = color_table(palette)
        flags = 0x80 | (bits << 4) | bits
    out += struct.pack("<HHBBB", width, height, flags, background, 0) + gct
    if loop is not None:
        out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00"
    for f in frames:
        transparent = f.get("transparent")
        packed = (f.get("disposal", 0) << 2) | (1 if transparent is not None else 0)
        out += b"\x21\xF9\x04" + struct.pack("<BHB", packed, f.get("delay", 0), transparent or 0) + b"\x00"
        local = f.get("palette")
        lflags, lct = 0, b""
        if local is not None:
            bits, lct = color_table(local)
            lflags = 0x80 | bits
        if f.get("interlace"):
            lflags |= 0x40
        out += b"\x2C" + struct.pack("<HHHHB", f["left"], f["top"], f["w"], f["h"], lflags) + lct
        pixels = f["pixels"]
        if f.get("interlace"):
            rows = [pixels[y * f["w"]:(y + 1) * f["w"]] for y in range(f["h"])]
            order = [y for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for y in range(start, f["h"], step)]
            pixels = [p for y in order for p in rows[y]]
        table_size = max(len(palette or []), len(local or []), 2)
        min_code = max(2, (table_size - 1).bit_length())
        out += bytes([min_code]) + sub_blocks(lzw(pixels, min_code))
    out += b"\x3B"
    return bytes(out)


RED, GREEN, BLUE, YELLOW, WHITE = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (255, 255, 255)


def frame(left, top, w, h, index, **kw):
    return dict(left=left, top=top, w=w, h=h, pixels=[index] * (w * h), **kw)


def write(path, data):
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(data)


def make_gifs():
    pal = [RED, GREEN, BLUE, YELLOW]
    # Disposal 1: frames pile up.
    write("gif/disposal-keep.gif", gif(4, 4, [
        frame(0, 0, 4, 4, 0, disposal=1, delay=10),
        frame(1, 1, 2, 2, 2, disposal=1, delay=20),
        frame(0, 0, 1, 1, 1, disposal=1, delay=30)], pal, loop=0))
    # Disposal 2: the blue square's rectangle is cleared to transparent afterwards.
    write("gif/disposal-background.gif", gif(4, 4, [
        frame(0, 0, 4, 4, 0, disposal=1),
        frame(1, 1, 2, 2, 2, disposal=2),
        frame(0, 0, 1, 1, 1, disposal=1)], pal, background=3))
    # Disposal 3 on the first frame restores the transparent canvas.
    write("gif/disposal-previous.gif", gif(4, 4, [
        frame(0, 0, 2, 2, 0, disposal=3),
        frame(3, 3, 1, 1, 2, disposal=3),
        frame(3, 0, 1, 1, 1, disposal=1)], pal))
    # Frames that do not depend on those before them: a full opaque frame restoring the one
    # before it (disposal 3), a full frame cleared afterwards (disposal 2), a full opaque frame.
    checker4 = [3, 1] * 2 + [1, 3] * 2 + [3, 1] * 2 + [1, 3] * 2
    write("gif/disposal-mixed.gif", gif(4, 4, [
        frame(1, 1, 2, 2, 0, disposal=1),
        frame(0, 0, 4, 4, 1, disposal=3),
        frame(0, 0, 2, 2, 2, disposal=1),
        dict(left=0, top=0, w=4, h=4, pixels=checker4, transparent=3, disposal=2),
        frame(2, 2, 2, 2, 0, disposal=1),
        frame(0, 0, 4, 4, 2, disposal=1),
        frame(0, 0, 1, 1, 1, disposal=1)], pal))
    # LZW data that ends after two of the second frame's four rows (an early end code, the
    # blocks intact): the rows decoded are drawn, the rest keeps the red of the first frame.
    write("gif/lzw-short.gif", gif(4, 4, [
        frame(0, 0, 4, 4, 0, disposal=1),
        dict(left=0, top=0, w=4, h=4, pixels=[2] * 8, disposal=1),
        frame(3, 3, 1, 1, 3, disposal=1)], pal))
    # Transparency: flag on (index 1 skipped), flag off (drawn), index out of range (ignored).
    checker = [0, 1, 1, 0] * 1
    write("gif/transparency.gif", gif(2, 2, [
        dict(left=0, top=0, w=2, h=2, pixels=[2, 2, 2, 2], disposal=1),
        dict(left=0, top=0, w=2, h=2, pixels=checker, transparent=1, disposal=1),
        dict(left=0, top=0, w=2, h=2, pixels=[3, 1, 3, 1], disposal=1),
        dict(left=0, top=0, w=2, h=2, pixels=[0, 0, 0, 3], transparent=7, disposal=1)], pal))
    # A local palette replaces the global one for its frame only.
    write("gif/local-palette.gif", gif(2, 1, [
        dict(left=0, top=0, w=2, h=1, pixels=[0, 1]),
        dict(left=0, top=0, w=2, h=1, pixels=[0, 1], palette=[BLUE, YELLOW]),
        dict(left=0, top=0, w=2, h=1, pixels=[1, 0])], [RED, GREEN]))
    # Interlaced: row y has colour index y, stored in interlaced row order.
    grey = [(y * 16, y * 16, y * 16) for y in range(16)]
    write("gif/interlaced.gif", gif(3, 16, [
        dict(left=0, top=0, w=3, h=16, pixels=[y for y in range(16) for _ in range(3)], interlace=True)], grey))
    # A frame reaching past the logical screen is clipped.
    write("gif/outside.gif", gif(4, 4, [frame(2, 2, 4, 4, 1)], pal))
    # A zero-size frame is a frame with nothing drawn.
    write("gif/zero-size.gif", gif(2, 2, [
        frame(0, 0, 2, 2, 0, disposal=1, delay=5),
        frame(0, 0, 0, 0, 1, disposal=1, delay=6),
        frame(1, 1, 1, 1, 2, disposal=1, delay=7)], pal))
    # No colour table at all: opaque black.
    write("gif/no-palette.gif", gif(2, 2, [frame(0, 0, 2, 2, 1)], None))
    # Cut inside the third frame's image data: two complete frames remain.
    whole = gif(8, 8, [frame(0, 0, 8, 8, i % 4, disposal=1, delay=10) for i in range(3)], pal)
    last_image = whole.rfind(b"\x2C")
    write("gif/truncated.gif", whole[:last_image + 12])
    # Many colours, real compression, loop count 3, mixed delays (0 cs counts as 10 cs).
    spectrum = [(i, 255 - i, (i * 7) % 256) for i in range(256)]
    frames = []
    for i in range(6):
        pixels = [((x * 3 + y * 5 + i * 40) // 4) % 256 for y in range(40) for x in range(50)]
        frames.append(dict(left=0, top=0, w=50, h=40, pixels=pixels, delay=[0, 1, 2, 5, 10, 20][i], disposal=1))
    write("gif/spectrum.gif", gif(50, 40, frames, spectrum, loop=3))


# ---------------------------------------------------------------- demo animations

def demo_palette():
    # 0 transparent; 1..255 a ramp from light grey-blue to a strong accent.
    colors = [(0, 0, 0)]
    for i in range(1, 256):
        t = (i - 1) / 254
        colors.append((int(40 + 200 * (1 - t)), int(150 + 80 * (1 - t)), int(214 + 30 * (1 - t))))
    return colors


def disc(size, cx, cy, r, shade):
    """Index raster of a hard-edged disc (GIFs have no partial alpha)."""
    return [shade if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r else None
            for y in range(size) for x in range(size)]


def overlay(base, top):
    return [t if t is not None else b for b, t in zip(base, top)]


def make_demos():
    size, pal = 100, demo_palette()
    pull = []
    for i in range(20):
        t = (i + 1) / 20
        layer = [0] * (size * size)
        layer = overlay(layer, disc(size, 50, 50, 12 + 30 * t, 60))
        layer = overlay(layer, disc(size, 50, 50 + 18 * (1 - t), 8 + 6 * t, 255))
        pull.append(dict(left=0, top=0, w=size, h=size, pixels=layer, transparent=0, disposal=2, delay=5))
    write("demo/pull.gif", gif(size, size, pull, pal, loop=0))
    spin = []
    for i in range(8):
        layer = [0] * (size * size)
        for k in range(8):
            a = 2 * math.pi * (k - i) / 8 - math.pi / 2
            shade = 255 - (k * 24)
            layer = overlay(layer, disc(size, 50 + 32 * math.cos(a), 50 + 32 * math.sin(a), 8, shade))
        spin.append(dict(left=0, top=0, w=size, h=size, pixels=layer, transparent=0, disposal=2, delay=8))
    write("demo/spin.gif", gif(size, size, spin, pal, loop=0))


# ---------------------------------------------------------------- PNG writing

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        n += depth
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png(width, height, color_type, depth, rows, palette=None, trns=None, interlace=False):
    """rows: lists of per-pixel sample tuples."""
    raw = bytearray()
    if interlace:
        for x0, y0, dx, dy in ADAM7:
            for y in range(y0, height, dy):
                xs = list(range(x0, width, dx))
                if not xs:
                    continue
                raw.append(0)
                raw += pack_row([s for x in xs for s in rows[y][x]], depth)
    else:
        for y in range(height):
            raw.append(0)
            raw += pack_row([s for px in rows[y] for s in px], depth)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlace else 0))
    if palette:
        out += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    out += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    return out


def make_pngs():
    w, h = 9, 7  # odd sizes exercise partial bytes and every Adam7 pass

    def write_case(name, data, expected):
        write("png/" + name + ".png", data)
        write("png/" + name + ".rgba", bytes(b for px in expected for b in px))

    for depth in (1, 2, 4, 8, 16):
        top = (1 << depth) - 1
        rows = [[((x + y * 3) % (top + 1),) for x in range(w)] for y in range(h)]
        if depth == 16:
            rows = [[((x * 20 + y * 9) % 256 * 257,) for x in range(w)] for y in range(h)]
        def to8(v):
            return v // 257 if depth == 16 else v * 255 // top
        expected = [(to8(r[x][0]),) * 3 + (255,) for r in rows for x in range(w)]
        write_case("gray%d" % depth, png(w, h, 0, depth, rows), expected)
        if depth == 8:
            # tRNS on grey: value 3 is transparent.
            trns_exp = [((to8(r[x][0]),) * 3 + (0 if r[x][0] == 3 else 255,)) for r in rows for x in range(w)]
            write_case("gray8-trns", png(w, h, 0, 8, rows, trns=struct.pack(">H", 3)), trns_exp)
    for depth in (8, 16):
        m = 257 if depth == 16 else 1
        rows = [[((x * 25) % 256 * m, (y * 36) % 256 * m) for x in range(w)] for y in range(h)]
        expected = [((x * 25) % 256,) * 3 + ((y * 36) % 256,) for y in range(h) for x in range(w)]
        write_case("graya%d" % depth, png(w, h, 4, depth, rows), expected)
        rows = [[((x * 28) % 256 * m, (y * 40) % 256 * m, ((x + y) * 13) % 256 * m) for x in range(w)] for y in range(h)]
        expected = [((x * 28) % 256, (y * 40) % 256, ((x + y) * 13) % 256, 255) for y in range(h) for x in range(w)]
        write_case("rgb%d" % depth, png(w, h, 2, depth, rows), expected)
        rows = [[((x * 28) % 256 * m, (y * 40) % 256 * m, ((x + y) * 13) % 256 * m, ((x * y * 11) % 256) * m)
                 for x in range(w)] for y in range(h)]
        expected = [((x * 28) % 256, (y * 40) % 256, ((x + y) * 13) % 256, (x * y * 11) % 256) for y in range(h) for x in range(w)]
        write_case("rgba%d" % depth, png(w, h, 6, depth, rows), expected)
        write_case("rgba%d-interlaced" % depth, png(w, h, 6, depth, rows, interlace=True), expected)
    rows = [[((x * 28) % 256, (y * 40) % 256, 7) for x in range(w)] for y in range(h)]
    expected = [((x * 28) % 256, (y * 40) % 256, 7, 0 if (x, y) == (0, 0) else 255) for y in range(h) for x in range(w)]
    write_case("rgb8-trns", png(w, h, 2, 8, rows, trns=struct.pack(">HHH", 0, 0, 7)), expected)
    for depth in (1, 2, 4, 8):
        count = 1 << depth
        palette = [((i * 67) % 256, (i * 29) % 256, (i * 151) % 256) for i in range(count)]
        alphas = bytes((255 - i * 40) % 256 if i < 3 else 255 for i in range(min(count, 3)))
        rows = [[((x + 2 * y) % count,) for x in range(w)] for y in range(h)]
        def rgba(i):
            return palette[i] + ((alphas[i] if i < len(alphas) else 255),)
        expected = [rgba(r[x][0]) for r in rows for x in range(w)]
        write_case("palette%d" % depth, png(w, h, 3, depth, rows, palette=palette, trns=alphas), expected)
    # A 16-bit grey interlaced image, for the last combination.
    rows = [[((x * 20 + y * 9) % 256 * 257,) for x in range(w)] for y in range(h)]
    expected = [((x * 20 + y * 9) % 256,) * 3 + (255,) for y in range(h) for x in range(w)]
    write_case("gray16-interlaced", png(w, h, 0, 16, rows, interlace=True), expected)


def value(v):
    """A Lottie property that does not move."""
    return {"a": 0, "k": v}


def keyframes(points):
    """A Lottie property moving through (frame, value) points, ease-in-out between them."""
    frames = []
    for (t, v), (_, after) in zip(points, points[1:]):
        frames.append({"t": t, "s": v, "e": after, "i": {"x": [0.42], "y": [1]}, "o": {"x": [0.58], "y": [0]}})
    frames.append({"t": points[-1][0], "s": points[-1][1]})
    return {"a": 1, "k": frames}


def transform(position, rotation=value(0), scale=value([100, 100, 100]), opacity=value(100)):
    return {"o": opacity, "r": rotation, "p": position, "a": value([0, 0, 0]), "s": scale}


def shape_layer(index, name, ks, shapes, op):
    return {"ddd": 0, "ind": index, "ty": 4, "nm": name, "sr": 1, "ks": ks, "ao": 0, "shapes": shapes,
            "ip": 0, "op": op, "st": 0, "bm": 0}


def group(name, items):
    return {"ty": "gr", "nm": name, "it": items + [{"ty": "tr", "p": value([0, 0]), "a": value([0, 0]),
                                                    "s": value([100, 100]), "r": value(0), "o": value(100)}]}


def fill(rgb):
    return {"ty": "fl", "c": value([c / 255 for c in rgb] + [1]), "o": value(100), "r": 1}


def stroke(rgb, width):
    return {"ty": "st", "c": value([c / 255 for c in rgb] + [1]), "o": value(100), "w": value(width), "lc": 2, "lj": 2}


def make_lottie():
    """Two small Lottie animations of our own: a spinner that loops, and a pull-then-loop
    animation whose parts are named by markers, as refresh animations are often delivered."""
    blue, grey = (48, 153, 214), (200, 200, 205)
    spinner = {
        "v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 50, "h": 50, "nm": "spinner", "ddd": 0, "assets": [], "markers": [],
        "layers": [
            shape_layer(1, "bar", transform(value([25, 25, 0]), rotation=keyframes([(0, [0]), (30, [360])])),
                        [group("bar", [{"ty": "rc", "d": 1, "s": value([6, 18]), "p": value([0, -12]), "r": value(3)}, fill(blue)])], 30),
            shape_layer(2, "track", transform(value([25, 25, 0])),
                        [group("track", [{"ty": "el", "d": 1, "s": value([42, 42]), "p": value([0, 0])}, stroke(grey, 3)])], 30),
        ],
    }
    pull = {
        "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 60, "h": 60, "nm": "pull-loop", "ddd": 0, "assets": [],
        "markers": [{"cm": "pull", "tm": 0, "dr": 30}, {"cm": "loop", "tm": 30, "dr": 30}],
        "layers": [
            # The dot grows with the pull (frames 0-30), then circles (frames 30-60).
            shape_layer(1, "dot", transform(value([30, 30, 0]),
                                            rotation=keyframes([(0, [0]), (30, [0]), (60, [360])]),
                                            scale=keyframes([(0, [20, 20, 100]), (30, [100, 100, 100])])),
                        [group("dot", [{"ty": "el", "d": 1, "s": value([14, 14]), "p": value([0, -18])}, fill(blue)])], 60),
            shape_layer(2, "ring", transform(value([30, 30, 0]), scale=keyframes([(0, [20, 20, 100]), (30, [100, 100, 100])])),
                        [group("ring", [{"ty": "el", "d": 1, "s": value([50, 50]), "p": value([0, 0])}, stroke(grey, 4)])], 60),
        ],
    }
    for name, animation in (("spinner", spinner), ("pull-loop", pull)):
        # Key order matters: rlottie reads "ty" before the rest of a shape, so no sort_keys.
        write("lottie/%s.json" % name, (json.dumps(animation, indent=1) + "\n").encode())


def make_gesture_seeds():
    """Seeds of the gesture fuzz target (GestureFuzz.make reads them): one per family, kind and
    style with zero bytes after, then sixteen of pseudo-random bytes from a fixed seed."""
    import random

    generator = random.Random(2026_11_26)
    seeds = [bytes([library, kind, style]) for library in range(3) for kind in range(4) for style in range(3)]
    seeds += [bytes(generator.randrange(256) for _ in range(96)) for _ in range(16)]
    for index, seed in enumerate(seeds):
        write("fuzz-regressions/gesture/seed-%02d" % index, seed)


def make_arrow():
    """An app's arrow image, 15 × 30 pt at @2x: an orange shaft and head pointing down, with
    a darker tip, so its turn shows; edges 4× supersampled."""
    w, h = 30, 60

    def inside(x, y):
        if 11 <= x <= 19 and 4 <= y <= 36:
            return True
        # The head: a triangle from (2, 34)–(28, 34) down to the tip at (15, 57).
        if 34 <= y <= 57:
            half = 13 * (57 - y) / 23
            return abs(x - 15) <= half
        return False

    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            hits = sum(inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4) for i in range(4) for j in range(4))
            colour = (0x9A, 0x2E, 0x00) if y >= 46 else (0xFF, 0x6A, 0x13)
            row.append(colour + (round(255 * hits / 16),))
        rows.append(row)
    write("demo/arrow@2x.png", png(w, h, 6, 8, rows))


def make_strings():
    """An app's strings bundle as Xcode lays one out: English in UTF-8, Simplified Chinese in
    UTF-16 with its byte-order mark (as older Xcode projects keep .strings files)."""
    english = ("/* The app's refresh words, replacing MJRefresh's. */\n"
               "\"MJRefreshHeaderIdleText\" = \"Pull, friend\";\n"
               "\"MJRefreshHeaderLastTimeText\" = \"Synced: \";\n"
               "\"MJRefreshTrailerIdleText\" = \"More\";\n")
    chinese = "\"MJRefreshHeaderIdleText\" = \"朋友，下拉\";\n"
    write("strings/App.bundle/en.lproj/Localizable.strings", english.encode("utf-8"))
    write("strings/App.bundle/zh-Hans.lproj/Localizable.strings", b"\xff\xfe" + chinese.encode("utf-16-le"))


def make_logo():
    """The custom-control examples' logo (examples/layers/Logo@2x.png): a stand-in for the
    MJRefresh example app's Logo asset with its 8:5 shape — a red and a black zigzag "M" over
    two grey bars — drawn here, 320 x 200 pt at @2x, transparent around it."""
    w, h = 640, 400

    def m_points(dx, dy):
        return [(170 + dx, 250 + dy), (240 + dx, 40 + dy), (320 + dx, 140 + dy), (400 + dx, 40 + dy), (470 + dx, 250 + dy)]

    def near(px, py, points, half):
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            vx, vy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / float(vx * vx + vy * vy)))
            qx, qy = ax + t * vx - px, ay + t * vy - py
            if qx * qx + qy * qy <= half * half:
                return True
        return False

    red, black = m_points(-24, 0), m_points(0, 40)
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            colour = None
            for i in range(2):
                for j in range(2):
                    sx, sy = x + (i + 0.5) / 2, y + (j + 0.5) / 2
                    if near(sx, sy, black, 11):
                        c = (0x23, 0x1F, 0x20)
                    elif near(sx, sy, red, 11):
                        shade = max(0.45, 1 - (sy - 40) / 400.0)
                        c = (round(0xE6 * shade), round(0x0B * shade), round(0x12 * shade))
                    elif 200 <= sx <= 440 and (318 <= sy <= 338 or 356 <= sy <= 376):
                        c = (0x3A, 0x3A, 0x3C)
                    else:
                        continue
                    colour = colour or [0, 0, 0, 0]
                    colour = [colour[0] + c[0], colour[1] + c[1], colour[2] + c[2], colour[3] + 1]
            if colour is None:
                row.append((0, 0, 0, 0))
            else:
                n = colour[3]
                row.append((colour[0] // n, colour[1] // n, colour[2] // n, round(255 * n / 4)))
        rows.append(row)
    full = os.path.join(HERE, "..", "examples", "layers", "Logo@2x.png")
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(png(w, h, 6, 8, rows))


if __name__ == "__main__":
    make_gifs()
    make_demos()
    make_pngs()
    make_lottie()
    make_gesture_seeds()
    make_strings()
    make_arrow()
    make_logo()

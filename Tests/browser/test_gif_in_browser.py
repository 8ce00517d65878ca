"""Our GIFs as Chromium plays them: the LZW data is our own coder's (the code table kept full
while it codes well), so a browser must read every frame exactly as giflib does."""
import subprocess

from conftest import BINARY, ROOT, decoded_frames, frame_checksum


def test_chromium_reads_our_gifs_frame_for_frame(browser, server, tmp_path):
    # Two scenes whose frames fill the code table: an opaque list and ZJRefresh's footer.
    for gesture, extra in (("gestures/header-gif-pull-release.json", ["--show-content"]), ("gestures/zj-gif-footer.json", [])):
        gif = tmp_path / "out.gif"
        frames = tmp_path / "frames"
        subprocess.run([BINARY, "simulate", gesture, "--fps", "30", *extra, "--gif", str(gif)], cwd=ROOT, check=True)
        subprocess.run([BINARY, "extract", str(gif), "-o", str(frames)], cwd=ROOT, check=True, capture_output=True)
        expected = [frame_checksum(path) for path in sorted(frames.glob("frame_*.png"))]
        page = browser.new_page()
        page.goto(server.url)  # ImageDecoder needs a secure context: loopback is one
        shown = [value for _, value in decoded_frames(page, gif, "image/gif")]
        page.close()
        assert len(shown) == len(expected) > 10, gesture
        assert shown == expected, gesture
        for path in frames.iterdir():
            path.unlink()


def _lzw(indices):
    """LZW codes for 8-bit indices: one clear code, then none again when the table is full
    (the fixture generator's coder clears a full table, so this case needs its own)."""
    table = {bytes([i]): i for i in range(256)}
    following, width, codes, word = 258, 9, [(256, 9)], b""
    for byte in indices:
        candidate = word + bytes([byte])
        if candidate in table:
            word = candidate
            continue
        codes.append((table[word], width))
        if following < 4096:
            table[candidate] = following
            following += 1
            if following > 1 << width and width < 12:
                width += 1
        word = bytes([byte])
    if word:
        codes.append((table[word], width))
    codes.append((257, width))
    out, bits, count = bytearray(), 0, 0
    for code, size in codes:
        bits |= code << count
        count += size
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8
    if count:
        out.append(bits & 0xFF)
    return bytes(out)


def _sub_blocks(data):
    """Data sub-blocks, as the fixture generator writes them (Fixtures/generate.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("generate", ROOT / "Fixtures/generate.py")
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)
    return generate.sub_blocks(data)


def _gif(width, height, images):
    """A GIF with a 256-grey global table; each image is (left, top, w, h, extra, data)."""
    import struct

    out = bytearray(b"GIF89a" + struct.pack("<HH", width, height) + bytes([0xF7, 0, 0]))
    for i in range(256):
        out += bytes([i, i, i])
    for left, top, w, h, extra, data in images:
        out += extra + b"\x2c" + struct.pack("<HHHH", left, top, w, h) + data
    return bytes(out + b"\x3b")


def _extracted(folder, name, data):
    """The GIF `data` written as NAME.gif in `folder`, and the frames `extract` writes of it."""
    gif = folder / f"{name}.gif"
    gif.write_bytes(data)
    frames = folder / name
    subprocess.run([BINARY, "extract", str(gif), "-o", str(frames)], cwd=ROOT, check=True, capture_output=True)
    return gif, sorted(frames.glob("frame_*.png"))


def test_chromium_and_we_read_the_edge_gifs_alike(browser, server, tmp_path):
    # The four files browsers draw that we once refused or drew otherwise, made here.
    import random

    solid = b"\x00\x08" + _sub_blocks(_lzw([200] * 16))
    rng = random.Random(7)
    noise = [rng.randrange(256) for _ in range(160 * 160)]
    past_table = b"\x21\xf9\x04\x01\x00\x00\x05\x00"  # transparent index 5
    files = {
        "zero-width-frame": _gif(4, 4, [(0, 0, 4, 4, b"", solid), (0, 0, 0, 4, b"", solid), (1, 1, 2, 2, b"", solid)]),
        "zero-screen": _gif(0, 0, [(1, 2, 4, 4, b"", solid)]),
        "full-table-no-clear": _gif(160, 160, [(0, 0, 160, 160, b"", b"\x00\x08" + _sub_blocks(_lzw(noise)))]),
        # A local table of two colours and a transparent index past it, as gifsicle -O3 writes.
        "transparent-past-table": _gif(3, 1, [
            (0, 0, 3, 1, b"", solid),
            (0, 0, 3, 1, past_table, b"\x80\x00\x00\x00\xff\xff\xff\x08" + _sub_blocks(_lzw([5, 6, 1])))]),
    }
    page = browser.new_page()
    page.goto(server.url)
    for name, data in files.items():
        gif, written = _extracted(tmp_path, name, data)
        expected = [frame_checksum(path) for path in written]
        shown = [value for _, value in decoded_frames(page, gif, "image/gif")]
        assert shown == expected, name
    page.close()


SHOWN_IMAGE = """async ([data]) => {
    const image = new Image();
    const loaded = new Promise((done) => { image.onload = () => done(true); image.onerror = () => done(false); });
    image.src = 'data:image/gif;base64,' + data;
    if (!(await loaded)) return null;
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0;
    for (let j = 0; j < pixels.length; j += 1) sum = (sum * 31 + pixels[j]) % 1000000007;
    return [canvas.width, canvas.height, sum];
}"""


def test_frames_chromium_cannot_decode_are_the_canvas_in_an_img_and_in_extract(browser, server, tmp_path):
    # ImageDecoder refuses these frames; an <img> shows a blank canvas of the screen's size,
    # and so does `extract` (it once refused each file: "no complete frame").
    import base64
    import struct

    from PIL import Image

    noise = bytes((i * 37) & 0xFF for i in range(200))
    files = {
        "zero-height-code-size-12": _gif(4, 4, [(0, 0, 4, 0, b"", b"\x00\x0c" + _sub_blocks(b"\x00\x10"))]),
        # The descriptor declares a local table, and the trailer stands where the table would.
        "table-cut-by-the-trailer": _gif(4, 4, [(0, 0, 0, 0, b"", b"\x80")]),
        "code-size-11": _gif(100, 100, [(0, 0, 100, 100, b"", b"\x00\x0b" + _sub_blocks(noise))]),
    }
    page = browser.new_page()
    page.goto(server.url)
    for name, data in files.items():
        _, written = _extracted(tmp_path, name, data)
        assert len(written) == 1, name
        ours = Image.open(written[0]).convert("RGBA")
        total = 0
        for value in ours.tobytes():
            total = (total * 31 + value) % 1000000007
        shown = page.evaluate(SHOWN_IMAGE, [base64.b64encode(data).decode()])
        assert shown == [ours.width, ours.height, total], name
        (width, height) = struct.unpack("<HH", data[6:10])
        assert (ours.width, ours.height) == (width, height), name
    page.close()

"""Our animated PNGs as Chromium plays them: after the first frame each frame is a changed
rectangle, replacing or blended over the frame before, in a colour form all frames share, and
a frame equal to the one before is not written. Chromium's own APNG reader (through WebCodecs'
ImageDecoder) must compose every frame back to the source frame shown at that time."""
import base64
import subprocess

import numpy
from PIL import Image

from conftest import BINARY, ROOT

# Each frame Chromium composes, as (start ms, checksum). A canvas keeps pixels premultiplied,
# so the checksum is over premultiplied colour and alpha (what both sides hold exactly).
FRAMES = """async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const decoder = new ImageDecoder({ data: bytes, type: 'image/png' });
    await decoder.tracks.ready;
    const count = decoder.tracks.selectedTrack.frameCount, out = [];
    for (let i = 0; i < count; i += 1) {
        const { image } = await decoder.decode({ frameIndex: i });
        const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        const start = image.timestamp / 1000;
        image.close();
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let sum = 0;
        for (let j = 0; j < pixels.length; j += 4) {
            const a = pixels[j + 3];
            for (let c = 0; c < 3; c += 1) sum = (sum * 31 + Math.round(pixels[j + c] * a / 255)) % 1000000007;
            sum = (sum * 31 + a) % 1000000007;
        }
        out.push([start, sum]);
    }
    return out;
}"""


def checksum(path):
    pixels = numpy.asarray(Image.open(path).convert("RGBA"), dtype=numpy.int64)
    alpha = pixels[..., 3:4]
    premultiplied = numpy.concatenate([(pixels[..., :3] * alpha + 127) // 255, alpha], axis=-1).reshape(-1)
    total = 0
    for value in premultiplied.tolist():
        total = (total * 31 + value) % 1000000007
    return total


def test_chromium_composes_our_apng_frames_exactly(browser, server, tmp_path):
    # An opaque list (RGB rectangles replacing), a transparent header (soft edges, replacing)
    # and ZJRefresh's footer (its GIF's frames over a transparent control).
    scenes = (("gestures/header-gif-pull-release.json", ["--show-content"]), ("gestures/header-pull-release.json", []),
              ("gestures/zj-gif-footer.json", []))
    for gesture, extra in scenes:
        apng = tmp_path / "out.png"
        frames = tmp_path / "frames"
        subprocess.run([BINARY, "simulate", gesture, "--fps", "10", *extra, "--apng", str(apng), "--frames", str(frames)],
                       cwd=ROOT, check=True)
        expected = [checksum(path) for path in sorted(frames.glob("frame_*.png"))]
        page = browser.new_page()
        page.goto(server.url)  # ImageDecoder needs a secure context: loopback is one
        shown = page.evaluate(FRAMES, base64.b64encode(apng.read_bytes()).decode())
        page.close()
        assert 1 < len(shown) < len(expected), gesture  # equal frames merged
        for index, want in enumerate(expected):
            middle = (index + 0.5) * 100
            at = [value for start, value in shown if start <= middle]
            assert at and at[-1] == want, f"{gesture}: frame {index + 1}"
        for path in frames.iterdir():
            path.unlink()

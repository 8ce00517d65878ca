"""Our GIFs as Chromium plays them: the LZW data is our own coder's (the code table kept full
while it codes well), so a browser must read every frame exactly as giflib does."""
import base64
import subprocess

import numpy
from PIL import Image

from conftest import BINARY, ROOT

# Every frame of the GIF, composited as a browser shows it: the page steps through the frames
# with ImageDecoder (WebCodecs), which decodes with Chromium's own GIF reader.
FRAMES = """async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const decoder = new ImageDecoder({ data: bytes, type: 'image/gif' });
    await decoder.tracks.ready;
    const count = decoder.tracks.selectedTrack.frameCount, out = [];
    for (let i = 0; i < count; i += 1) {
        const { image } = await decoder.decode({ frameIndex: i });
        const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        image.close();
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let sum = 0;
        for (let j = 0; j < pixels.length; j += 1) sum = (sum * 31 + pixels[j]) % 1000000007;
        out.push(sum);
    }
    return out;
}"""


def checksum(path):
    pixels = numpy.asarray(Image.open(path).convert("RGBA"), dtype=numpy.int64).reshape(-1)
    total = 0
    for value in pixels.tolist():
        total = (total * 31 + value) % 1000000007
    return total


def test_chromium_reads_our_gifs_frame_for_frame(browser, server, tmp_path):
    # Two scenes whose frames fill the code table: an opaque list and ZJRefresh's footer.
    for gesture, extra in (("gestures/header-gif-pull-release.json", ["--show-content"]), ("gestures/zj-gif-footer.json", [])):
        gif = tmp_path / "out.gif"
        frames = tmp_path / "frames"
        subprocess.run([BINARY, "simulate", gesture, "--fps", "30", *extra, "--gif", str(gif)], cwd=ROOT, check=True)
        subprocess.run([BINARY, "extract", str(gif), "-o", str(frames)], cwd=ROOT, check=True, capture_output=True)
        expected = [checksum(path) for path in sorted(frames.glob("frame_*.png"))]
        page = browser.new_page()
        page.goto(server.url)  # ImageDecoder needs a secure context: loopback is one
        shown = page.evaluate(FRAMES, base64.b64encode(gif.read_bytes()).decode())
        page.close()
        assert len(shown) == len(expected) > 10, gesture
        assert shown == expected, gesture
        for path in frames.iterdir():
            path.unlink()

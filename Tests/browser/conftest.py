"""Starts `refresh-render preview` for the browser and HTTP tests, and gives them Chromium.

The binary is REFRESH_RENDER_BIN or the debug build `make test` has just made. Chromium is
Debian's (CHROMIUM, default /usr/bin/chromium): Playwright drives it, nothing is downloaded.
"""
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time
import json

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("REFRESH_RENDER_BIN", str(ROOT / ".build/debug/refresh-render"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Wall-clock bounds (the `timing` group: `pytest -m timing`) are the promise times this factor:
# 1 on a quiet machine, 3 on CI's busy 2-core runners (REFRESH_TIMING_MARGIN overrides).
TIMING_MARGIN = float(os.environ.get("REFRESH_TIMING_MARGIN", "3" if os.environ.get("CI") else "1"))


def within(seconds):
    """A wall-clock bound: `seconds` as promised, widened by TIMING_MARGIN."""
    return seconds * TIMING_MARGIN


def pytest_configure(config):
    config.addinivalue_line("markers", "timing: a wall-clock check, bounded with TIMING_MARGIN")


class Server:
    """A running preview server in `folder`, its URL read from its first line."""

    def __init__(self, folder, *arguments):
        self.folder = folder
        self.process = subprocess.Popen(
            [BINARY, "preview", "--port", "0", *arguments], cwd=folder,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.process.kill()
            raise RuntimeError("preview did not start: " + self.process.stderr.read())
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        return self.process.returncode


@pytest.fixture
def demo_folder():
    """A folder holding copies of the demo GIFs (the files a user names)."""
    folder = tempfile.mkdtemp(prefix="refresh-preview-test-")
    for name in ("pull.gif", "spin.gif"):
        shutil.copy(ROOT / "Fixtures/demo" / name, folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def server(demo_folder):
    running = Server(demo_folder, "--images", "refreshing=spin.gif")
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    opened = context.new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server.url)
    wait_js(opened, "document.querySelector('#status').textContent === 'Ready'")
    yield opened
    context.close()
    assert errors == [], errors


def wait_js(page, expression, arg=None, timeout=10.0):
    """Waits until `expression` (a function of `arg` when one is given) is true in the page.

    Polls with `evaluate`: the page's content security policy forbids the string evaluation
    Playwright's `wait_for_function` uses, as it should.
    """
    deadline = time.monotonic() + timeout
    source = expression if arg is None else f"({expression})({json.dumps(arg)})"
    while True:
        if page.evaluate(source):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {source}")
        page.wait_for_timeout(25)


def render(arguments, folder):
    """The PNG `refresh-render` writes for `arguments`, run in `folder`."""
    result = subprocess.run([BINARY, *arguments, "-o", "-"], cwd=folder, capture_output=True, check=True)
    return result.stdout


# Every frame of an animated image as Chromium's own reader composes it (WebCodecs'
# ImageDecoder), as [start ms, checksum] pairs: drawn onto a canvas and its pixels hashed (SHA-256),
# colour premultiplied by alpha when `premultiplied` (a canvas keeps premultiplied pixels, so
# soft pixels are compared in the form both sides hold exactly). Needs a secure context: open
# the page on loopback first.
DECODED_FRAMES = """async ([data, type, premultiplied]) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const decoder = new ImageDecoder({ data: bytes, type });
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
        if (premultiplied) {
            for (let j = 0; j < pixels.length; j += 4) {
                const a = pixels[j + 3];
                for (let c = 0; c < 3; c += 1) pixels[j + c] = Math.round(pixels[j + c] * a / 255);
            }
        }
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', pixels));
        const sum = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
        out.push([start, sum]);
    }
    return out;
}"""


def decoded_frames(page, path, mime, premultiplied=False):
    """[start ms, checksum] of each frame of the file at `path` as Chromium composes it."""
    import base64

    return page.evaluate(DECODED_FRAMES, [base64.b64encode(pathlib.Path(path).read_bytes()).decode(), mime, premultiplied])


def frame_checksum(path, premultiplied=False):
    """The checksum `decoded_frames` gives (SHA-256 of the RGBA bytes, premultiplied when asked),
    of the PNG frame at `path` (read by Pillow)."""
    import hashlib

    import numpy
    from PIL import Image

    pixels = numpy.asarray(Image.open(path).convert("RGBA"), dtype=numpy.int64)
    if premultiplied:
        alpha = pixels[..., 3:4]
        pixels = numpy.concatenate([(pixels[..., :3] * alpha + 127) // 255, alpha], axis=-1)
    return hashlib.sha256(pixels.astype(numpy.uint8).tobytes()).hexdigest()


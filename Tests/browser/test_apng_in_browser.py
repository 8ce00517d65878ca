"""Our animated PNGs as Chromium plays them: after the first frame each frame is a changed
rectangle, replacing or blended over the frame before, in a colour form all frames share, and
a frame equal to the one before is not written. Chromium's own APNG reader (through WebCodecs'
ImageDecoder) must compose every frame back to the source frame shown at that time."""
import subprocess

from conftest import BINARY, ROOT, decoded_frames, frame_checksum


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
        expected = [frame_checksum(path, premultiplied=True) for path in sorted(frames.glob("frame_*.png"))]
        page = browser.new_page()
        page.goto(server.url)  # ImageDecoder needs a secure context: loopback is one
        shown = decoded_frames(page, apng, "image/png", premultiplied=True)
        page.close()
        assert 1 < len(shown) < len(expected), gesture  # equal frames merged
        for index, want in enumerate(expected):
            middle = (index + 0.5) * 100
            at = [value for start, value in shown if start <= middle]
            assert at and at[-1] == want, f"{gesture}: frame {index + 1}"
        for path in frames.iterdir():
            path.unlink()

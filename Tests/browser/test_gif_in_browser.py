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

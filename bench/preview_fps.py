"""The preview page's frame rate in Debian's headless Chromium (release build).

Three measurements of 3 s each, counting the frames the page shows (`window.previewStats`),
and for the drags the time from a finger's move to the first picture showing it (p50/p95):
- refreshing: the spinner turning, nothing else happening;
- a drag made inside the page: one pointermove per animation frame, dispatched by the page's
  own script, so the test driver costs nothing while it runs;
- a drag made by Playwright's mouse: each move a round trip to the driver, which shares the
  two cores with the browser and the server.
Prints a Markdown table.
"""
import os
import pathlib
import signal
import subprocess
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[1]
# The release build beside its server (`make build-preview`).
BINARY = os.environ.get("REFRESH_RENDER_BIN", str(ROOT / "Preview/.build/release/refresh-render"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SECONDS = 3.0

IN_PAGE_DRAG = """(seconds) => new Promise((done) => {
    const phone = document.querySelector('#phone');
    const box = phone.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + 120;
    const fire = (type, dy) => phone.dispatchEvent(new PointerEvent(type, {
        clientX: x, clientY: y + dy, pointerId: 1, bubbles: true, isPrimary: true }));
    phone.setPointerCapture = () => {};
    fire('pointerdown', 0);
    const start = performance.now(), frames = window.previewStats.frames;
    const step = (now) => {
        const t = (now - start) / 1000;
        fire('pointermove', 150 + 120 * Math.sin(t * 3));
        if (t < seconds) requestAnimationFrame(step);
        else { fire('pointerup', 150); done((window.previewStats.frames - frames) / t); }
    };
    requestAnimationFrame(step);
})"""


def percentiles(values):
    """The median and the 95th percentile of `values` (nearest rank)."""
    if not values:
        return (float("nan"), float("nan"))
    ordered = sorted(values)
    def rank(p):
        return ordered[min(len(ordered) - 1, max(0, int(round(p * len(ordered) + 0.5)) - 1))]
    return (rank(0.5), rank(0.95))


def main():
    server = subprocess.Popen([BINARY, "preview", "--port", "0"], cwd=ROOT / "Fixtures/demo",
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip()
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for scale in (1, 2):
                page = browser.new_page(viewport={"width": 1400, "height": 900}, device_scale_factor=scale)
                page.goto(url)
                page.wait_for_timeout(1500)
                page.click("#begin")
                page.wait_for_timeout(500)
                start = page.evaluate("window.previewStats.frames")
                page.wait_for_timeout(SECONDS * 1000)
                refreshing = (page.evaluate("window.previewStats.frames") - start) / SECONDS
                page.click("#end")
                page.wait_for_timeout(1200)
                page.evaluate("window.previewStats.latencies = []")
                in_page = page.evaluate(IN_PAGE_DRAG, SECONDS)
                in_page_latency = percentiles(page.evaluate("window.previewStats.latencies"))
                page.wait_for_timeout(1200)
                box = page.locator("#phone").bounding_box()
                x, y = box["x"] + 180, box["y"] + 100
                page.mouse.move(x, y)
                page.mouse.down()
                page.evaluate("window.previewStats.latencies = []")
                start = page.evaluate("window.previewStats.frames")
                t0 = page.evaluate("performance.now()")
                i = 0
                while page.evaluate("performance.now()") - t0 < SECONDS * 1000:
                    page.mouse.move(x, y + 150 + 120 * ((i % 40) / 20 - 1))
                    i += 1
                elapsed = (page.evaluate("performance.now()") - t0) / 1000
                driven = (page.evaluate("window.previewStats.frames") - start) / elapsed
                driven_latency = percentiles(page.evaluate("window.previewStats.latencies"))
                page.mouse.up()
                rows.append((scale, refreshing, in_page, in_page_latency, driven, driven_latency, i / elapsed))
                page.close()
            browser.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=10)
    print("| screen | refreshing | drag made in the page | move to picture p50/p95 | drag by Playwright's mouse (moves/s) | move to picture p50/p95 |")
    print("|---|---|---|---|---|---|")
    for scale, refreshing, in_page, in_lat, driven, dr_lat, moves in rows:
        print(f"| {scale}x (phone drawn @{scale}x) | {refreshing:.0f} fps | {in_page:.0f} fps | {in_lat[0]:.0f}/{in_lat[1]:.0f} ms"
              f" | {driven:.0f} fps ({moves:.0f}) | {dr_lat[0]:.0f}/{dr_lat[1]:.0f} ms |")


if __name__ == "__main__":
    sys.exit(main())

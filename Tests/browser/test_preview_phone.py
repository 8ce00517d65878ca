"""The phone on the preview page as a phone: sizes in points whatever the screen's density, the
release animation, the width setting, and a page that fits a phone's window."""
import pytest

from conftest import wait_js, within


def open_page(browser, server, **context):
    opened = browser.new_context(**context).new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server.url)
    wait_js(opened, "document.querySelector('#status').textContent === 'Ready'")
    return opened, errors


def pull_and_release(page, distance=260, steps=25):
    drag_down(page, distance, steps, start=120)
    wait_js(page, "document.querySelector('#state').textContent === 'pulling'")
    page.mouse.up()


def drag_down(page, distance, steps=20, start=100):
    """Puts a finger on the phone `start` pt from its top and drags it `distance` down, still held."""
    box = page.locator("#phone").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + start
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, steps + 1):
        page.mouse.move(x, y + distance * i / steps)
        page.wait_for_timeout(20)


def short_pull(page, steps):
    """A pull of 6 pt a step, let go before the threshold."""
    box = page.locator("#phone").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + 120
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, steps + 1):
        page.mouse.move(x, y + 6 * i)
        page.wait_for_timeout(20)
    page.mouse.up()


@pytest.mark.parametrize("density,scale", [(1, ""), (2, ""), (3, ""), (1, "1"), (3, "3"), (2, "3")])
def test_point_geometry_is_the_scenes_at_every_density_and_scale(browser, server, density, scale):
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900}, device_scale_factor=density)
    if scale:
        page.fill("#f-scale", scale)
        page.locator("#f-scale").dispatch_event("input")
    pull_and_release(page)
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    page.wait_for_timeout(500)
    # spin.gif is 100 px without @2x: artwork for @2x, 50 pt, in the 54-pt header, whatever
    # the screen's density and the Scale setting.
    extent, inset, pull = page.evaluate("[live.extent, live.inset, live.pull]")
    assert (extent, inset) == (54, 54), (density, scale, extent, inset)
    assert abs(pull - 54) < 0.1
    # Only the resolution follows the screen: a 3x screen gets 3x pixels.
    width = page.evaluate("document.querySelector('#screen').width")
    assert width == 375 * density
    if scale not in ("", "2"):
        # What is copied draws what is shown: the artwork's scale is written out.
        page.click("#copy-command")
        wait_js(page, "document.querySelector('#copied').dataset.kind === 'command'")
        command = page.locator("#copied").inner_text()
        assert f"--scale {scale}" in command and "--image-scale 2" in command, command
    page.context.close()
    assert errors == []


@pytest.mark.timing
def test_release_animates_to_the_inset_at_once_without_undershoot(browser, server):
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    pull_and_release(page)
    released = page.evaluate("live.releasedAt")
    page.wait_for_timeout(700)
    timeline = page.evaluate("live.samples.filter((s) => s.t >= live.releasedAt).map((s) => [s.t, -s.offset])")
    pulls = [pull for _, pull in timeline]
    start = pulls[0]
    assert start > 100
    # It moves within 50 ms of the release (no hold for the server), only towards the inset,
    # never below it, and rests there by 0.35 s (fastAnimationDuration is 0.25 s).
    moved = [t for t, pull in timeline if pull < start - 1]
    assert moved and moved[0] - released < within(0.05), timeline[:5]
    assert all(b <= a + 0.01 for a, b in zip(pulls, pulls[1:])), pulls
    assert min(pulls) >= 54 - 0.01
    settled = [t for t, pull in timeline if abs(pull - 54) < 0.05]
    assert settled and settled[0] - released < within(0.35), timeline[-5:]
    page.context.close()
    assert errors == []


def test_the_width_setting_sizes_the_phone_and_a_drag_right_after_typing_it_counts(browser, server):
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    page.fill("#f-width", "320")
    # Straight to the phone: the width field loses focus as the drag begins.
    pull_and_release(page)
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    # The phone has the scroll view's shape, 320 × 667 pt inside its bezel, at the size the
    # window leaves room for.
    inner = page.evaluate("[document.querySelector('#phone').clientWidth, document.querySelector('#phone').clientHeight]")
    assert abs(inner[0] / inner[1] - 320 / 667) < 0.01, inner
    # Drawn at the screen's density (1 here): 320 px for 320 pt, not 375 stretched.
    wait_js(page, "document.querySelector('#screen').width === 320")
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1440, "height": 900}])
def test_the_page_fits_the_window(browser, server, viewport):
    page, errors = open_page(browser, server, viewport=viewport)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow
    box = page.locator("#phone").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    if viewport["width"] < 500:
        # The panel comes below the phone.
        assert page.locator("#panel").bounding_box()["y"] > box["y"] + box["height"] - 1
        # A drag on the shrunk phone still moves the list in points.
        pull_and_release(page, distance=300)
        wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [{"width": 1440, "height": 900}, {"width": 390, "height": 844}])
def test_screenshots_for_the_docs(browser, server, viewport, scheme):
    """The page at desktop and phone sizes in both schemes, mid-pull (written to docs/ only when
    UPDATE_SCREENSHOT=1, to be looked at before they are committed)."""
    import os

    from conftest import ROOT

    page, errors = open_page(browser, server, viewport=viewport, color_scheme=scheme)
    page.select_option("#f-style", "normal")
    drag_down(page, 200)
    wait_js(page, "document.querySelector('#state').textContent === 'pulling'")
    page.wait_for_timeout(300)
    if os.environ.get("UPDATE_SCREENSHOT") == "1":
        page.screenshot(path=str(ROOT / f"docs/preview-{viewport['width']}-{scheme}.png"))
    page.mouse.up()
    page.context.close()
    assert errors == []


def test_the_last_gesture_can_be_scrubbed_frame_by_frame(browser, server):
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    pull_and_release(page)
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    page.wait_for_timeout(400)
    end = float(page.get_attribute("#scrub", "max"))
    assert end > 0.5
    # The start of the gesture: at rest, Idle.
    page.locator("#scrub").fill("0")
    wait_js(page, "window.previewScrub && window.previewScrub.t === 0")
    assert page.locator("#state").inner_text() == "idle"
    # One frame on is 1/60 s later, and the picture is the server's for that instant.
    page.click("#frame-next")
    wait_js(page, "window.previewScrub && Math.abs(window.previewScrub.t - 1 / 60) < 1e-6")
    assert page.locator("#scrub-time").inner_text() == "0.02 s"
    # The end: refreshing again; the live picture stays paused until the next drag.
    page.locator("#scrub").fill(str(end))
    wait_js(page, "window.previewScrub && window.previewScrub.state === 'refreshing'")
    assert page.evaluate("live.scrubbing")
    page.context.close()
    assert errors == []


def test_a_b_two_phones_follow_the_same_drag(browser, server):
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    page.click("#pin-a")
    assert page.locator("#phone-a").is_visible()
    page.select_option("#f-style", "normal")  # B differs from A
    pull_and_release(page)
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    wait_js(page, "(window.previewStats.framesA || 0) > 5")
    sums = page.evaluate("""['#screen', '#screen-a'].map((id) => {
        const canvas = document.querySelector(id);
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, 120).data;
        let sum = 0;
        for (let i = 0; i < data.length; i += 7) sum += data[i];
        return [canvas.width, sum];
    })""")
    assert sums[0][0] == sums[1][0] and sums[0][1] != sums[1][1], sums
    page.click("#unpin-a")
    assert not page.locator("#phone-a").is_visible()
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("scale", [1, 2])
def test_a_b_phone_a_changes_while_the_finger_moves(browser, server, scale):
    """A/B compares: during a drag both phones follow the finger frame for frame (each moment
    asked for both and shown together), and show the same moment once it stops, at 1x and 2x."""
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900}, device_scale_factor=scale)
    page.click("#pin-a")
    page.select_option("#f-style", "normal")  # B differs from A
    box = page.locator("#phone").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + 100
    page.mouse.move(x, y)
    page.mouse.down()
    start = page.evaluate("[window.previewStats.frames, window.previewStats.framesA || 0, performance.now()]")
    for step in range(60):  # about 1.5 s of moving, 3 px a step
        page.mouse.move(x, y + 3 * (step + 1))
        page.wait_for_timeout(25)
    end = page.evaluate("[window.previewStats.frames, window.previewStats.framesA || 0, performance.now()]")
    seconds = (end[2] - start[2]) / 1000
    b_rate, a_rate = (end[0] - start[0]) / seconds, (end[1] - start[1]) / seconds
    print(f"during the drag: B {b_rate:.1f}, A {a_rate:.1f} pictures a second")
    assert b_rate >= 5, b_rate
    # Frame for frame: every picture of B's came with A's of the same moment.
    assert abs((end[1] - start[1]) - (end[0] - start[0])) <= 1, (start, end)
    # Still: both show the same moment.
    page.wait_for_timeout(250)
    shown = page.evaluate("[live.shownAt, live.shownAtA]")
    assert shown[1] is not None and shown[0] == shown[1], shown
    page.mouse.up()
    page.click("#unpin-a")
    page.context.close()
    assert errors == []


# The page draws the plain list itself and asks the server only for the control's pixels: its
# picture must be the server's whole picture of the same gesture, pixel for pixel.
SAME_AS_WHOLE = """async () => {
    const screen = document.querySelector('#screen');
    const gesture = live.lastGesture;
    const shown = screen.getContext('2d').getImageData(0, 0, screen.width, screen.height).data;
    const phone = page.appearance === 'dark' ? '&appearance=dark' : '';
    const response = await fetch('/live?' + query(liveSettings()) + phone, { method: 'POST',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(gesture) });
    const whole = await createImageBitmap(await response.blob());
    const canvas = new OffscreenCanvas(whole.width, whole.height);
    const context = canvas.getContext('2d');
    context.drawImage(whole, 0, 0);
    const expected = context.getImageData(0, 0, whole.width, whole.height).data;
    let differing = 0;
    for (let i = 0; i < expected.length; i += 1) if (expected[i] !== shown[i]) differing += 1;
    return { size: [screen.width, screen.height, whole.width, whole.height], differing,
             band: live.lastBand, offset: response.headers.get('X-Refresh-Offset') };
}"""


@pytest.mark.parametrize("kind,density,dx,dy,appearance", [
    ("header", 2, 0, 170, "light"), ("header", 3, 0, 37, "light"), ("back-footer", 1, 0, -150, "light"),
    ("trailer", 2, -90, 0, "light"), ("header", 2, 0, 170, "dark"), ("trailer", 1, -90, 0, "dark")])
def test_the_page_draws_the_list_and_only_the_control_travels(browser, server, kind, density, dx, dy, appearance):
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900}, device_scale_factor=density)
    if appearance != "light":
        page.select_option("#appearance", appearance)
    if kind != "header":
        page.select_option("#f-kind", kind)
        wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
    box = page.locator("#phone").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, 16):
        page.mouse.move(x + dx * i / 15, y + dy * i / 15)
        page.wait_for_timeout(15)
    page.wait_for_timeout(300)
    result = page.evaluate(SAME_AS_WHOLE)
    page.mouse.up()
    width, height, whole_width, whole_height = result["size"]
    assert (width, height) == (whole_width, whole_height), result
    assert float(result["offset"]) != 0 and result["band"][3] > 0, result
    assert result["differing"] == 0, result
    if appearance == "dark":
        # The list is the dark one: a black background, rows #1C1C1E.
        corner = page.evaluate("Array.from(document.querySelector('#screen').getContext('2d').getImageData(2, document.querySelector('#screen').height - 3, 1, 1).data)")
        assert corner[:3] in ([0x1C, 0x1C, 0x1E], [0, 0, 0]), corner
    page.context.close()
    assert errors == []


def test_the_page_at_rest_sends_nothing(browser, server):
    """Untouched after load, and again after a pull that ends back at rest, the page asks the
    server for no frame and its frame rate reads 0."""
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/live" in request.url else None)
    page.wait_for_timeout(2000)
    asked.clear()
    page.wait_for_timeout(3000)
    assert asked == [], f"{len(asked)} /live requests at rest"
    assert page.evaluate("document.querySelector('#fps').textContent") == "0"
    # A short pull that does not arm: the list springs back, then the page rests again.
    short_pull(page, 5)
    page.wait_for_timeout(2500)
    asked.clear()
    page.wait_for_timeout(2000)
    assert asked == [], f"{len(asked)} /live requests after the list came back to rest"
    page.context.close()
    assert errors == []


def _pull_at(samples, t):
    """The list's pull (points) at `t`, from the page's samples (t, pull), linearly between them.

    The page samples nothing while it rests: across a gap longer than a few frames the list
    stood still until the frame before the next sample."""
    for (t0, p0), (t1, p1) in zip(samples, samples[1:]):
        if t0 <= t <= t1:
            if t1 - t0 > 0.05:
                t0 = t1 - 1 / 60
                if t <= t0:
                    return p0
            return p0 if t1 == t0 else p0 + (p1 - p0) * (t - t0) / (t1 - t0)
    return samples[-1][1] if samples and t > samples[-1][0] else None


def _within_a_frame_of_the_inset(page, since, until, events):
    """Every server answer between `since` and `until` (gesture seconds) to a gesture that held
    at least `events` events (one sent before the last click does not know of it): the page's
    list was within one frame's travel (at 60 fps) of the server's inset at that instant."""
    samples = page.evaluate("live.samples.map((s) => [s.t, -s.offset])")
    insets = [(t, inset) for t, inset, held in page.evaluate("window.previewStats.insets")
              if since <= t <= until and held >= events]
    assert insets, "no answer while the inset moved"
    for t, inset in insets:
        step = max(abs((_pull_at(samples, t + 1 / 60) or 0) - (_pull_at(samples, t) or 0)),
                   abs((_pull_at(samples, t) or 0) - (_pull_at(samples, max(0, t - 1 / 60)) or 0)))
        assert abs(_pull_at(samples, t) - inset) <= within(step) + 0.5, (t, inset, _pull_at(samples, t), step)


@pytest.mark.timing
def test_the_list_follows_the_configured_durations(browser, server):
    """fastAnimationDuration 0.8 s: the list opens to the inset over 0.8 s; slowAnimationDuration
    0.15 s: it closes over 0.15 s; the list stays within a frame of the server's inset."""
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    page.locator("#panel details[data-group='motion']").evaluate("(d) => { d.open = true; }")
    for name, value in (("fastAnimationDuration", "0.8"), ("slowAnimationDuration", "0.15")):
        page.fill(f"#f-{name}", value)
        page.locator(f"#f-{name}").dispatch_event("change")
    page.wait_for_timeout(500)
    pull_and_release(page)
    released = page.evaluate("live.releasedAt")
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    page.wait_for_timeout(1500)
    timeline = page.evaluate("live.samples.filter((s) => s.t >= live.releasedAt).map((s) => [s.t, -s.offset])")
    settled = [t for t, pull in timeline if abs(pull - 54) < 0.05]
    assert settled and 0.8 - 1 / 60 <= settled[0] - released <= 0.8 + within(0.1), timeline[-5:]
    # The server's inset (what the device does) gets to 54 when the list does, within a frame:
    # its last answer short of 54 comes before the list arrives, its first at 54 after.
    insets = page.evaluate("window.previewStats.insets")
    short = [t for t, inset, _ in insets if released <= t and inset < 53.95]
    there = [t for t, inset, _ in insets if released <= t and inset >= 53.95]
    assert short and there, insets[-10:]
    frame = within(1 / 60)
    assert max(short) <= settled[0] + frame and min(there) >= settled[0] - frame, (max(short), min(there), settled[0])
    page.click("#end")
    ended, events = page.evaluate("[live.events[live.events.length - 1].t, live.events.length]")
    page.wait_for_timeout(1200)
    timeline = page.evaluate("live.samples.filter((s) => s.t >= live.events[live.events.length - 1].t).map((s) => [s.t, -s.offset])")
    closed = [t for t, pull in timeline if abs(pull) < 0.05]
    assert closed and closed[0] - ended <= 0.15 + within(0.05), timeline[:8]
    # Closing, the list rests on the inset: at each answer it is within a frame's travel of it.
    _within_a_frame_of_the_inset(page, ended, ended + 0.3, events)
    page.context.close()
    assert errors == []


@pytest.mark.timing
def test_a_release_before_the_threshold_bounces_back_as_a_scroll_view_does(browser, server):
    """Not armed: UIScrollView's bounce (a critically damped spring), not the control's inset
    animation: back to rest within half a second, never past it."""
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    short_pull(page, 10)
    released = page.evaluate("live.releasedAt")
    page.wait_for_timeout(900)
    timeline = page.evaluate("live.samples.filter((s) => s.t >= live.releasedAt).map((s) => [s.t, -s.offset])")
    pulls = [pull for _, pull in timeline]
    assert pulls[0] > 10 and min(pulls) >= -0.01, pulls
    assert all(b <= a + 0.01 for a, b in zip(pulls, pulls[1:])), pulls
    # Within half a point by half a second (99 % of the way), at rest (0.05 pt) soon after.
    near = [t for t, pull in timeline if abs(pull) < 0.5]
    assert near and near[0] - released < within(0.5), timeline[-4:]
    rested = [t for t, pull in timeline if abs(pull) < 0.05]
    assert rested and rested[0] - released < within(0.7), timeline[-4:]
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("viewport", [{"width": 1440, "height": 900}, {"width": 390, "height": 844}])
def test_a_and_b_are_labelled_side_by_side_in_view(browser, server, viewport):
    page, errors = open_page(browser, server, viewport=viewport)
    page.click("#pin-a")
    page.evaluate("window.scrollTo(0, 0)")
    b, a = page.locator("#phone").bounding_box(), page.locator("#phone-a").bounding_box()
    assert page.locator("#box-a figcaption").inner_text().startswith("A")
    assert page.locator("#caption-b").inner_text().startswith("B")
    assert abs(a["width"] - b["width"]) < 1 and abs(a["height"] - b["height"]) < 1, (a, b)
    # Side by side, both whole in the window without scrolling: at 390 px at half size, so a
    # drag on B shows A beside it.
    assert abs(a["y"] - b["y"]) < 2 and a["x"] >= b["x"] + b["width"], (a, b)
    for box in (a, b):
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1, box
    page.click("#unpin-a")
    assert not page.locator("#caption-b").is_visible()
    page.context.close()
    assert errors == []


def test_a_layer_scene_shows_its_layers_beyond_the_control_in_the_page(browser):
    """`preview --scene` with MJDIYHeader: pulled far, the page shows the logo above the header,
    the same pixels as the server's whole window (docs/layers.md)."""
    import shutil
    import tempfile
    from conftest import Server, ROOT

    folder = tempfile.mkdtemp(prefix="refresh-preview-layers-")
    for name in ("MJDIYHeader.json", "Logo@2x.png"):
        shutil.copy(ROOT / "examples/layers" / name, folder)
    running = Server(folder, "--scene", "MJDIYHeader.json")
    try:
        page, errors = open_page(browser, running, viewport={"width": 1400, "height": 900}, device_scale_factor=2)
        drag_down(page, 420)
        # Until the page's last frame is drawn and no request of its own is in flight.
        page.wait_for_timeout(1200)
        result = page.evaluate(SAME_AS_WHOLE)
        page.mouse.up()
        assert result["differing"] == 0, result
        # The band reaches above the 50-pt header: the logo travels with it.
        assert result["band"][3] > 2 * 50 + 40, result
        # Red of the logo's M is on the page's screen above the header.
        reds = page.evaluate("""() => {
            const c = document.querySelector('#screen');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0;
            for (let i = 0; i < d.length; i += 4) if (d[i] > 150 && d[i + 1] < 60 && d[i + 2] < 60) n += 1;
            return n;
        }""")
        assert reds > 50, reds
        page.context.close()
        assert errors == []
    finally:
        running.stop()
        shutil.rmtree(folder, ignore_errors=True)


# The actions a designer reaches for while looking at the phone, by their boxes on screen.
ACTIONS = ["begin", "end", "no-more", "reset", "pin-a", "download-gif", "download-apng", "download-sheet",
           "copy-command", "copy-swift", "copy-json", "save-scene", "copy-app-swift", "copy-app-objc", "download-assets"]


def test_at_1440_every_action_and_the_phone_are_above_the_fold(browser, server):
    page, errors = open_page(browser, server, viewport={"width": 1440, "height": 900})
    for name in ["phone", "still"] + ACTIONS:
        box = page.locator("#" + name).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 900, (name, box)
        assert box["x"] + box["width"] <= 1440, (name, box)
    page.context.close()
    assert errors == []


def test_at_390_the_refresh_actions_are_in_reach_of_the_phone(browser, server):
    page, errors = open_page(browser, server, viewport={"width": 390, "height": 844})
    phone = page.locator("#phone").bounding_box()
    assert phone["y"] + phone["height"] <= 844 and phone["x"] >= 0 and phone["x"] + phone["width"] <= 390, phone
    for name in ["begin", "end", "no-more", "reset"]:
        box = page.locator("#" + name).bounding_box()
        assert box["y"] >= phone["y"] + phone["height"] and box["y"] + box["height"] <= 844, (name, box)
    # A drag still moves the control by points, whatever the phone's size on screen.
    pull_and_release(page)
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    page.context.close()
    assert errors == []

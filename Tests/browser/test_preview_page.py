"""The preview page in a real browser (Debian's Chromium, driven by Playwright): dragging,
the panel, dropping a file, copying a command, the keyboard, and a file changed on disk."""
import base64
import os
import pathlib
import shlex
import subprocess

from conftest import BINARY, ROOT, render, wait_js


def still_bytes(page):
    """The bytes of the still picture the page shows."""
    encoded = page.evaluate(
        """async () => {
            const bytes = new Uint8Array(await window.previewStill.blob.arrayBuffer());
            let text = '';
            for (const b of bytes) text += String.fromCharCode(b);
            return btoa(text);
        }""")
    return base64.b64decode(encoded)


def wait_for_still(page, query_part):
    wait_js(page, "(part) => (document.querySelector('#still').dataset.query || '').includes(part)", query_part)


def state_log(page):
    return page.locator("#state-log li").all_inner_texts()


def drag(page, distance, steps=25, start=120):
    box = page.locator("#phone").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + start
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, steps + 1):
        page.mouse.move(x, y + distance * i / steps)
        page.wait_for_timeout(20)
    page.wait_for_timeout(250)
    return x, y + distance


def test_dragging_past_the_threshold_refreshes_and_ends(page, server):
    assert page.locator("#state").inner_text() == "idle"
    drag(page, 260)
    wait_js(page, "document.querySelector('#state').textContent === 'pulling'")
    page.mouse.up()
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    page.click("#end")
    wait_js(page, "document.querySelector('#state').textContent === 'idle'")
    assert state_log(page) == ["idle", "pulling", "refreshing", "idle"]
    # The picture on the phone is the renderer's: the canvas holds a frame of the scroll view.
    size = page.evaluate("[document.querySelector('#screen').width, document.querySelector('#screen').height]")
    assert size[0] >= 375 and size[1] >= 667


def test_a_back_footer_is_pulled_up(page):
    page.select_option("#f-kind", "back-footer")
    page.select_option("#f-style", "normal")
    wait_js(page, "document.querySelector('#state').textContent === 'idle'")
    # From near the phone's bottom (it is as tall as the window leaves room for).
    drag(page, -300, start=page.locator("#phone").bounding_box()["height"] - 60)
    wait_js(page, "document.querySelector('#state').textContent === 'pulling'")
    page.mouse.up()
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    page.click("#no-more")
    wait_js(page, "document.querySelector('#state').textContent === 'no-more-data'")
    assert state_log(page)[-4:] == ["idle", "pulling", "refreshing", "no-more-data"]


def test_a_short_pull_springs_back_without_refreshing(page):
    drag(page, 40)
    page.mouse.up()
    page.wait_for_timeout(800)
    assert "refreshing" not in state_log(page)
    assert page.locator("#state").inner_text() == "idle"


def test_the_percent_slider_draws_the_command_lines_bytes(page, server):
    page.fill("#f-percent", "0.7")
    page.locator("#f-percent").dispatch_event("input")
    page.select_option("#f-state", "idle")
    wait_for_still(page, "percent=0.7")
    expected = render(["--images", "refreshing=spin.gif", "--state", "idle", "--percent", "0.7"], server.folder)
    assert still_bytes(page) == expected
    slider = page.locator("#f-percent-range")
    slider.fill("1.3")
    wait_for_still(page, "percent=1.3")
    expected = render(["--images", "refreshing=spin.gif", "--state", "idle", "--percent", "1.3"], server.folder)
    assert still_bytes(page) == expected


def drop_file(page, state, path):
    data = base64.b64encode(pathlib.Path(path).read_bytes()).decode()
    page.evaluate(
        """([state, name, data]) => {
            const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], name, { type: 'image/gif' }));
            const target = document.querySelector('#drop-' + state);
            target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true }));
            target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
        }""",
        [state, pathlib.Path(path).name, data])


def test_dropping_a_gif_then_copying_the_command_reproduces_the_picture(page, server, tmp_path):
    drop_file(page, "idle", ROOT / "Fixtures/demo/pull.gif")
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Using pull.gif for idle'))")
    assert page.locator("#f-images-idle").input_value().startswith("upload:")
    page.select_option("#f-state", "idle")
    page.fill("#f-percent", "0.45")
    page.locator("#f-percent").dispatch_event("input")
    wait_for_still(page, "percent=0.45")
    shown = still_bytes(page)
    # The linter's findings for the dropped file show beside its state.
    page.wait_for_selector("#drop-idle .finding")
    page.click("#copy-command")
    wait_js(page, "document.querySelector('#copied').dataset.kind === 'command'")
    command = page.locator("#copied").inner_text()
    assert "--images idle=pull.gif" in command and "--percent 0.45" in command
    # Run it as a user would: in a folder holding their files.
    for name in ("pull.gif", "spin.gif"):
        (tmp_path / name).write_bytes((ROOT / "Fixtures/demo" / name).read_bytes())
    words = shlex.split(command)
    assert words[0] == "refresh-render"
    subprocess.run([BINARY, *words[1:]], cwd=tmp_path, check=True)
    assert (tmp_path / "refresh.png").read_bytes() == shown


def test_copy_swift_and_json_give_texts(page):
    page.click("#copy-swift")
    wait_js(page, "document.querySelector('#copied').dataset.kind === 'swift'")
    assert "try control.makeScene()" in page.locator("#copied").inner_text()
    page.click("#copy-json")
    wait_js(page, "document.querySelector('#copied').dataset.kind === 'json'")
    assert '"name": "preview"' in page.locator("#copied").inner_text()


def test_the_panel_works_from_the_keyboard(page, server):
    # Tab from the page's start to the state select, and choose with the arrow keys.
    page.locator("body").focus()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "f-style":
            break
    assert page.evaluate("document.activeElement.id") == "f-style"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # normal
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "f-state"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # pulling
    wait_for_still(page, "state=pulling")
    query = page.evaluate("document.querySelector('#still').dataset.query")
    assert "style=normal" in query
    # The images the server started with are the GIF style's: the Normal header is drawn without them.
    expected = render(["--style", "normal", "--state", "pulling"], server.folder)
    assert still_bytes(page) == expected
    # The phone too: hold the down arrow to pull, Enter to let go.
    page.locator("#phone").focus()
    for _ in range(14):
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(30)
    wait_js(page, "document.querySelector('#state').textContent === 'pulling'")
    page.keyboard.press("Enter")
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")


def test_a_gif_of_the_last_gesture_downloads(page):
    drag(page, 300)
    page.mouse.up()
    wait_js(page, "document.querySelector('#state').textContent === 'refreshing'")
    with page.expect_download() as info:
        page.click("#download-gif")
    path = info.value.path()
    assert pathlib.Path(path).read_bytes()[:6] == b"GIF89a"


def test_a_file_changed_on_disk_redraws_the_page(page, server):
    page.select_option("#f-state", "refreshing")
    wait_for_still(page, "state=refreshing")
    before = still_bytes(page)
    target = pathlib.Path(server.folder) / "spin.gif"
    target.write_bytes((ROOT / "Fixtures/demo/pull.gif").read_bytes())
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('A file changed on disk'))")
    # The notice stays long enough to be read, not replaced at once by "Ready".
    page.wait_for_timeout(1000)
    assert page.locator("#status").inner_text().startswith("A file changed on disk")
    after = still_bytes(page)
    for _ in range(200):  # the redraw follows the event: wait for the new picture
        if after != before:
            break
        page.wait_for_timeout(50)
        after = still_bytes(page)
    assert after != before
    assert after == render(["--images", "refreshing=spin.gif", "--state", "refreshing"], server.folder)


def test_screenshot_for_the_readme(page):
    """Takes the README's picture of the page mid-pull (kept only when UPDATE_SCREENSHOT=1)."""
    page.select_option("#f-style", "normal")
    drag(page, 260)
    wait_js(page, "document.querySelector('#state').textContent === 'pulling'")
    if os.environ.get("UPDATE_SCREENSHOT") == "1":
        page.screenshot(path=str(ROOT / "docs/preview.png"))
    page.mouse.up()


def drop_files(page, state, paths):
    """Drops several files at once on a state's drop target, as a Finder selection would."""
    files = [[pathlib.Path(p).name, base64.b64encode(pathlib.Path(p).read_bytes()).decode()] for p in paths]
    page.evaluate(
        """([state, files]) => {
            const transfer = new DataTransfer();
            for (const [name, data] of files) {
                const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
                transfer.items.add(new File([bytes], name, { type: 'image/png' }));
            }
            const target = document.querySelector('#drop-' + state);
            target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true }));
            target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
        }""",
        [state, files])


def test_a_dropped_png_sequence_is_named_by_its_files_and_the_command_runs(page, server, tmp_path):
    frames = []
    for index, colour in enumerate(["#FF3B30", "#34C759", "#007AFF"]):
        path = tmp_path / f"arc_{index:02d}@2x.png"
        subprocess.run([BINARY, "--style", "state", "--hide-labels", "--control-color", colour, "--width", "30", "--height", "30", "--kind", "header", "-o", str(path)], check=True)
        frames.append(path)
    drop_files(page, "refreshing", frames)
    wait_js(page, "(window.previewMessages || []).some((m) => m.includes('arc_00@2x.png'))")
    page.select_option("#f-state", "refreshing")
    wait_for_still(page, "state=refreshing")
    shown = still_bytes(page)
    page.click("#copy-command")
    wait_js(page, "document.querySelector('#copied').dataset.kind === 'command'")
    command = page.locator("#copied").inner_text()
    assert "refreshing=arc_00@2x.png,arc_01@2x.png,arc_02@2x.png" in command, command
    assert "-frames" not in command
    words = shlex.split(command)
    subprocess.run([BINARY, *words[1:]], cwd=tmp_path, check=True)
    assert (tmp_path / "refresh.png").read_bytes() == shown


def test_copy_app_code_and_download_the_assets(page, server, tmp_path):
    import zipfile

    page.click("#copy-app-swift")
    wait_js(page, "document.querySelector('#copied').dataset.kind === 'app-swift'")
    swift = page.locator("#copied").inner_text()
    assert "func installRefreshHeader(on scrollView: UIScrollView" in swift and "refresh_refreshing_000" in swift
    page.click("#copy-app-objc")
    wait_js(page, "document.querySelector('#copied').dataset.kind === 'app-objc'")
    assert "headerWithRefreshingBlock:refreshing" in page.locator("#copied").inner_text()
    archives = []
    for _ in range(2):
        with page.expect_download() as info:
            page.click("#download-assets")
        path = tmp_path / f"export-{len(archives)}.zip"
        info.value.save_as(path)
        archives.append(path.read_bytes())
    assert archives[0] == archives[1]
    with zipfile.ZipFile(tmp_path / "export-0.zip") as archive:
        assert archive.testzip() is None
        names = archive.namelist()
        assert "Refresh.xcassets/Contents.json" in names and "RefreshSetup.swift" in names
        assert "Refresh.xcassets/refresh_refreshing_000.imageset/refresh_refreshing_000@3x.png" in names
        # The code in the archive is the code the page copied.
        assert archive.read("RefreshSetup.swift").decode().strip() == swift.strip()


def test_an_upload_refused_keeps_its_reason_at_its_drop_zone(page, server, tmp_path):
    """A broken PNG's refusal, and a file over the size limit (refused before it is sent), stay
    at the state's drop zone naming the file, until the user acts; the limits are said there."""
    limits = page.locator("#drop-idle .limits").inner_text()
    assert "MB a file" in limits and "500 PNG frames" in limits, limits
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    drop_file(page, "idle", broken)
    wait_js(page, "document.querySelector('#upload-error-idle').textContent !== ''")
    page.wait_for_timeout(1500)
    reason = page.locator("#upload-error-idle").inner_text()
    assert reason.startswith("broken.png") and "/" not in reason.split(":", 1)[0], reason
    assert "refused" in page.locator("#drop-idle").get_attribute("class")
    # Too large: said at once, nothing sent.
    sent = []
    page.on("request", lambda request: sent.append(request.url) if "/assets" in request.url else None)
    big = page.evaluate("page.session.uploadLimits.fileBytes") + 1
    page.evaluate(
        """(size) => {
            const transfer = new DataTransfer();
            transfer.items.add(new File([new Uint8Array(size)], 'huge.gif', { type: 'image/gif' }));
            document.querySelector('#drop-refreshing').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
        }""", big)
    wait_js(page, "document.querySelector('#upload-error-refreshing').textContent !== ''")
    assert page.locator("#upload-error-refreshing").inner_text().startswith("huge.gif: ")
    assert sent == []
    # The idle one is still said; choosing a file from the menu clears it.
    assert page.locator("#upload-error-idle").inner_text() == reason
    page.select_option("#f-images-idle", "")
    assert page.locator("#upload-error-idle").inner_text() == ""

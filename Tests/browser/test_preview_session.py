"""The page's session in its address: values typed survive a reload and open the same in a new
browser context on the same address; "New session" goes back to the server's settings. Dropped
files are kept in the browser's storage: a reload after the server restarted sends them again."""
import subprocess

from conftest import BINARY, ROOT, Server, wait_js
from test_preview_page import drop_file, still_bytes, wait_for_still
from test_preview_phone import open_page


def ready(page):
    wait_js(page, "document.querySelector('#status').textContent === 'Ready'")


def type_value(page, field, value):
    page.fill(f"#f-{field}", value)
    page.locator(f"#f-{field}").dispatch_event("input")


def with_dropped(page, state, percent, path):
    """The panel at `state` and `percent`, with `path` dropped for that state's images."""
    page.select_option("#f-state", state)
    type_value(page, "percent", percent)
    drop_file(page, state, path)
    wait_js(page, f"(window.previewMessages || []).some((m) => m.startsWith('Using {path.name}'))")
    wait_for_still(page, "upload")


def start_again(port, folder):
    """A new server on `port` (a restart: it holds no uploads)."""
    again = subprocess.Popen([BINARY, "preview", "--port", str(port), "--images", "refreshing=spin.gif"], cwd=folder,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert again.stdout.readline().strip().rstrip("/").endswith(f":{port}")
    return again


def test_a_reload_and_a_new_context_keep_the_session(browser, server):
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    type_value(page, "height", "80")
    # A file dropped for Pulling's images.
    with_dropped(page, "pulling", "0.6", ROOT / "Fixtures/demo/spin.gif")
    wait_for_still(page, "height=80")
    wait_for_still(page, "percent=0.6")
    shown = still_bytes(page)
    address = page.url
    assert "state=pulling" in address and "percent=0.6" in address and "height=80" in address, address

    page.reload()
    ready(page)
    wait_for_still(page, "height=80")
    assert page.input_value("#f-height") == "80" and page.input_value("#f-state") == "pulling"
    assert page.input_value("#f-percent") == "0.6"
    dropped = page.locator("#f-images-pulling option:checked").inner_text()
    assert dropped == "spin.gif (dropped)", dropped
    assert still_bytes(page) == shown

    # A new context (no storage, no history) on the same address: the same picture.
    other, other_errors = open_page(browser, type("At", (), {"url": address})(), viewport={"width": 1400, "height": 900})
    wait_for_still(other, "height=80")
    assert still_bytes(other) == shown
    other.context.close()

    # New session: the server's settings, and an address without the page's.
    # The click forgets the kept files, then loads the bare address: wait for that load, as the
    # old page still says "Ready" until it goes.
    with page.expect_navigation():
        page.click("#new-session")
    ready(page)
    assert "height=80" not in page.url, page.url
    assert page.input_value("#f-height") == ""
    page.context.close()
    assert errors == [] and other_errors == []


def test_an_address_keeps_what_still_applies_and_names_what_does_not(browser, server):
    page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
    page.goto(server.url + "?height=nonsense&percent=0.6")
    wait_js(page, "document.querySelector('#status').textContent.includes('no longer applies: height')")
    assert page.input_value("#f-height") == ""
    assert page.input_value("#f-percent") == "0.6"
    page.context.close()
    assert errors == []


def test_one_missing_upload_leaves_out_only_itself(browser, server):
    """An older address opened where its dropped files never were (another profile, a restarted
    server): the layers that still draw, the height, the style and the pull stay; only the
    missing images are named, the state's field marked, and a file dropped there again is used."""
    layers = ('[{"kind":"label","name":"title","x":0,"y":4,"width":"w","height":16,"text":"Hello"},'
              '{"kind":"shape","name":"dot","shape":"oval","x":10,"y":10,"width":20,"height":20,"fillColor":"#FF8000"},'
              '{"kind":"image","name":"logo","image":"upload:97","x":40,"y":10}]')
    from urllib.parse import urlencode
    address = server.url + "?" + urlencode([("height", "80"), ("language", "zh-Hans"), ("percent", "0.4"),
                                            ("images", "idle=upload:98"), ("layers", layers)])
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(address)
    wait_js(page, "document.querySelector('#status').textContent.includes('drop it again')")
    status = page.locator("#status").inner_text()
    assert "images idle" in status and "layers.logo.image" in status, status
    assert "no longer apply here" not in status
    assert page.input_value("#f-height") == "80" and page.input_value("#f-language") == "zh-Hans"
    assert page.input_value("#f-percent") == "0.4"
    # The two layers that still draw stay, in the page's address again; the image layer that
    # lost its image is named.
    wait_js(page, "location.search.includes('dot')")
    assert "title" in page.url and "dot" in page.url, page.url
    assert "layers.logo" in status, status
    assert page.get_attribute("#f-images-idle", "aria-invalid") == "true"
    # Dropped again in place: used, and the mark goes.
    drop_file(page, "idle", ROOT / "Fixtures/demo/pull.gif")
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Using pull.gif'))")
    wait_js(page, "document.querySelector('#f-images-idle').getAttribute('aria-invalid') !== 'true'")
    page.context.close()
    assert errors == []


def test_dropped_files_outlive_a_server_restart_and_a_reload(browser, demo_folder):
    """The server restarted (it forgets its uploads) and the tab is reloaded: the files the
    address names come from the browser's storage, are sent again, and the picture is the same."""
    server = Server(demo_folder, "--images", "refreshing=spin.gif")
    again = None
    try:
        page, errors = open_page(browser, server, viewport={"width": 1400, "height": 900})
        with_dropped(page, "idle", "0.5", ROOT / "Fixtures/demo/pull.gif")
        wait_for_still(page, "percent=0.5")
        shown = still_bytes(page)
        assert "upload" in page.url, page.url
        port = server.port
        server.stop()
        again = start_again(port, demo_folder)
        page.reload()
        ready(page)
        wait_js(page, "(window.previewMessages || []).some((m) => m.includes('this page keeps to the server again'))")
        messages = page.evaluate("window.previewMessages")
        assert not any("no longer apply" in m for m in messages), messages[-12:]
        dropped = page.locator("#f-images-idle option:checked").inner_text()
        assert dropped == "pull.gif (dropped)", dropped
        assert page.input_value("#f-percent") == "0.5"
        wait_for_still(page, "upload")
        assert still_bytes(page) == shown

        # New session forgets the kept files: after another restart the address no longer applies.
        with page.expect_navigation():
            page.click("#new-session")
        ready(page)
        again.terminate()
        again.wait(timeout=10)
        again = start_again(port, demo_folder)
        kept = page.evaluate("""new Promise((done) => {
            const open = indexedDB.open("refresh-preview", 1);
            open.onsuccess = () => {
                const read = open.result.transaction("dropped").objectStore("dropped").count();
                read.onsuccess = () => done(read.result);
            };
        })""")
        assert kept == 0
        page.context.close()
        assert errors == []
    finally:
        server.stop()
        if again is not None:
            again.terminate()
            again.wait(timeout=10)

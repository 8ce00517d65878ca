"""Errors where they happen: a refused value marks its field and greys the stale pictures; a
stopped server is said once, the frame counter stops, and the page reconnects when it returns."""
import subprocess

from conftest import BINARY, wait_js


def test_a_refused_value_marks_its_field_and_greys_the_stale_picture(page):
    page.fill("#f-stateLabelFont", "huge")
    page.locator("#f-stateLabelFont").dispatch_event("input")
    wait_js(page, "document.querySelector('#f-stateLabelFont').getAttribute('aria-invalid') === 'true'")
    note = page.locator("#error-stateLabelFont").inner_text()
    assert note.startswith("expected SIZE") and "--" not in note.split(",")[0]
    assert page.evaluate("document.querySelector('#f-stateLabelFont').getAttribute('aria-describedby')") == "error-stateLabelFont"
    assert page.evaluate("document.querySelector('#still-panel').classList.contains('stale')")
    assert page.evaluate("document.querySelector('#device').classList.contains('stale')")
    # The status line names the setting in words, not its flag.
    status = page.locator("#status").inner_text()
    assert status.startswith("State label font: expected SIZE"), status
    # A good value draws again and clears every mark.
    page.fill("#f-stateLabelFont", "bold 16")
    page.locator("#f-stateLabelFont").dispatch_event("input")
    wait_js(page, "!document.querySelector('#still-panel').classList.contains('stale')")
    assert page.evaluate("document.querySelectorAll('[aria-invalid], .field-error').length") == 0


def test_a_stopped_server_is_said_and_the_page_reconnects(browser, server, demo_folder):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(server.url)
    wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
    port = server.port
    server.stop()
    page.fill("#f-width", "360")
    page.locator("#f-width").dispatch_event("input")
    wait_js(page, "document.querySelector('#status').textContent.startsWith('Connection lost')")
    assert page.locator("#fps").inner_text() == "0"
    assert "Failed to fetch" not in " ".join(page.evaluate("window.previewMessages"))
    # The server comes back on the same port: the page says so and draws again.
    again = subprocess.Popen([BINARY, "preview", "--port", str(port), "--images", "refreshing=spin.gif"], cwd=demo_folder,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_js(page, "(window.previewMessages || []).includes('Reconnected')", timeout=20)
        wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
    finally:
        again.terminate()
        again.wait(timeout=10)
        context.close()


def test_a_stopped_server_is_said_at_once_without_an_edit(browser, server):
    """The page is quiet at rest, yet learns of the end from its held event stream: the
    server stopped with nothing typed, the page says so within seconds, then asks whether it
    is back with backoff (a few times in ten seconds, not ten)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(server.url)
    wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
    page.wait_for_timeout(3000)  # at rest: the live loop has stopped asking
    asked = []
    page.on("request", lambda request: asked.append(request.url) if request.url.endswith("/healthz") else None)
    server.stop()
    try:
        wait_js(page, "document.querySelector('#status').textContent.startsWith('Connection lost')", timeout=5)
        # Then it asks again with backoff, not every second: 0.5, 1, 2, 4, 5 s apart.
        page.wait_for_timeout(10000)
        assert 3 <= len(asked) <= 6, asked
    finally:
        context.close()

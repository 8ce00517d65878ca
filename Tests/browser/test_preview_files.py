"""Every setting that names a file, from the page: a menu of the files it takes, a drop zone
that uploads and checks what is dropped, and uploads that outlive a restart of the server."""
import shutil
import subprocess

from conftest import BINARY, ROOT, wait_js
from test_preview_page import drop_file, still_bytes, wait_for_still

SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"


def options(page, selector):
    return page.evaluate("(s) => Array.from(document.querySelector(s).options).map((o) => o.value)", selector)


def refused_at(page, key):
    wait_js(page, "(k) => document.querySelector('#upload-error-' + k).textContent !== ''", key)
    return page.locator(f"#upload-error-{key}").inner_text()


def test_each_file_setting_offers_only_what_it_takes(page):
    # The server was started with a GIF: a picture for the arrow, never a font or strings.
    assert options(page, "#f-font") == [""]
    assert options(page, "#f-i18nBundle") == [""]
    assert options(page, "#f-arrowImage") == ["", "spin.gif"]
    assert options(page, "#f-images-idle") == ["", "spin.gif"]
    # Each drop zone says what it takes, and its picker asks the system for just those.
    assert "font file" in page.locator("#drop-setting-font").inner_text()
    assert page.locator("#file-setting-font").get_attribute("accept") == ".ttf,.otf,.ttc"
    assert page.locator("#file-setting-i18nBundle").get_attribute("accept") == ".strings,.xcstrings"
    assert page.locator("#file-setting-arrowImage").get_attribute("accept") == ".png,.gif"


def test_a_font_and_strings_dropped_on_the_page_draw_the_control(page, server, tmp_path):
    before = still_bytes(page)
    font = tmp_path / "Serif.ttf"
    shutil.copy(SERIF, font)
    drop_file(page, "setting-font", font)
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Using Serif.ttf for font'))")
    assert page.locator("#f-font").input_value().startswith("upload:")
    wait_for_still(page, "font=upload")
    with_font = still_bytes(page)
    assert with_font != before
    strings = tmp_path / "App.strings"
    strings.write_text('"MJRefreshHeaderIdleText" = "Pull, designer";\n"MJRefreshHeaderPullingText" = "Let go";\n')
    drop_file(page, "setting-i18nBundle", strings)
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Using App.strings for i18nBundle'))")
    wait_for_still(page, "i18nBundle=upload")
    assert still_bytes(page) not in (before, with_font)
    # The copied command names the files as dropped, as the app team keeps them.
    page.click("#copy-command")
    wait_js(page, "document.querySelector('#copied').dataset.kind === 'command'")
    command = page.locator("#copied").inner_text()
    assert "--font Serif.ttf" in command and "--i18n-bundle App.strings" in command, command


def test_a_wrong_or_broken_file_is_refused_where_it_was_dropped(page, tmp_path):
    drop_file(page, "setting-font", ROOT / "Fixtures/demo/pull.gif")
    reason = refused_at(page, "setting-font")
    assert reason.startswith("pull.gif: not a font file"), reason
    assert "refused" in page.locator("#drop-setting-font").get_attribute("class")
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"not a font at all" * 10)
    drop_file(page, "setting-font", broken)
    wait_js(page, "document.querySelector('#upload-error-setting-font').textContent.startsWith('broken.ttf')")
    reason = page.locator("#upload-error-setting-font").inner_text()
    assert "FreeType" in reason and "/" not in reason, reason
    half = tmp_path / "half.strings"
    half.write_text('"MJRefreshHeaderIdleText" = ')
    drop_file(page, "setting-i18nBundle", half)
    reason = refused_at(page, "setting-i18nBundle")
    assert reason.startswith("half.strings") and "line 1" in reason, reason
    # Nothing was taken: the menus still say none.
    assert page.locator("#f-font").input_value() == ""
    assert page.locator("#f-i18nBundle").input_value() == ""


def test_uploads_are_sent_again_when_the_server_restarts(page, server, demo_folder, tmp_path):
    font = tmp_path / "Serif.ttf"
    shutil.copy(SERIF, font)
    drop_file(page, "idle", ROOT / "Fixtures/demo/pull.gif")
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Using pull.gif for idle'))")
    drop_file(page, "setting-font", font)
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Using Serif.ttf for font'))")
    page.select_option("#f-state", "idle")
    wait_for_still(page, "state=idle")
    shown = still_bytes(page)
    port = server.port
    server.stop()
    page.fill("#f-width", "360")
    page.locator("#f-width").dispatch_event("input")
    wait_js(page, "document.querySelector('#status').textContent.startsWith('Connection lost')")
    again = subprocess.Popen([BINARY, "preview", "--port", str(port), "--images", "refreshing=spin.gif"], cwd=demo_folder,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_js(page, "(window.previewMessages || []).some((m) => m.includes('sent the 2 dropped files again'))", timeout=20)
        wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
        assert page.locator("#f-images-idle").input_value().startswith("upload:")
        assert page.locator("#f-font").input_value().startswith("upload:")
        messages = page.evaluate("window.previewMessages")
        assert not any("no upload" in m for m in messages), messages[-12:]
        # The same picture as before the restart, at the width typed meanwhile.
        page.fill("#f-width", "")
        page.locator("#f-width").dispatch_event("input")
        wait_js(page, "!(document.querySelector('#still').dataset.query || '').includes('width=')")
        wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
        assert still_bytes(page) == shown
    finally:
        again.terminate()
        again.wait(timeout=10)


def test_a_trailer_title_that_is_a_string_key_is_said_where_titles_are_typed(page):
    """MJRefresh ships no English trailer titles: a phone shows the key, and so does the
    picture. The page says so at the trailer's titles, as the library's doing, not ours."""
    page.select_option("#f-kind", "trailer")
    wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
    wait_js(page, "document.querySelectorAll('.field[data-name=\"titles\"] .finding').length === 2")
    said = page.locator(".field[data-name='titles'] .finding").all_inner_texts()
    assert all("MJRefreshTrailer" in text and "not a drawing error" in text for text in said), said
    page.fill("#f-titles-idle", "More")
    page.fill("#f-titles-pulling", "Let go")
    page.locator("#f-titles-pulling").dispatch_event("input")
    wait_js(page, "document.querySelectorAll('.field[data-name=\"titles\"] .finding').length === 0")


def test_long_file_names_and_lists_stay_inside_their_boxes(page, tmp_path):
    """Forty PNG frames with long names dropped on a state: the drop zone, the menu and the
    asset check wrap inside the panel; the page never scrolls sideways."""
    frame = (ROOT / "Fixtures/png/rgba8.png").read_bytes()
    import base64
    data = base64.b64encode(frame).decode()
    page.evaluate(
        """(data) => {
            const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
            const transfer = new DataTransfer();
            for (let i = 0; i < 40; i += 1) {
                const name = `refresh_animation_designer_export_final_v12_${String(i).padStart(3, '0')}.png`;
                transfer.items.add(new File([bytes], name, { type: 'image/png' }));
            }
            document.querySelector('#drop-idle').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
        }""", data)
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Using refresh_animation'))", timeout=30)
    wait_js(page, "document.querySelector('#findings li') !== null")
    page.wait_for_timeout(500)
    overflowing = page.evaluate("""Array.from(document.querySelectorAll('.drop, #findings, #findings li, .field'))
        .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.id || e.className)""")
    assert overflowing == [], overflowing
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

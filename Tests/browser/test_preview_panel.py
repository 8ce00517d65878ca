"""The panel as designers read it: settings in words (flags only in the copied command), defaults shown,
colour pickers with alpha, a language menu, folding sections, findings only for what is drawn."""
import re

from conftest import wait_js


def test_settings_read_as_words_with_their_defaults(page):
    label = page.locator("label[for='f-hideTimeLabel']")
    assert label.inner_text() == "Hide time label"
    help_text = page.locator(".field[data-name='arrowColor'] .help").text_content()
    assert "Default: #808080." in help_text
    # No setting's label or help speaks of flags or the command line's STATE=VALUE notation:
    # another setting is named in words ("Image scale" → “Artwork scale”).
    texts = page.evaluate("Array.from(document.querySelectorAll('#panel .field')).map((r) => [r.dataset.name, r.textContent])")
    assert len(texts) == page.evaluate("page.schema.fields.length")
    for name, text in texts:
        assert not re.search(r"--[a-z]", text) and "STATE=" not in text, (name, text)
    assert "“Text color”" in page.locator(".field[data-name='stateLabelColor'] .help").text_content()
    # The copied command keeps the flags.
    page.click("#copy-command")
    wait_js(page, "document.querySelector('#copied').dataset.kind === 'command'")
    assert page.locator("#copied").inner_text().startswith("refresh-render ")


def test_a_colour_is_picked_with_its_alpha_and_drawn(page):
    page.locator("#panel details[data-group='look'] summary").click()
    row = page.locator(".field[data-name='controlColor']")
    picker, alpha = row.locator("input[type=color]"), row.locator("input[type=range]")
    picker.evaluate("(p) => { p.value = '#ff3b30'; p.dispatchEvent(new Event('input', { bubbles: true })); }")
    assert page.input_value("#f-controlColor") == "#FF3B30"
    alpha.fill("128")
    assert page.input_value("#f-controlColor") == "#FF3B3080"
    wait_js(page, "(document.querySelector('#still').dataset.query || '').includes('controlColor=%23FF3B3080')")
    # Typed text moves the picker and the slider.
    page.fill("#f-controlColor", "#007AFF")
    assert picker.input_value() == "#007aff" and alpha.input_value() == "255"


def test_the_language_is_a_menu_of_the_six(page):
    page.locator("#panel details[data-group='labels']").evaluate("(d) => { d.open = true; }")
    options = page.locator("#f-language option").all_inner_texts()
    assert options[0].startswith("(default") and options[1:] == ["en", "zh-Hans", "zh-Hant", "ko", "ru", "uk"]
    page.select_option("#f-language", "ko")
    wait_js(page, "(document.querySelector('#still').dataset.query || '').includes('language=ko')")


def test_sections_fold(page):
    sections = page.locator("#panel details.section")
    groups = [sections.nth(i).get_attribute("data-group") for i in range(sections.count())]
    assert groups[:3] == ["control", "images", "labels"] and "limits" in groups
    limits = page.locator("#panel details[data-group='limits']")
    assert limits.get_attribute("open") is None
    limits.locator("summary").click()
    assert limits.get_attribute("open") is not None
    assert page.locator("#f-maxPixels").is_visible()


def test_findings_only_for_what_is_drawn(page):
    """The Normal style has no images: the panel hides their settings, the images the server
    was started with are left out of what is drawn, and nothing is said about them."""
    page.select_option("#f-style", "normal")
    wait_js(page, "document.querySelector('.field[data-name=\"images\"]').hidden")
    wait_js(page, "[...document.querySelectorAll('#findings li')].some((li) => li.textContent.startsWith('No findings'))")
    assert page.locator("#findings li").count() == 1
    # A setting the Normal header has stays offered.
    assert page.locator('.field[data-name="arrowImage"]').is_visible()


def test_nothing_leaves_the_panel_on_a_phone(browser, server):
    """At 390×844 and 320×568 every control of the panel, every section open, lies inside the
    panel and the window: nothing scrolls sideways (the number beside a slider, colour fields
    and help text once left a 390-px panel)."""
    for width, height in ((390, 844), (320, 568)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(server.url)
        wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
        page.evaluate("document.querySelectorAll('#panel details').forEach((d) => { d.open = true; })")
        boxes = page.evaluate("""(() => {
            const panel = document.querySelector('#panel');
            const edge = panel.getBoundingClientRect().left + panel.clientWidth;
            const out = [];
            for (const el of panel.querySelectorAll('input, select, button, label, .help, .drop')) {
                const r = el.getBoundingClientRect();
                if (r.width > 0 && (r.right > edge + 0.5 || r.left < -0.5)) out.push(el.id || el.className || el.tagName);
            }
            return [out, panel.scrollWidth - panel.clientWidth, document.documentElement.scrollWidth - innerWidth];
        })()""")
        outside, panel_overflow, page_overflow = boxes
        assert outside == [], (width, outside)
        assert panel_overflow <= 0 and page_overflow <= 0, (width, panel_overflow, page_overflow)
        context.close()

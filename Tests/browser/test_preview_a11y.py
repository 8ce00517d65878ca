"""The page in light and dark: axe-core (axe-playwright-python, which bundles it) finds nothing
serious or critical, every text has 4.5:1 contrast, and the phone's bezel stands out."""
import pytest

from conftest import wait_js


def assert_no_serious_findings(page):
    """axe-core (WCAG 2.1 A and AA) over the page as it is: nothing serious or critical, and
    every text's contrast judged (none left undetermined), so none can hide below 4.5:1."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa"]},
                                       "resultTypes": ["violations", "incomplete"]})
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
           if v["impact"] in ("serious", "critical")]
    assert bad == [], bad
    undetermined = [n["target"] for v in results.response["incomplete"] if v["id"] == "color-contrast" for n in v["nodes"]]
    assert undetermined == [], undetermined[:5]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_findings(browser, server, scheme):
    # Tall enough that nothing is scrolled out of view: axe cannot judge the contrast of text
    # a scrolling panel hides, and would leave it "incomplete".
    context = browser.new_context(viewport={"width": 1440, "height": 16000}, color_scheme=scheme)
    page = context.new_page()
    page.goto(server.url)
    wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
    # Open every section, and show an error and a finding, so their texts are checked too.
    page.evaluate("document.querySelectorAll('#panel details').forEach((d) => { d.open = true; })")
    page.fill("#f-stateLabelFont", "huge")
    page.locator("#f-stateLabelFont").dispatch_event("input")
    wait_js(page, "document.querySelector('.field-error') !== null")
    assert_no_serious_findings(page)
    # The bezel differs from the page behind it.
    colours = page.evaluate("""[getComputedStyle(document.querySelector('#phone')).borderTopColor,
                                getComputedStyle(document.body).backgroundColor]""")
    assert colours[0] != colours[1], colours
    context.close()

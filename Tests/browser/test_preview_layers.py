"""The panel's Layers section in a real browser: the layers of `preview --scene` listed as
cards, added, reordered, removed, set per state, refused where typed, a picture dropped on one,
and the scene file the page saves drawing on the command line what the page shows."""
import json
from pathlib import Path
import shutil
import tempfile

import pytest

from conftest import BINARY, ROOT, Server, wait_js
from test_preview_page import drop_file, still_bytes, wait_for_still
from test_preview_phone import open_page


@pytest.fixture
def layer_server():
    folder = tempfile.mkdtemp(prefix="refresh-preview-layers-")
    for name in ("MJDIYHeader.json", "Logo@2x.png"):
        shutil.copy(ROOT / "examples/layers" / name, folder)
    running = Server(folder, "--scene", "MJDIYHeader.json")
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def names(page):
    return page.eval_on_selector_all("#layers .layer-name", "inputs => inputs.map((i) => i.value)")


def card(page, name):
    index = names(page).index(name)
    return page.locator(f'#layers .layer[data-index="{index}"]')


def sent_layers(page):
    """The layers the still picture on screen was drawn with."""
    return page.evaluate("""() => {
        const pairs = new URLSearchParams(window.previewStill.query);
        return JSON.parse(pairs.get('layers'));
    }""")


def settle(page):
    """Until the still shows the panel's current layers and nothing is refused."""
    wait_js(page, """(() => window.previewStill && new URLSearchParams(window.previewStill.query).get('layers')
        === new URLSearchParams(window.query(window.liveSettings())).get('layers'))()""")
    wait_js(page, "document.querySelector('#status').textContent === 'Ready'")


def test_the_panel_edits_the_layers_and_the_saved_scene_draws_the_still(browser, layer_server, tmp_path):
    page, errors = open_page(browser, layer_server, viewport={"width": 1400, "height": 900})
    assert names(page) == ["label", "s", "logo", "loading"]
    assert page.locator("#layers-section").get_attribute("open") is not None
    page.select_option("#f-state", "pulling")
    page.fill("#f-percent", "0.6")
    page.locator("#f-percent").dispatch_event("input")
    wait_for_still(page, "percent=0.6")
    before = still_bytes(page)

    # Add: a shape, drawn where its card says.
    page.select_option("#layer-kind", "shape")
    page.click("#add-layer")
    assert names(page) == ["label", "s", "logo", "loading", "shape1"]
    settle(page)
    added = still_bytes(page)
    assert added != before
    assert sent_layers(page)[-1]["shape"] == "oval"

    # Reorder: the shape moves up one, the order sent is the cards'.
    card(page, "shape1").locator(".move-up").click()
    assert names(page) == ["label", "s", "logo", "shape1", "loading"]
    settle(page)
    assert [layer["name"] for layer in sent_layers(page)] == names(page)

    # Remove: the switch goes, and with it its knob.
    card(page, "s").locator(".remove-layer").click()
    assert names(page) == ["label", "logo", "shape1", "loading"]
    settle(page)
    assert "s" not in [layer["name"] for layer in sent_layers(page)]

    # Per state: the label's pulling text, typed in its own box.
    card(page, "label").locator('.layer-property[data-property="text"] input[data-part="pulling"]').fill("Let go now")
    settle(page)
    assert sent_layers(page)[0]["text"]["pulling"] == "Let go now"

    # A property added, then made to vary by state: the shape hides while refreshing.
    card(page, "shape1").locator(".add-property").select_option("hidden")
    settle(page)
    row = card(page, "shape1").locator('.layer-property[data-property="hidden"]')
    row.locator(".mode").select_option("state")
    row = card(page, "shape1").locator('.layer-property[data-property="hidden"]')
    row.locator('select[data-part="refreshing"]').select_option("true")
    row.locator('select[data-part="default"]').select_option("false")
    settle(page)
    assert sent_layers(page)[2]["hidden"] == {"refreshing": True, "default": False}

    # A bad expression is refused where it was typed, and the picture before it greyed.
    centre = card(page, "shape1").locator('.layer-property[data-property="centerX"] input[data-part=""]')
    centre.fill("w * (")
    wait_js(page, "document.querySelector('#status').classList.contains('error')")
    # Said in a designer's words: the layer's name and the property's title.
    assert page.locator("#status").inner_text().startswith("Layer shape1, Center X: ")
    assert card(page, "shape1").locator('.layer-property[data-property="centerX"] .label').inner_text() == "Center X"
    wait_js(page, "document.querySelector('#findings').textContent.startsWith('Layer shape1, Center X: ')")
    assert centre.get_attribute("aria-invalid") == "true"
    assert "character" in card(page, "shape1").locator(".field-error").inner_text()
    centre.fill("w - 60")
    settle(page)
    assert centre.get_attribute("aria-invalid") is None
    shown = still_bytes(page)

    # The scene file the page saves, beside the user's files, draws the same bytes alone: it
    # holds the moment on screen and names the files from the served folder, no server path.
    with page.expect_download() as saved:
        page.click("#save-scene")
    path = tmp_path / "scene.json"
    saved.value.save_as(path)
    text = path.read_text()
    scene = json.loads(text)
    assert [layer["name"] for layer in scene["layers"]] == ["label", "logo", "shape1", "loading"]
    assert scene["state"] == "pulling" and scene["percent"] == 0.6
    assert scene["layers"][1]["image"] == "Logo@2x.png" and layer_server.folder not in text
    shutil.copy(Path(layer_server.folder) / "Logo@2x.png", tmp_path)
    import subprocess
    out = tmp_path / "out.png"
    subprocess.run([BINARY, "--scene", "scene.json", "-o", str(out)], check=True, cwd=tmp_path)
    assert out.read_bytes() == shown
    page.context.close()
    assert errors == []


def test_a_picture_dropped_on_a_layer_is_drawn_and_saved_by_its_name(browser, layer_server, tmp_path):
    page, errors = open_page(browser, layer_server, viewport={"width": 1400, "height": 900})
    page.select_option("#f-state", "pulling")
    page.fill("#f-percent", "2")
    page.locator("#f-percent").dispatch_event("input")
    wait_for_still(page, "percent=2")
    # Brought inside the control (a still is cut at its bounds), 40 pt high.
    card(page, "logo").locator('.layer-property[data-property="centerY"] input[data-part=""]').fill("h * 0.5")
    card(page, "logo").locator('.layer-property[data-property="height"] input[data-part=""]').fill("40")
    settle(page)
    with_logo = still_bytes(page)
    # Another picture for the logo: the demo's GIF, dropped on the logo's image.
    select = card(page, "logo").locator('.layer-property[data-property="image"] select[data-part]')
    drop_id = select.get_attribute("id")
    drop_file(page, drop_id, ROOT / "Fixtures/demo/pull.gif")
    wait_js(page, "(window.previewMessages || []).some((m) => m.startsWith('Using pull.gif'))")
    assert select.input_value().startswith("upload:")
    settle(page)
    assert still_bytes(page) != with_logo
    assert sent_layers(page)[2]["image"].startswith("upload:")
    # Moved, the card keeps the dropped file, named as it was dropped.
    card(page, "logo").locator(".move-up").click()
    settle(page)
    select = card(page, "logo").locator('.layer-property[data-property="image"] select[data-part]')
    assert select.locator("option:checked").inner_text() == "pull.gif (dropped)"
    with page.expect_download() as saved:
        page.click("#save-scene")
    saved.value.save_as(tmp_path / "scene.json")
    assert json.loads((tmp_path / "scene.json").read_text())["layers"][1]["image"] == "pull.gif"
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_layer_cards_have_no_serious_accessibility_findings(browser, layer_server, scheme):
    """axe-core over the panel with MJDIYHeader's cards open and a layer's error shown: nothing
    serious or critical, and every text's contrast judged."""
    from test_preview_a11y import assert_no_serious_findings

    context = browser.new_context(viewport={"width": 1440, "height": 16000}, color_scheme=scheme)
    page = context.new_page()
    page.goto(layer_server.url)
    wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
    page.evaluate("document.querySelectorAll('#panel details').forEach((d) => { d.open = true; })")
    card(page, "loading").locator('.layer-property[data-property="centerX"] input[data-part=""]').fill("w * (")
    wait_js(page, "document.querySelector('#layers .field-error') !== null")
    assert_no_serious_findings(page)
    context.close()


def test_an_edited_layer_survives_a_reload(browser, layer_server):
    page, errors = open_page(browser, layer_server, viewport={"width": 1400, "height": 900})
    page.select_option("#f-state", "pulling")
    wait_for_still(page, "state=pulling")
    centre = card(page, "logo").locator('.layer-property[data-property="centerX"] input[data-part=""]')
    centre.fill("w * 0.25")
    wait_for_still(page, "0.25")
    shown = still_bytes(page)
    page.reload()
    wait_js(page, "document.querySelector('#status').textContent === 'Ready'")
    wait_for_still(page, "0.25")
    centre = card(page, "logo").locator('.layer-property[data-property="centerX"] input[data-part=""]')
    assert centre.input_value() == "w * 0.25"
    assert still_bytes(page) == shown
    page.context.close()
    assert errors == []


def outline_box(page):
    wait_js(page, "!document.querySelector('#layer-outline').hidden")
    return page.locator("#layer-outline").bounding_box()


def test_a_chosen_layer_is_outlined_on_the_still_and_dragged_there(browser, layer_server):
    """Choosing a card outlines its layer's frame on the still picture, where the server placed
    it; dragging the outline moves the layer, written as an offset from the nearest edge or
    centre, and the picture and the outline follow."""
    page, errors = open_page(browser, layer_server, viewport={"width": 1400, "height": 900})
    # A new shape starts centred: w * 0.5, h * 0.5.
    page.select_option("#layer-kind", "shape")
    page.click("#add-layer")
    settle(page)
    shape = names(page)[-1]
    card(page, shape).locator(".layer-name").click()
    wait_js(page, f"document.querySelector('#layer-outline').dataset.layer === '{shape}'")
    picture = page.locator("#still").bounding_box()
    placed = page.evaluate("""async () => {
        const r = await fetch('/layers.json?' + document.querySelector('#still').dataset.query);
        return r.json();
    }""")
    frame = next(layer for layer in placed["layers"] if layer["name"] == shape)
    per_pixel = picture["width"] / placed["width"]
    box = outline_box(page)
    # The outline is the layer's frame on the picture, to within a pixel.
    for got, want in [(box["x"], picture["x"] + frame["x"] * per_pixel), (box["y"], picture["y"] + frame["y"] * per_pixel),
                      (box["width"], frame["width"] * per_pixel), (box["height"], frame["height"] * per_pixel)]:
        assert abs(got - want) <= 1.01, (box, frame, picture)
    before = still_bytes(page)

    # Dragged 30 points right and 5 down: still nearest the centre across, and the top edge down.
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 15 * per_pixel, start[1] + 2 * per_pixel, steps=4)
    page.mouse.move(start[0] + 30 * per_pixel, start[1] + 5 * per_pixel, steps=4)
    page.mouse.up()
    settle(page)
    layer = next(layer for layer in sent_layers(page) if layer["name"] == shape)
    assert layer.get("centerX") == "w * 0.5 + 30", layer
    assert "x" not in layer
    top = frame["y"] + 5
    nearest_top = min(abs(top), abs(top + frame["height"] / 2 - placed["height"] / 2), abs(placed["height"] - top - frame["height"]))
    if nearest_top == abs(top):
        assert layer.get("y") == round(top) and "centerY" not in layer, layer
    else:
        assert layer.get("centerY") or layer.get("y"), layer
    assert page.input_value(f'#layers .layer[data-index="{names(page).index(shape)}"] .layer-property[data-property="centerX"] [data-part]') == "w * 0.5 + 30"
    assert still_bytes(page) != before
    moved = outline_box(page)
    wait_js(page, "(() => { const o = document.querySelector('#layer-outline'); return !o.classList.contains('dragging'); })()")
    moved = outline_box(page)
    assert abs(moved["x"] - (box["x"] + 30 * per_pixel)) <= 1.01, (moved, box)

    # Dragged to the right edge: written from that edge.
    box = moved
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(picture["x"] + picture["width"] - box["width"] / 2 - 4 * per_pixel, box["y"] + box["height"] / 2, steps=6)
    page.mouse.up()
    settle(page)
    layer = next(layer for layer in sent_layers(page) if layer["name"] == shape)
    assert str(layer.get("x", "")).startswith("w - "), layer
    assert "centerX" not in layer

    # A position that varies by state is the card's to change: said, and nothing moves.
    shape_card = card(page, shape)
    y_key = "y" if "y" in layer else "centerY"
    shape_card.locator(f'.layer-property[data-property="{y_key}"] .mode').select_option("state")
    settle(page)
    card(page, shape).locator(".layer-name").click()
    box = outline_box(page)
    held = next(layer for layer in sent_layers(page) if layer["name"] == shape)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 + 6 * per_pixel, steps=4)
    page.mouse.up()
    wait_js(page, "document.querySelector('#status').textContent.includes('varies by state')")
    said = page.locator("#status").inner_text()
    assert said.startswith(f"Layer {shape}, "), said
    assert next(layer for layer in sent_layers(page) if layer["name"] == shape) == held
    page.context.close()
    assert errors == [], errors

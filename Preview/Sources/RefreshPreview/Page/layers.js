// The control's own layers (docs/layers.md), edited in the panel: a card a layer in drawing
// order, each listing the properties given, with a value fixed, per state or by pull. Add,
// remove and reorder layers and properties. Everything a card offers comes from the schema's
// layer declarations (`layerKinds`, `layerFields`); the cards are the one copy of the layers,
// read into a scene file's `layers` array whenever a request is made (`layersPair`).

import { emit, layersTouched, schema, session, touchLayers, uploads } from "./state.js";
import { $, el } from "./dom.js";
import { colourControl, dropZone, fileMenu } from "./controls.js";
"use strict";

// The layer chosen for moving on the still picture (its name), the card last clicked or typed in.
let selected = null;

// The modes a value may take, in the menu's words.
const modes = { fixed: "Fixed", state: "Per state", pull: "By pull" };
// What a new layer starts with, beside a unique name and a centre in the middle of the
// control: a size where its kind has none of its own, and what makes it show (null: the
// property's declared example).
const starters = {
  label: { width: "w", height: "h", text: null },
  image: { width: "h", height: "h" },
  shape: { width: "h * 0.6", height: "h * 0.6", shape: "oval", fillColor: null },
};

function fieldNamed(name) {
  return schema().layerFields.find((f) => f.name === name);
}

function fieldsOf(kind) {
  return schema().layerFields.filter((f) => f.kinds.includes(kind));
}

// The keys a per-state value takes (the schema's: the states, then `default` for the rest).
function stateKeys() {
  return schema().layerStates;
}

// The layers as a scene file holds them, read from the cards.
function currentLayers() {
  const out = [];
  for (const card of document.querySelectorAll("#layers .layer")) {
    const layer = { kind: card.dataset.kind, name: card.querySelector(".layer-name").value.trim() };
    for (const row of card.querySelectorAll(".layer-property")) {
      const field = fieldNamed(row.dataset.property);
      const entries = [];
      for (const input of row.querySelectorAll("[data-part]")) {
        const value = read(field, input);
        if (value !== undefined) entries.push([input.dataset.part, value]);
      }
      if (row.dataset.mode === "fixed") {
        if (entries.length) layer[field.name] = entries[0][1];
      } else if (row.dataset.mode === "pull") {
        // Both ends or neither: half a range is no value.
        if (entries.length === 2) layer[field.name] = Object.fromEntries(entries);
      } else if (entries.length) {
        layer[field.name] = Object.fromEntries(entries);
      }
    }
    out.push(layer);
  }
  return out;
}

// One input's value as JSON: a number when it reads as one (an expression stays text), a
// flag from its menu; nothing when left empty.
function read(field, input) {
  const text = input.type === "checkbox" ? String(input.checked) : input.value.trim();
  if (text === "") return undefined;
  if (field.type === "flag") return text === "true";
  if (field.type === "number" && /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(text)) return Number(text);
  return text;
}

// The `layers` pair a request carries: sent once the server started with layers or the panel
// touched them, so that a scene without any asks for the server's own (none).
export function layersPair() {
  if (!layersTouched() && !session().layers.length) return [];
  return [["layers", JSON.stringify(currentLayers())]];
}

// The Layers section: the cards, and a line to add a layer of any kind.
export function buildLayers(form) {
  const section = el("details", { class: "section", "data-group": "layers", id: "layers-section" }, el("summary", { text: "Layers (your own control)" }));
  section.open = session().layers.length > 0;
  const list = el("div", { id: "layers", role: "list", "aria-label": "Layers, drawn in this order" });
  const kind = el("select", { id: "layer-kind", "aria-label": "Kind of the new layer" });
  for (const name of schema().layerKinds) kind.append(el("option", { value: name, text: name }));
  const add = el("button", { type: "button", id: "add-layer", text: "Add layer" });
  add.addEventListener("click", () => {
    const layers = currentLayers();
    layers.push(newLayer(kind.value, layers));
    update(layers, layers.length - 1);
  });
  section.append(
    el("p", { class: "help", text: "Subviews of your own, drawn in this order over what the class draws. A number may be an expression of w, h, pullingPercent and t." }),
    list, el("div", { class: "pair add-layer" }, kind, add));
  form.append(section);
  showLayers(session().layers);
}

function newLayer(kind, layers) {
  let n = 1;
  while (layers.some((l) => l.name === `${kind}${n}`)) n += 1;
  const layer = { kind, name: `${kind}${n}`, centerX: "w * 0.5", centerY: "h * 0.5" };
  for (const [name, value] of Object.entries(starters[kind] || {})) {
    const field = fieldNamed(name);
    if (field) layer[name] = value === null ? exampleValue(field) : value;
  }
  // An image starts with the first picture the server was started with, if any.
  const file = kind === "image" && session().files.find((f) => imageFile(f));
  if (file) layer.image = file;
  return layer;
}

function exampleValue(field) {
  const value = JSON.parse(field.example);
  // A per-state or by-pull example starts the property as one value: its first.
  return value !== null && typeof value === "object" ? Object.values(value)[0] : value;
}

// A file a picture may be: one the image property takes (its declared extensions).
function imageFile(name) {
  return fieldNamed("image").files.extensions.includes(name.toLowerCase().split(".").pop());
}

// Draws `layers` again and asks for new pictures; `focus` names the card to focus.
function update(layers, focus = -1) {
  touchLayers();
  showLayers(layers);
  if (focus >= 0) document.querySelectorAll("#layers .layer .layer-name")[focus]?.focus();
  emit("changed");
}

function showLayers(layers) {
  const list = $("layers");
  list.replaceChildren(...layers.map((layer, index) => card(layer, index, layers)));
  emit("layer");
}

// Another library: the cards are drawn again from what they hold.
export function layersLibraryChanged() {
  if ($("layers")) showLayers(currentLayers());
}

function card(layer, index, layers) {
  const id = `layer-${index}`;
  const name = el("input", { id: `${id}-name`, class: "layer-name", type: "text", spellcheck: "false", "aria-label": `Layer ${index + 1} name` });
  name.value = layer.name || "";
  const moveUp = el("button", { type: "button", class: "move-up", text: "Up", "aria-label": `Move ${layer.name} up` });
  const moveDown = el("button", { type: "button", class: "move-down", text: "Down", "aria-label": `Move ${layer.name} down` });
  const remove = el("button", { type: "button", class: "remove-layer", text: "Remove", "aria-label": `Remove ${layer.name}` });
  moveUp.disabled = index === 0;
  moveDown.disabled = index === layers.length - 1;
  const box = el("div", { class: "layer", role: "listitem", "data-kind": layer.kind, "data-index": String(index) },
                 el("div", { class: "layer-head" }, el("span", { class: "layer-kind", text: layer.kind }), name, moveUp, moveDown, remove));
  const swap = (a, b) => {
    const now = currentLayers();
    [now[a], now[b]] = [now[b], now[a]];
    update(now, b);
  };
  moveUp.addEventListener("click", () => swap(index, index - 1));
  moveDown.addEventListener("click", () => swap(index, index + 1));
  remove.addEventListener("click", () => {
    const now = currentLayers();
    now.splice(index, 1);
    update(now);
  });
  const given = fieldsOf(layer.kind).filter((f) => layer[f.name] !== undefined);
  for (const field of given) box.append(propertyRow(field, layer[field.name], index, layer));
  // The properties not given yet, to add one (it starts at its declared example).
  const missing = fieldsOf(layer.kind).filter((f) => layer[f.name] === undefined);
  if (missing.length) {
    const adder = el("select", { class: "add-property", "aria-label": `Add a property to ${layer.name}` });
    adder.append(el("option", { value: "", text: "Add a property…" }));
    for (const field of missing) adder.append(el("option", { value: field.name, text: field.title, title: field.help }));
    adder.addEventListener("change", () => {
      if (!adder.value) return;
      const now = currentLayers();
      now[index][adder.value] = exampleValue(fieldNamed(adder.value));
      update(now);
      document.querySelector(`#layers .layer[data-index="${index}"] .layer-property[data-property="${adder.value}"] [data-part]`)?.focus();
    });
    box.append(adder);
  }
  // A value typed or chosen; the property and mode menus redraw the cards themselves.
  const edited = (event) => {
    if (event.target.classList.contains("add-property") || event.target.classList.contains("mode")) return;
    touchLayers();
    emit("changed");
  };
  box.addEventListener("input", edited);
  box.addEventListener("change", edited);
  // A card clicked or typed in chooses its layer: its frame is outlined on the still picture,
  // where it may be dragged.
  box.classList.toggle("selected", layer.name === selected);
  box.addEventListener("focusin", () => select(name.value.trim()));
  box.addEventListener("pointerdown", () => select(name.value.trim()));
  return box;
}

function select(name) {
  if (name === selected) return;
  selected = name;
  for (const card of document.querySelectorAll("#layers .layer")) {
    card.classList.toggle("selected", card.querySelector(".layer-name").value.trim() === name);
  }
  emit("layer");
}

/** The layer chosen for moving on the still picture, if it is still there. */
export function selectedLayer() {
  return selected && currentLayers().some((l) => l.name === selected) ? selected : null;
}

// Where a dragged layer goes, written as a designer thinks of it: as an offset from the edge
// or the centre it is nearest to, on each axis. `frame` is where the server placed it, `size`
// the control's, in points; `dx`, `dy` how far it was dragged. Returns what was written, or the
// reason nothing was.
export function moveLayer(name, frame, size, dx, dy) {
  const layers = currentLayers();
  const layer = layers.find((l) => l.name === name);
  if (!layer) return { error: `Layer ${name} is gone` };
  const axes = [
    { start: "x", center: "centerX", side: "w", from: frame.x + dx, length: frame.width, whole: size.width, moved: dx },
    { start: "y", center: "centerY", side: "h", from: frame.y + dy, length: frame.height, whole: size.height, moved: dy },
  ];
  // A position that varies (per state, by pull) is the card's to change: a drag would flatten it.
  for (const axis of axes) {
    for (const key of [axis.start, axis.center]) {
      if (axis.moved && layer[key] !== null && typeof layer[key] === "object") {
        return { error: `${layerWords(name, key)} varies ${"from" in layer[key] ? "with the pull" : "by state"}: change it in the card` };
      }
    }
  }
  const written = [];
  for (const axis of axes) {
    if (!axis.moved) continue;
    const near = Math.abs(axis.from);
    const middle = axis.from + axis.length / 2 - axis.whole / 2;
    const far = axis.whole - axis.from;
    const nearest = Math.min(near, Math.abs(middle), Math.abs(far - axis.length));
    delete layer[axis.start];
    delete layer[axis.center];
    if (nearest === Math.abs(middle)) {
      const offset = Math.round(middle);
      layer[axis.center] = offset === 0 ? `${axis.side} * 0.5` : `${axis.side} * 0.5 ${offset < 0 ? "-" : "+"} ${Math.abs(offset)}`;
      written.push([axis.center, layer[axis.center]]);
    } else if (nearest === near) {
      layer[axis.start] = Math.round(axis.from);
      written.push([axis.start, layer[axis.start]]);
    } else {
      layer[axis.start] = `${axis.side} - ${Math.round(far)}`;
      written.push([axis.start, layer[axis.start]]);
    }
  }
  update(layers);
  return { written: written.map(([key, value]) => `${fieldNamed(key)?.title || key} = ${value}`) };
}

function modeOf(value) {
  if (value === null || typeof value !== "object") return "fixed";
  return Object.keys(value).length === 2 && "from" in value && "to" in value ? "pull" : "state";
}

function propertyRow(field, value, index, layer) {
  const mode = modeOf(value);
  const rowId = `layer-${index}-${field.name}`;
  const row = el("div", { class: "layer-property", "data-property": field.name, "data-mode": mode, title: field.help });
  const label = el("span", { class: "label", id: `${rowId}-label`, text: field.title });
  const values = el("div", { class: "values", role: "group", "aria-labelledby": `${rowId}-label` });
  if (mode === "fixed") {
    values.append(input(field, value, `${rowId}-value`, "", field.name, layer));
  } else {
    const keys = mode === "pull" ? ["from", "to"] : stateKeys();
    for (const key of keys) {
      const id = `${rowId}-${key}`;
      values.append(el("div", { class: "pair" }, el("label", { for: id, text: key }), input(field, value[key], id, key, `${field.name} ${key}`, layer)));
    }
  }
  const menu = el("select", { class: "mode", "aria-label": `${layer.name} ${field.name}: how it varies` });
  for (const [word, title] of Object.entries(modes)) {
    if ((word === "state" && !field.byState) || (word === "pull" && !field.byPull)) continue;
    menu.append(el("option", { value: word, text: title }));
  }
  menu.value = mode;
  menu.disabled = menu.options.length < 2;
  menu.addEventListener("change", () => {
    const now = currentLayers();
    const current = now[index][field.name];
    const first = current !== null && typeof current === "object" ? Object.values(current)[0] : current;
    const start = first === undefined ? exampleValue(field) : first;
    now[index][field.name] = menu.value === "fixed" ? start : menu.value === "pull" ? { from: start, to: start }
      : Object.fromEntries([["default", start]]);
    update(now);
  });
  const remove = el("button", { type: "button", class: "remove-property", text: "Remove", "aria-label": `Remove ${field.name} from ${layer.name}` });
  remove.addEventListener("click", () => {
    const now = currentLayers();
    delete now[index][field.name];
    update(now);
  });
  row.append(el("div", { class: "property-name" }, label, el("span", { class: "property-tools" }, menu, remove)), values);
  return row;
}

// One value's control, by the property's type; `key` is the state, `from`/`to`, or "" when fixed.
function input(field, value, id, key, title, layer) {
  const text = value === undefined || value === null ? "" : String(value);
  let control;
  if (field.type === "flag") {
    control = el("select", { id, "aria-label": `${layer.name} ${title}` });
    for (const word of ["", "true", "false"]) control.append(el("option", { value: word, text: word || "(not set)" }));
    control.value = text;
  } else if (field.type === "choice") {
    control = el("select", { id, "aria-label": `${layer.name} ${title}` });
    control.append(el("option", { value: "", text: "(not set)" }));
    for (const word of field.choices) control.append(el("option", { value: word, text: word }));
    control.value = text;
  } else if (field.type === "color") {
    const pair = colourControl(id, { title: `${layer.name} ${title}`, defaultText: "" }, text);
    pair.querySelector("input[type=text]").dataset.part = key;
    pair.querySelector("input[type=text]").setAttribute("aria-label", `${layer.name} ${title}`);
    return pair;
  } else if (field.type === "file") {
    // The files named at start that the property takes (its own declared types), and a drop
    // zone for one more: one picture, not a state's frames.
    const taken = { title, kind: "file", files: field.files };
    const select = fileMenu(id, taken, "(none)", text);
    select.setAttribute("aria-label", `${layer.name} ${title}`);
    select.dataset.part = key;
    // A dropped file is named as it was dropped.
    for (const option of select.querySelectorAll("option[value^='upload:']")) {
      const held = uploads().find((u) => u.reference === option.value);
      if (held) option.textContent = `${held.name} (dropped)`;
    }
    const target = { key: id, layer: `${layer.name}.${field.name}${key ? "." + key : ""}`, select: id };
    return el("div", { class: "file-pick" }, select, ...dropZone(target, taken, `${layer.name} ${title}`, select));
  } else {
    control = el("input", { id, type: "text", spellcheck: "false", "aria-label": `${layer.name} ${title}` });
    control.value = text;
    if (field.type === "font") control.placeholder = "bold 16";
  }
  control.dataset.part = key;
  return control;
}

// A refusal naming a layer (`$.layers.NAME.PROPERTY: reason`) is shown on its card: the
// property's inputs marked, the reason under them. True when the message was one.
export function markLayerError(text) {
  // A layer is named by its name, or by its place when the JSON could not be read that far.
  const match = text.match(/^\$\.layers(?:\[(\d+)\]|\.([A-Za-z0-9_]+))?(?:\.([A-Za-z]+))?:\s*(.*)$/);
  if (!match) return null;
  const [, index, given, property, reason] = match;
  const cards = Array.from(document.querySelectorAll("#layers .layer"));
  const card = index !== undefined ? cards[Number(index)] : cards.find((c) => c.querySelector(".layer-name").value.trim() === given);
  const name = card ? card.querySelector(".layer-name").value.trim() : given;
  const row = card && property ? card.querySelector(`.layer-property[data-property="${property}"]`) : null;
  const place = row || card;
  $("layers-section").open = true;
  if (place) {
    const id = `error-layer-${name}-${property || "layer"}`;
    const controls = row ? row.querySelectorAll(".values input, .values select") : card.querySelectorAll(".layer-name");
    for (const control of controls) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", id);
    }
    place.append(el("span", { class: "field-error", id, text: reason }));
  }
  return { text: `${layerWords(name, property)}: ${reason}`, reason };
}

// A layer and its property as a designer names them: "Layer shape1, Center X".
export function layerWords(name, property) {
  if (!name && !property) return "Layers";
  const field = property && schema().layerFields.find((f) => f.name === property);
  return `Layer ${name || ""}${property ? ", " + (field ? field.title : property) : ""}`;
}

// A message about a layer (`$.layers.shape1.centerX: …`) in those words; any other as it is.
export function layerMessage(text) {
  const match = text.match(/^\$\.layers\.([A-Za-z0-9_]+)(?:\.([A-Za-z]+))?:\s*(.*)$/s);
  return match ? `${layerWords(match[1], match[2])}: ${match[3]}` : text;
}

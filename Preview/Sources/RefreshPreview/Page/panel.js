// The panel, generated from the scene schema: a row a setting, in folding sections, and
// the settings as query pairs. A change is told to the page (`emit`), not to its readers.

import { emit, isLeftOut, on, schema, session, setAgain, setSetting, setting } from "./state.js";
import { $, el, inWords } from "./dom.js";
import { colourControl, dropZone, fileMenu } from "./controls.js";
"use strict";

// ---------- The panel, generated from the schema ----------

const sliders = { percent: [0, 2, 0.01], time: [0, 5, 0.01] };
// The panel's sections, in this order; each setting says which it belongs to.
const sections = { control: "Control", images: "Images", labels: "Labels", look: "Look", motion: "Motion", limits: "Limits" };

function baseTexts(name) {
  const setting = session().settings.find((s) => s.name === name);
  return setting ? setting.texts : [];
}

export function library() {
  return setting("library") || baseTexts("library")[0] || "mjrefresh";
}

function statesOf(lib) {
  return schema().libraries[lib].states;
}

// The panel: one folding section a group (control, images, labels, look, motion, limits);
// the first three open. `afterLabels` adds what follows the labels (the layers' section).
export function buildPanel(afterLabels) {
  const form = $("panel");
  form.replaceChildren();
  // The store follows every control: read before any row's own listener hears the change.
  if (!form.dataset.remembers) {
    form.dataset.remembers = "true";
    form.addEventListener("input", remember, true);
    form.addEventListener("change", remember, true);
  }
  for (const [group, title] of Object.entries(sections)) {
    const members = schema().fields.filter((f) => f.group === group);
    if (!members.length) continue;
    const set = el("details", { class: "section", "data-group": group }, el("summary", { text: title }));
    if (["control", "images", "labels"].includes(group)) set.open = true;
    form.append(set);
    for (const field of members) set.append(fieldRow(field));
    // The control's own layers follow its labels.
    if (group === "labels") afterLabels(form);
  }
  remember();
}

// What a setting's control shows: its text, "true" or "" for a flag, the states' "state=value"
// for a setting by state.
function shown(field, control) {
  if (field.kind === "byState") return currentByState(field);
  if (field.kind === "flag") return control.checked ? "true" : "";
  return control.value;
}

/** Writes what every control shows into the page's state, the one place the other modules
 * read a setting (`setting`); a change made in code (a menu refilled, a file dropped again)
 * is caught when the page hears "changed". */
function remember() {
  for (const field of schema().fields) {
    const control = $("f-" + field.name);
    setSetting(field.name, control ? shown(field, control) : undefined);
  }
}
on("changed", remember);

function fieldRow(field) {
  const id = "f-" + field.name;
  const row = el("div", { class: "field", "data-name": field.name });
  // The setting in words: its flag is for the copied command, not the panel.
  const label = el("label", { for: id }, el("span", { text: field.title }));
  const texts = baseTexts(field.name);
  let control;
  if (field.kind === "byState") {
    control = el("div", { id, class: "by-state", role: "group", "aria-label": field.title });
    row.append(el("span", { class: "label" }, el("span", { text: field.title })), control);
    fillByState(field, control, texts);
  } else {
    if (field.kind === "choice") {
      control = el("select", { id });
      control.append(el("option", { value: "", text: field.defaultText ? `(default: ${field.defaultText})` : "(default)" }));
      for (const word of field.choices) control.append(el("option", { value: word, text: word }));
      control.value = texts[0] || "";
    } else if (field.kind === "flag") {
      control = el("input", { id, type: "checkbox" });
      control.checked = texts[0] === "true";
    } else if (field.suggestions) {
      // A text setting with known values (the title languages): a menu.
      control = el("select", { id });
      control.append(el("option", { value: "", text: field.defaultText ? `(default: ${field.defaultText})` : "(default)" }));
      for (const word of field.suggestions) control.append(el("option", { value: word, text: word }));
      if (texts[0] && !field.suggestions.includes(texts[0])) control.append(el("option", { value: texts[0], text: texts[0] }));
      control.value = texts[0] || "";
    } else if (field.isColor) {
      control = colourControl(id, field, texts[0] || "");
    } else if (field.isFile) {
      // The files named at start that the setting takes, and a drop zone for one more.
      const select = fileMenu(id, field, "(none)", texts[0] || "");
      const target = { key: "setting-" + field.name, setting: field.name, select: id };
      control = el("div", { class: "file-pick" }, select, ...dropZone(target, field, field.title, select));
    } else if (field.name === "state") {
      control = el("select", { id });
      fillStates(control, texts[0] || "");
    } else if (sliders[field.name]) {
      const [min, max, step] = sliders[field.name];
      const range = el("input", { type: "range", min, max, step, id: id + "-range", "aria-label": field.name + " slider" });
      const number = el("input", { id, type: "number", step: "any", min: "0" });
      number.value = texts[0] || "";
      range.value = texts[0] || "0";
      range.addEventListener("input", () => { number.value = range.value; emit("changed"); });
      number.addEventListener("input", () => { if (number.value !== "") range.value = number.value; });
      control = el("span", { class: "pair" }, range, number);
    } else {
      const numeric = field.kind === "number" || field.kind === "integer";
      control = el("input", { id, type: numeric ? "number" : "text", step: field.kind === "integer" ? "1" : "any" });
      control.value = texts[0] || "";
      if (field.defaultText) control.placeholder = field.defaultText;
      else if (field.help.includes("#RRGGBB")) control.placeholder = "#RRGGBB";
    }
    row.append(label, control);
  }
  const defaultLine = field.kind === "flag" ? "" : field.defaultText ? ` Default: ${field.defaultText}.` : "";
  row.append(el("span", { class: "help", text: inWords(field.help) + defaultLine }));
  row.addEventListener("input", (event) => {
    if (event.target.id === "f-width") emit("resize");
    emit("changed");
  });
  row.addEventListener("change", (event) => {
    if (event.target.id === "f-library") libraryChanged();
    if (["f-library", "f-kind", "f-style"].includes(event.target.id)) showApplicable();
    // Another control: the gesture starts again from rest; another width resizes the view.
    if (["f-library", "f-kind"].includes(event.target.id)) emit("reset");
    if (event.target.id === "f-width") emit("resize");
    emit("changed");
  });
  return row;
}

function fillStates(select, value) {
  select.replaceChildren(el("option", { value: "", text: "(default)" }));
  for (const state of statesOf(library())) select.append(el("option", { value: state, text: state }));
  select.value = statesOf(library()).includes(value) ? value : "";
}

// A field whose file the page's address named but the server no longer has: marked invalid
// until a file is chosen or dropped there again.
function markLeftOut(control) {
  const id = control.id.replace(/^f-/, "");
  if (!isLeftOut(id)) return;
  control.setAttribute("aria-invalid", "true");
  control.dataset.leftOut = "true";
  const clear = () => {
    setAgain(id);
    control.removeAttribute("aria-invalid");
    delete control.dataset.leftOut;
  };
  control.addEventListener("change", clear, { once: true });
  control.addEventListener("input", clear, { once: true });
}

/** Marks the fields built already whose file the address named and the server lacks. */
export function markLeftOutFields() {
  for (const control of document.querySelectorAll("select[data-state]")) markLeftOut(control);
}

function fillByState(field, box, texts) {
  const given = Object.fromEntries(texts.map((t) => [t.slice(0, t.indexOf("=")), t.slice(t.indexOf("=") + 1)]));
  box.replaceChildren();
  for (const state of statesOf(library())) {
    const inputId = `f-${field.name}-${state}`;
    const line = el("div", { class: "pair" }, el("label", { for: inputId, text: state }));
    if (field.isFile) {
      const select = fileMenu(inputId, field, "(built-in)", given[state] || "");
      select.dataset.state = state;
      markLeftOut(select);
      line.append(select, ...dropZone({ key: state, setting: field.name, state, select: inputId }, field, state, select));
    } else {
      const input = el("input", { id: inputId, type: field.valueKind === "number" ? "number" : "text", step: "any", "data-state": state });
      input.value = given[state] || "";
      line.append(input);
    }
    box.append(line);
  }
}

export function libraryChanged() {
  fillStates($("f-state"), $("f-state").value);
  for (const field of schema().fields.filter((f) => f.kind === "byState")) {
    fillByState(field, $("f-" + field.name), currentByState(field));
  }
  const kind = $("f-kind");
  const kinds = schema().libraries[library()].kinds;
  for (const option of kind.options) option.disabled = option.value !== "" && !kinds.includes(option.value);
  if (kind.selectedOptions[0] && kind.selectedOptions[0].disabled) kind.value = "";
  remember();
  emit("library");
}

// The class the panel draws (library/kind/style, as the schema names classes): a setting
// whose declaration lacks it is hidden and left out of the request, never sent to be refused.
function currentClass() {
  const lib = library();
  const info = schema().libraries[lib];
  const kind = setting("kind") || baseTexts("kind")[0] || info.kinds[0];
  const styles = info.styles[kind] || [];
  const style = setting("style") || baseTexts("style")[0] || styles[0];
  return `${lib}/${kind}/${style}`;
}

export function applies(field) {
  const owned = !field.owner || field.owner === library();
  return owned && (!field.classes || field.classes.includes(currentClass()));
}

export function showApplicable() {
  for (const field of schema().fields) {
    const row = document.querySelector(`.field[data-name="${field.name}"]`);
    if (row) row.hidden = !applies(field);
  }
}

function currentByState(field) {
  const out = [];
  for (const input of $("f-" + field.name).querySelectorAll("[data-state]")) {
    if (input.type === "file" || input.classList.contains("drop")) continue;
    if (input.value !== "") out.push(`${input.dataset.state}=${input.value}`);
  }
  return out;
}

/** The setting `name`'s text in the page's state ("" when it has no control or is by state). */
export function settingValue(name) {
  const value = setting(name);
  return typeof value === "string" ? value : "";
}

// The panel's settings as query pairs (the names the command line and JSON files use), the
// layers left to scene.js.
export function fieldPairs({ dynamic = true } = {}) {
  const pairs = [];
  for (const field of schema().fields) {
    if (!dynamic && field.isMoment) continue;
    const value = setting(field.name);
    if (value === undefined || !applies(field)) continue;
    // A field emptied (or "(none)") where the server started with a value sends it empty: the
    // setting back at its default, not the server's value kept.
    const started = baseTexts(field.name);
    if (field.kind === "byState") {
      const given = value;
      for (const text of given) pairs.push([field.name, text]);
      for (const text of started) {
        const state = text.slice(0, text.indexOf("="));
        if (!given.some((t) => t.startsWith(state + "="))) pairs.push([field.name, state + "="]);
      }
    } else if (field.kind === "flag") {
      if (value === "true") pairs.push([field.name, "true"]);
      else if (started.length) pairs.push([field.name, "false"]);
    } else if (value !== "") {
      pairs.push([field.name, value]);
    } else if (started.length) {
      pairs.push([field.name, ""]);
    }
  }
  return pairs;
}

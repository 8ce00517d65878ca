// The panel, generated from the scene schema: a row a setting, in folding sections, and
// the settings as query pairs. Also the page's shared state (`page`) and its small helpers.

import { changed, megabytes, upload, uploadError } from "./still.js";
import { live } from "./phone.js";
import { buildLayers, layersLibraryChanged, layersPair } from "./layers.js";
"use strict";

export const $ = (id) => document.getElementById(id);
export const page = {
  schema: null,          // GET /schema.json
  session: null,         // GET /session.json
  uploads: {},           // drop zone key -> {reference, name, files, target}: what was dropped
  stillTimer: 0,
  lintTimer: 0,
};

// ---------- The panel, generated from the schema ----------

export const sliders = { percent: [0, 2, 0.01], time: [0, 5, 0.01] };
// The panel's sections, in this order; each setting says which it belongs to.
export const sections = { control: "Control", images: "Images", labels: "Labels", look: "Look", motion: "Motion", limits: "Limits" };

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// The panel speaks of the control, not the command line: a setting's --flag becomes its name
// in words and the command line's STATE=VALUE notation is left out (the copied command keeps
// both). Used for the settings' help and for every message the server sends the page.
export function inWords(text) {
  return text
    .replace(/\s*\((?:STATE=)?[A-Z]+\)/g, "")
    .replace(/STATE=/g, "")
    .replace(/--([a-z0-9-]+)(?: N\b)?/g, (whole, option) => {
      const field = page.schema && page.schema.fields.find((f) => f.option === option);
      return field ? `“${field.title}”` : whole;
    });
}

export function baseTexts(name) {
  const setting = page.session.settings.find((s) => s.name === name);
  return setting ? setting.texts : [];
}

export function library() {
  const select = $("f-library");
  return (select && select.value) || baseTexts("library")[0] || "mjrefresh";
}

export function statesOf(lib) {
  return page.schema.libraries[lib].states;
}

// The panel: one folding section a group (control, images, labels, look, motion, limits);
// the first three open.
export function buildPanel() {
  const form = $("panel");
  form.replaceChildren();
  for (const [group, title] of Object.entries(sections)) {
    const members = page.schema.fields.filter((f) => f.group === group);
    if (!members.length) continue;
    const set = el("details", { class: "section", "data-group": group }, el("summary", { text: title }));
    if (["control", "images", "labels"].includes(group)) set.open = true;
    form.append(set);
    for (const field of members) set.append(fieldRow(field));
    // The control's own layers follow its labels.
    if (group === "labels") buildLayers(form);
  }
}

// A colour field: a picker and an alpha slider beside the text (#RRGGBBAA), kept in step;
// the text is what is sent, so any colour the command line takes can be typed too.
export function colourControl(id, field, value) {
  const text = el("input", { id, type: "text", placeholder: field.defaultText || "#RRGGBBAA", spellcheck: "false" });
  text.value = value;
  const picker = el("input", { type: "color", "aria-label": `${field.title}: colour` });
  const alpha = el("input", { type: "range", min: "0", max: "255", step: "1", "aria-label": `${field.title}: opacity` });
  const show = () => {
    const hex = (text.value || field.defaultText || "").trim();
    const match = hex.match(/^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/);
    picker.value = match ? "#" + match[1].toLowerCase() : "#000000";
    alpha.value = match && match[2] ? String(parseInt(match[2], 16)) : "255";
  };
  const write = () => {
    const a = Number(alpha.value);
    text.value = picker.value.toUpperCase() + (a === 255 ? "" : a.toString(16).padStart(2, "0").toUpperCase());
    text.dispatchEvent(new Event("input", { bubbles: true }));
  };
  picker.addEventListener("input", write);
  alpha.addEventListener("input", write);
  text.addEventListener("input", (event) => { if (event.isTrusted) show(); });
  show();
  return el("span", { class: "pair colour" }, picker, alpha, text);
}

export function fieldRow(field) {
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
      range.addEventListener("input", () => { number.value = range.value; changed(); });
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
    if (event.target.id === "f-width") live.resize();
    changed();
  });
  row.addEventListener("change", (event) => {
    if (event.target.id === "f-library") libraryChanged();
    if (["f-library", "f-kind", "f-style"].includes(event.target.id)) showApplicable();
    // Another control: the gesture starts again from rest; another width resizes the view.
    if (["f-library", "f-kind"].includes(event.target.id)) live.reset();
    if (event.target.id === "f-width") live.resize();
    changed();
  });
  return row;
}

export function fillStates(select, value) {
  select.replaceChildren(el("option", { value: "", text: "(default)" }));
  for (const state of statesOf(library())) select.append(el("option", { value: state, text: state }));
  select.value = statesOf(library()).includes(value) ? value : "";
}

export function fillByState(field, box, texts) {
  const given = Object.fromEntries(texts.map((t) => [t.slice(0, t.indexOf("=")), t.slice(t.indexOf("=") + 1)]));
  box.replaceChildren();
  for (const state of statesOf(library())) {
    const inputId = `f-${field.name}-${state}`;
    const line = el("div", { class: "pair" }, el("label", { for: inputId, text: state }));
    if (field.isFile) {
      const select = fileMenu(inputId, field, "(built-in)", given[state] || "");
      select.dataset.state = state;
      line.append(select, ...dropZone({ key: state, setting: field.name, state, select: inputId }, field, state, select));
    } else {
      const input = el("input", { id: inputId, type: field.valueKind === "number" ? "number" : "text", step: "any", "data-state": state });
      input.value = given[state] || "";
      line.append(input);
    }
    box.append(line);
  }
}

// Whether a setting takes the file `name` (its declared extensions, or a folder's ending;
// a name without an extension is a folder, offered where folders of any name are taken).
export function offered(field, name) {
  const types = field.files;
  if (!types) return true;
  const last = name.split("/").pop().toLowerCase();
  const dot = last.lastIndexOf(".");
  if (dot <= 0) return types.folders.includes("");
  const ext = last.slice(dot + 1);
  return types.extensions.includes(ext) || types.folders.includes(ext);
}

// A menu of the files named at start that `field` takes.
export function fileMenu(id, field, none, value) {
  const select = el("select", { id });
  select.append(el("option", { value: "", text: none }));
  for (const file of page.session.files.filter((f) => offered(field, f))) select.append(el("option", { value: file, text: file }));
  if (value && !Array.from(select.options).some((o) => o.value === value)) select.append(el("option", { value, text: value }));
  select.value = value;
  return select;
}

// A drop zone and its hidden file picker for `target` ({key, setting, state?, select}): it
// says what the setting takes and the limits before anything is sent, and keeps an upload's
// refusal until the user drops or chooses again.
export function dropZone(target, field, what, select) {
  const types = field.files;
  const accept = types.extensions.map((e) => "." + e).join(",");
  const frames = types.extensions.includes("png") && field.kind === "byState";
  const picker = el("input", { type: "file", hidden: "", id: `file-${target.key}`, accept, "data-state": target.state || "" });
  if (frames) picker.multiple = true;
  const limits = page.session.uploadLimits;
  const drop = el("div", { class: "drop", tabindex: "0", role: "button", id: `drop-${target.key}`, "data-key": target.key,
                           "aria-label": `Drop or choose ${types.noun} for ${what}` },
                  el("span", { text: `Drop ${types.noun}` }),
                  el("span", { class: "limits", text: `up to ${megabytes(limits.fileBytes)} a file` + (frames ? `, ${limits.frames} PNG frames` : "") }),
                  el("span", { class: "upload-error", role: "alert", id: `upload-error-${target.key}` }));
  if (target.state) drop.dataset.state = target.state;
  drop.addEventListener("click", () => picker.click());
  drop.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); picker.click(); } });
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    upload(target, Array.from(e.dataTransfer.files));
  });
  picker.addEventListener("change", () => upload(target, Array.from(picker.files)));
  // Choosing another file from the menu clears the refusal.
  select.addEventListener("change", () => uploadError(target.key, ""));
  return [drop, picker];
}

export function libraryChanged() {
  fillStates($("f-state"), $("f-state").value);
  for (const field of page.schema.fields.filter((f) => f.kind === "byState")) {
    fillByState(field, $("f-" + field.name), currentByState(field));
  }
  layersLibraryChanged();
  const kind = $("f-kind");
  const kinds = page.schema.libraries[library()].kinds;
  for (const option of kind.options) option.disabled = option.value !== "" && !kinds.includes(option.value);
  if (kind.selectedOptions[0] && kind.selectedOptions[0].disabled) kind.value = "";
}

// The class the panel draws (library/kind/style, as the schema names classes): a setting
// whose declaration lacks it is hidden and left out of the request, never sent to be refused.
export function currentClass() {
  const lib = library();
  const info = page.schema.libraries[lib];
  const kind = ($("f-kind") && $("f-kind").value) || baseTexts("kind")[0] || info.kinds[0];
  const styles = info.styles[kind] || [];
  const style = ($("f-style") && $("f-style").value) || baseTexts("style")[0] || styles[0];
  return `${lib}/${kind}/${style}`;
}

export function applies(field) {
  const owned = !field.owner || field.owner === library();
  return owned && (!field.classes || field.classes.includes(currentClass()));
}

export function showApplicable() {
  for (const field of page.schema.fields) {
    const row = document.querySelector(`.field[data-name="${field.name}"]`);
    if (row) row.hidden = !applies(field);
  }
}

export function currentByState(field) {
  const out = [];
  for (const input of $("f-" + field.name).querySelectorAll("[data-state]")) {
    if (input.type === "file" || input.classList.contains("drop")) continue;
    if (input.value !== "") out.push(`${input.dataset.state}=${input.value}`);
  }
  return out;
}

// The settings as query pairs: the names the command line and JSON files use.
export function settings({ dynamic = true } = {}) {
  const pairs = [];
  for (const field of page.schema.fields) {
    if (!dynamic && field.isMoment) continue;
    const control = $("f-" + field.name);
    if (!control || !applies(field)) continue;
    if (field.kind === "byState") {
      for (const text of currentByState(field)) pairs.push([field.name, text]);
    } else if (field.kind === "flag") {
      if (control.checked) pairs.push([field.name, "true"]);
      else if (baseTexts(field.name).length) pairs.push([field.name, "false"]);
    } else if (control.value !== "") {
      pairs.push([field.name, control.value]);
    }
  }
  return pairs.concat(layersPair());
}

// The artwork's own scale when the panel leaves it unset: the scale a designer's unsuffixed
// files are drawn for, the command line's default render scale, whatever Scale says.
export function artworkScale() {
  return page.schema.fields.find((f) => f.name === "scale").defaultText;
}

// The settings the still picture, the copied command and the downloads use: the panel's, with
// the artwork scale written out when Scale is changed and it is not, so that a file without
// @2x/@3x keeps its size in points (on the command line it follows --scale).
export function sceneSettings({ dynamic = true } = {}) {
  const pairs = settings({ dynamic });
  const scale = pairs.find(([name]) => name === "scale");
  const artwork = page.schema.fields.find((f) => f.name === "imageScale");
  if (scale && scale[1] !== artworkScale() && applies(artwork) && !pairs.some(([name]) => name === "imageScale")) {
    pairs.push(["imageScale", artworkScale()]);
  }
  return pairs;
}

// The phone is drawn at the screen's pixel density (1 to 3), whatever the Scale setting (which
// is the exported pictures'): a 3x screen shows 3x pixels, a 1x screen does not pay for 2x.
// Only the resolution follows the screen: the artwork keeps its scale, so every size in points
// (the images, the control, its inset) is the scene's.
export function liveSettings() {
  const pairs = sceneSettings({ dynamic: false });
  const shown = Math.max(1, Math.min(3, Math.ceil(window.devicePixelRatio || 1)));
  const out = pairs.filter(([name]) => name !== "scale").concat([["scale", String(shown)]]);
  const artwork = page.schema.fields.find((f) => f.name === "imageScale");
  if (applies(artwork) && !out.some(([name]) => name === "imageScale")) out.push(["imageScale", artworkScale()]);
  return out;
}

export function query(pairs) {
  return new URLSearchParams(pairs).toString();
}

export function setStatus(text, isError = false, holdSeconds = 0) {
  // The last messages, for the tests: a status may be replaced before anyone reads it.
  window.previewMessages = (window.previewMessages || []).concat([text]).slice(-50);
  // A notice ("A file changed on disk") stays a few seconds before a routine "Ready" replaces it.
  clearTimeout(page.readyTimer);
  const held = (page.statusHeldUntil || 0) - performance.now();
  if (text === "Ready" && !isError && held > 0) {
    page.readyTimer = setTimeout(() => setStatus("Ready"), held);
    return;
  }
  page.statusHeldUntil = holdSeconds > 0 ? performance.now() + holdSeconds * 1000 : 0;
  $("status").textContent = text;
  $("status").classList.toggle("error", isError);
}

// The server's one line, without the program's name it shares with the command line.
export async function failure(response) {
  return (await response.text()).trim().replace(/^refresh-render: /, "");
}

// A message about one setting (`--images: …`), in the panel's words: the setting's name and
// the reason; the setting, for marking its field. Any other message, in words.
export function aboutSetting(text) {
  const match = text.match(/^--([a-z0-9-]+):\s*(.*)$/);
  const field = match && page.schema.fields.find((f) => f.option === match[1]);
  if (!field) return { field: null, text: inWords(text), reason: inWords(text) };
  const reason = inWords(match[2]);
  return { field, text: `${field.title}: ${reason}`, reason };
}

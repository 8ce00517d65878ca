// The preview page: a panel generated from the scene schema, a phone whose scroll view the
// mouse (or a finger, or the keyboard) drags, and the buttons that copy and download what is
// shown. Every picture is drawn by the server; this file only keeps the scroll view moving
// (rubber band, spring back to the control's inset) and records the gesture it sends.
"use strict";

const $ = (id) => document.getElementById(id);
const page = {
  schema: null,          // GET /schema.json
  session: null,         // GET /session.json
  uploads: {},           // state -> {reference, name}
  stillTimer: 0,
  lintTimer: 0,
};

// ---------- The panel, generated from the schema ----------

const sliders = { percent: [0, 2, 0.01], time: [0, 5, 0.01] };
// The panel's sections, in this order; each setting says which it belongs to.
const sections = { control: "Control", images: "Images", labels: "Labels", look: "Look", motion: "Motion", limits: "Limits" };

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function baseTexts(name) {
  const setting = page.session.settings.find((s) => s.name === name);
  return setting ? setting.texts : [];
}

function library() {
  const select = $("f-library");
  return (select && select.value) || baseTexts("library")[0] || "mjrefresh";
}

function statesOf(lib) {
  return page.schema.libraries[lib].states;
}

// The panel: one folding section a group (control, images, labels, look, motion, limits);
// the first three open.
function buildPanel() {
  const form = $("panel");
  form.replaceChildren();
  for (const [group, title] of Object.entries(sections)) {
    const members = page.schema.fields.filter((f) => f.group === group);
    if (!members.length) continue;
    const set = el("details", { class: "section", "data-group": group }, el("summary", { text: title }));
    if (["control", "images", "labels"].includes(group)) set.open = true;
    form.append(set);
    for (const field of members) set.append(fieldRow(field));
  }
}

// A colour field: a picker and an alpha slider beside the text (#RRGGBBAA), kept in step;
// the text is what is sent, so any colour the command line takes can be typed too.
function colourControl(id, field, value) {
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

function fieldRow(field) {
  const id = "f-" + field.name;
  const row = el("div", { class: "field", "data-name": field.name });
  // The setting in words; the flag, as the copied command writes it, beneath.
  const label = el("label", { for: id }, el("span", { text: field.title }), el("code", { class: "flag", text: "--" + field.option }));
  const texts = baseTexts(field.name);
  let control;
  if (field.kind === "byState") {
    control = el("div", { id, class: "by-state", role: "group", "aria-label": field.title });
    row.append(el("span", { class: "label" }, el("span", { text: field.title }), el("code", { class: "flag", text: "--" + field.option })), control);
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
      control = el("select", { id });
      control.append(el("option", { value: "", text: "(none)" }));
      for (const file of page.session.files) control.append(el("option", { value: file, text: file }));
      control.value = texts[0] || "";
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
  row.append(el("span", { class: "help", text: field.help + defaultLine }));
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

function fillStates(select, value) {
  select.replaceChildren(el("option", { value: "", text: "(default)" }));
  for (const state of statesOf(library())) select.append(el("option", { value: state, text: state }));
  select.value = statesOf(library()).includes(value) ? value : "";
}

function fillByState(field, box, texts) {
  const given = Object.fromEntries(texts.map((t) => [t.slice(0, t.indexOf("=")), t.slice(t.indexOf("=") + 1)]));
  box.replaceChildren();
  for (const state of statesOf(library())) {
    const inputId = `f-${field.name}-${state}`;
    const line = el("div", { class: "pair" }, el("label", { for: inputId, text: state }));
    if (field.isFile) {
      const select = el("select", { id: inputId, "data-state": state });
      select.append(el("option", { value: "", text: "(built-in)" }));
      for (const file of page.session.files) select.append(el("option", { value: file, text: file }));
      select.value = given[state] || "";
      const picker = el("input", { type: "file", multiple: "", hidden: "", "data-state": state, id: `file-${state}`,
                                   accept: ".gif,.png,.json,image/gif,image/png,application/json" });
      const limits = page.session.uploadLimits;
      const drop = el("div", { class: "drop", tabindex: "0", role: "button", "data-state": state, id: `drop-${state}`,
                               "aria-label": `Drop or choose images for ${state}` },
                      el("span", { text: "Drop a GIF, PNGs or a Lottie file" }),
                      el("span", { class: "limits", text: `up to ${megabytes(limits.fileBytes)} a file, ${limits.frames} PNG frames` }),
                      el("span", { class: "upload-error", role: "alert", id: `upload-error-${state}` }));
      drop.addEventListener("click", () => picker.click());
      drop.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); picker.click(); } });
      drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
      drop.addEventListener("dragleave", () => drop.classList.remove("over"));
      drop.addEventListener("drop", (e) => {
        e.preventDefault();
        drop.classList.remove("over");
        upload(state, Array.from(e.dataTransfer.files));
      });
      picker.addEventListener("change", () => upload(state, Array.from(picker.files)));
      select.addEventListener("change", () => uploadError(state, ""));
      line.append(select, drop, picker);
    } else {
      const input = el("input", { id: inputId, type: field.valueKind === "number" ? "number" : "text", step: "any", "data-state": state });
      input.value = given[state] || "";
      line.append(input);
    }
    box.append(line);
  }
}

function libraryChanged() {
  fillStates($("f-state"), $("f-state").value);
  for (const field of page.schema.fields.filter((f) => f.kind === "byState")) {
    fillByState(field, $("f-" + field.name), currentByState(field));
  }
  const kind = $("f-kind");
  const kinds = page.schema.libraries[library()].kinds;
  for (const option of kind.options) option.disabled = option.value !== "" && !kinds.includes(option.value);
  if (kind.selectedOptions[0] && kind.selectedOptions[0].disabled) kind.value = "";
}

// The class the panel draws (library/kind/style, as the schema names classes): a setting
// whose declaration lacks it is hidden and left out of the request, never sent to be refused.
function currentClass() {
  const lib = library();
  const info = page.schema.libraries[lib];
  const kind = ($("f-kind") && $("f-kind").value) || baseTexts("kind")[0] || info.kinds[0];
  const styles = info.styles[kind] || [];
  const style = ($("f-style") && $("f-style").value) || baseTexts("style")[0] || styles[0];
  return `${lib}/${kind}/${style}`;
}

function applies(field) {
  const owned = !field.owner || field.owner === library();
  return owned && (!field.classes || field.classes.includes(currentClass()));
}

function showApplicable() {
  for (const field of page.schema.fields) {
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

// The settings as query pairs: the names the command line and JSON files use.
function settings({ dynamic = true } = {}) {
  const pairs = [];
  for (const field of page.schema.fields) {
    if (!dynamic && ["state", "percent", "time"].includes(field.name)) continue;
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
  return pairs;
}

// The phone is drawn at the screen's pixel density (at most the scene's scale): a @2x
// picture on a 1x screen would cost four times the pixels for nothing shown. Only the
// resolution follows the screen: a file without @2x/@3x is still taken at the scene's scale,
// so every size in points (the control, its inset) is the scene's.
function liveSettings() {
  const pairs = settings({ dynamic: false });
  const asked = Number((pairs.find(([name]) => name === "scale") || [])[1]) || 2;
  const shown = Math.max(1, Math.min(asked, Math.ceil(window.devicePixelRatio || 1)));
  const out = pairs.filter(([name]) => name !== "scale").concat([["scale", String(shown)]]);
  if (!pairs.some(([name]) => name === "imageScale")) out.push(["imageScale", String(asked)]);
  return out;
}

function query(pairs) {
  return new URLSearchParams(pairs).toString();
}

function setStatus(text, isError = false, holdSeconds = 0) {
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
async function failure(response) {
  return (await response.text()).trim().replace(/^refresh-render: /, "");
}

// ---------- The still picture, the linter and the copy buttons ----------

function changed() {
  clearTimeout(page.stillTimer);
  page.stillTimer = setTimeout(refreshStill, 60);
  clearTimeout(page.lintTimer);
  page.lintTimer = setTimeout(refreshFindings, 300);
  live.wake();
}

// A refused setting is shown where it was typed: the field is marked (aria-invalid) with the
// message under it, and the pictures drawn before it are greyed until a good value draws again.
function showError(message) {
  const text = message.replace(/^refresh-render:\s*/, "");
  clearErrors();
  const match = text.match(/^--([a-z0-9-]+):\s*(.*)$/);
  const field = match && page.schema.fields.find((f) => f.option === match[1]);
  const row = field && document.querySelector(`.field[data-name="${field.name}"]`);
  if (row) {
    const id = `error-${field.name}`;
    for (const control of row.querySelectorAll("input, select")) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", id);
    }
    row.append(el("span", { class: "field-error", id, text: match[2] }));
  }
  for (const id of ["still-panel", "device"]) $(id).classList.add("stale");
  setStatus(text, true);
}

function clearErrors() {
  for (const control of document.querySelectorAll("[aria-invalid]")) {
    control.removeAttribute("aria-invalid");
    control.removeAttribute("aria-describedby");
  }
  for (const note of document.querySelectorAll(".field-error")) note.remove();
  for (const id of ["still-panel", "device"]) $(id).classList.remove("stale");
}

// The server stopped answering: say so, stop the frame counter, and ask again every second
// until it answers; then draw again.
function connectionLost() {
  if (page.offline) return;
  page.offline = true;
  document.body.classList.add("offline");
  live.frames = [];
  $("fps").textContent = "0";
  setStatus("Connection lost: the preview server stopped answering. Reconnecting…", true);
  page.reconnect = setInterval(async () => {
    try {
      if (!(await fetch("/healthz")).ok) return;
    } catch {
      return;
    }
    clearInterval(page.reconnect);
    page.offline = false;
    document.body.classList.remove("offline");
    setStatus("Reconnected", false, 4);
    live.reset();
    changed();
  }, 1000);
}

// fetch, with a lost connection reported once instead of "Failed to fetch".
async function ask(url, options) {
  try {
    return await fetch(url, options);
  } catch (error) {
    connectionLost();
    throw error;
  }
}

async function refreshStill() {
  const asked = query(settings());
  let response;
  try {
    response = await ask("/render.png?" + asked);
  } catch {
    return;
  }
  if (!response.ok) { showError(await failure(response)); return; }
  clearErrors();
  const blob = await response.blob();
  // The picture on screen and the settings it was drawn for (the tests read both).
  window.previewStill = { query: asked, blob };
  const old = $("still").src;
  $("still").src = URL.createObjectURL(blob);
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("still").dataset.query = asked;
  setStatus("Ready");
}

async function refreshFindings() {
  let response;
  try {
    response = await ask("/lint?" + query(settings()));
  } catch {
    return;
  }
  const list = $("findings");
  if (!response.ok) { list.replaceChildren(el("li", { text: await failure(response) })); return; }
  const { findings } = await response.json();
  list.replaceChildren(...findings.map((f) => el("li", { class: f.severity, text: formatFinding(f) })));
  if (!findings.length) list.append(el("li", { text: "No findings: the images will show as drawn here." }));
  for (const drop of document.querySelectorAll(".drop")) {
    for (const old of drop.querySelectorAll(".finding")) old.remove();
    for (const f of findings.filter((f) => f.state === drop.dataset.state)) {
      drop.append(el("span", { class: "finding " + f.severity, text: `${f.severity}: ${f.message}` }));
    }
  }
}

function formatFinding(f) {
  const subject = [f.state, f.file ? `(${f.file})` : ""].filter(Boolean).join(" ");
  return `${f.severity}: ${subject ? subject + ": " : ""}${f.message}`;
}

async function copy(kind) {
  const response = await fetch("/export?" + query(settings()));
  if (!response.ok) { setStatus(await failure(response), true); return; }
  const text = (await response.json())[kind];
  $("copied").textContent = text;
  $("copied").dataset.kind = kind;
  try {
    await navigator.clipboard.writeText(text);
    setStatus(`Copied the ${kind === "json" ? "JSON case" : kind}`);
  } catch {
    setStatus(`The ${kind === "json" ? "JSON case" : kind} is below; select it to copy`);
  }
}

function megabytes(bytes) {
  return `${Math.floor(bytes / (1 << 20))} MB`;
}

// An upload's refusal stays at the drop zone it belongs to, naming the file and the reason,
// until the user drops or chooses again.
function uploadError(state, text) {
  const box = $(`upload-error-${state}`);
  if (box) box.textContent = text;
  $(`drop-${state}`)?.classList.toggle("refused", Boolean(text));
  if (text) setStatus(text, true);
}

async function upload(state, files) {
  if (!files.length) return;
  uploadError(state, "");
  let answer = null;
  const pngs = files.filter((f) => f.name.toLowerCase().endsWith(".png")).sort((a, b) => a.name.localeCompare(b.name));
  const list = files.length > 1 && pngs.length === files.length ? pngs : [files[0]];
  // The limits are known before anything is sent: a file too large or too many frames is
  // said at once, not after the upload.
  const limits = page.session.uploadLimits;
  const large = list.find((file) => file.size > limits.fileBytes);
  if (large) {
    uploadError(state, `${large.name}: ${megabytes(large.size)} is more than the ${megabytes(limits.fileBytes)} a file may be`);
    return;
  }
  if (list.length > limits.frames) {
    uploadError(state, `${list.length} frames: an upload holds at most ${limits.frames}`);
    return;
  }
  for (const file of list) {
    const params = { state, name: file.name };
    if (answer) params.append = answer.id;
    let response;
    try {
      response = await fetch("/assets?" + query(Object.entries(params)), { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file });
    } catch {
      uploadError(state, `${file.name}: not sent (the server closed the connection)`);
      return;
    }
    if (!response.ok) {
      const reason = await failure(response);
      uploadError(state, reason.includes(file.name) ? reason : `${file.name}: ${reason}`);
      return;
    }
    answer = await response.json();
  }
  page.uploads[state] = answer;
  const select = $(`f-images-${state}`);
  const option = el("option", { value: answer.reference, text: `${answer.name} (dropped)` });
  for (const old of select.querySelectorAll("option[value^='upload:']")) old.remove();
  select.append(option);
  select.value = answer.reference;
  setStatus(`Using ${answer.name} for ${state}`);
  changed();
}

// ---------- The phone: a scroll view the pointer drags ----------

// The plain list under the control, drawn as the server's ScreenWindow draws it (the same
// rectangles, snapped to pixels the same way), so that only the control's pixels travel: a
// browser test holds the page's picture to the server's whole one, pixel for pixel.
const LIST = { background: "#f2f2f7", row: "#ffffff", separator: "#e5e5ea", placeholder: "#d8d8dc", rowHeight: 44, columnWidth: 120 };

function paintList(context, geometry, kind, offset, s) {
  const width = context.canvas.width, height = context.canvas.height;
  const snap = (v) => Math.floor(v + 0.5);
  const fill = (x, y, w, h, color) => {
    const x0 = Math.max(0, snap(x * s)), y0 = Math.max(0, snap(y * s));
    const x1 = Math.min(width, snap((x + w) * s)), y1 = Math.min(height, snap((y + h) * s));
    if (x1 <= x0 || y1 <= y0) return;
    context.fillStyle = color;
    context.fillRect(x0, y0, x1 - x0, y1 - y0);
  };
  context.fillStyle = LIST.background;
  context.fillRect(0, 0, width, height);
  const g = { insetTop: 0, insetBottom: 0, insetRight: 0, ...geometry };
  if (kind === "trailer") {
    const columns = LIST.columnWidth;
    const shift = -offset + g.insetRight;
    for (let x = 0, i = 0; x < g.contentWidth; x += columns, i += 1) {
      const left = x + shift;
      if (left >= g.viewWidth || left + columns <= 0) continue;
      fill(left, 0, Math.min(columns, g.contentWidth - x), g.viewHeight, LIST.row);
      fill(left + columns - 0.5, 0, 0.5, g.viewHeight, LIST.separator);
      fill(left + 16, g.viewHeight / 2 - 30 + (i % 3) * 12, 80, 10, LIST.placeholder);
    }
    return;
  }
  const rows = LIST.rowHeight;
  const top = kind === "header" ? g.insetTop : -g.insetBottom;
  const shift = -offset - top;
  for (let i = Math.max(0, Math.floor((top + offset) / rows)); i * rows < g.contentHeight; i += 1) {
    const y = i * rows + shift;
    if (y > g.viewHeight) break;
    const h = Math.min(rows, g.contentHeight - i * rows);
    fill(0, y, g.viewWidth, h, LIST.row);
    fill(16, y + h - 0.5, g.viewWidth - 16, 0.5, LIST.separator);
    fill(16, y + 17, 90 + ((i * 37) % 120), 10, LIST.placeholder);
  }
}

// The frame at the end of `gesture` with `pairs` (the panel's settings): the control's pixels
// (null when it is out of sight) and the headers saying where they go and what they show.
// `fetcher` is `ask` for the live phone (a lost connection is said), `fetch` for the others.
async function askFrame(pairs, gesture, fetcher = ask) {
  const response = await fetcher("/live?" + query(pairs.concat([["part", "control"]])), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(gesture) });
  if (!response.ok) throw new Error(await failure(response));
  const blob = await response.blob();
  // Decoded off the main thread.
  return { response, picture: blob.size > 0 ? await createImageBitmap(blob) : null };
}

// Draws `frame` (from askFrame) on the canvas `screen`: the list, then the control over it.
function paintFrame(screen, frame, gesture) {
  const headers = frame.response.headers;
  const s = Number(headers.get("X-Refresh-Scale")) || 1;
  const width = Math.round(gesture.geometry.viewWidth * s), height = Math.round(gesture.geometry.viewHeight * s);
  if (screen.width !== width || screen.height !== height) {
    screen.width = width;
    screen.height = height;
  }
  const context = screen.getContext("2d");
  paintList(context, gesture.geometry, headers.get("X-Refresh-Kind"), Number(headers.get("X-Refresh-Offset")) || 0, s);
  const band = (headers.get("X-Refresh-Band") || "0,0,0,0").split(",").map(Number);
  if (frame.picture) context.drawImage(frame.picture, band[0], band[1]);
  return band;
}

const live = {
  geometry: null,
  samples: [],
  events: [],
  t0: 0,
  pull: 0,             // points past the resting offset, towards the control
  inset: 0,            // what the control adds to the inset (from the server)
  extent: 54,          // the control's height (width for a trailer): arms it, and its inset while refreshing
  spring: null,        // the release animation under way: { from, to, start, seconds }
  hold: null,          // the inset the list holds after it, until the server's inset gets there
  rest: 0,             // the resting offset (from the server)
  dragging: false,
  dragStart: null,
  inFlight: 0,
  running: false,
  lastChange: 0,
  lastState: "",
  frames: [],
  lastGesture: null,
  keyPull: 0,
  releasedAt: 0,       // when the finger last let go (seconds into the gesture)
  answeredAt: 0,       // the latest instant the server has drawn
  shownAt: -1,         // the instant of the picture on screen
  presented: Promise.resolve(),  // the last frame asked for, once shown
  generation: 0,       // counts gestures: an answer for an earlier one is dropped

  direction() {
    return ($("f-kind").value || "header") === "header" ? -1 : 1;
  },

  axisIsX() {
    return $("f-kind").value === "trailer";
  },

  now() {
    return (performance.now() - this.t0) / 1000;
  },

  start() {
    const width = Number($("f-width").value) || 375;
    this.geometry = { viewWidth: width, viewHeight: page.session.viewHeight, contentWidth: width, contentHeight: 1400 };
    this.fitPhone();
    // Where the scroll view rests on the control's side (ScrollGeometry.restingOffset without
    // insets): the top for a header, the bottom of the list for footers.
    const kind = $("f-kind").value || "header";
    this.rest = kind === "header" || kind === "trailer" ? 0 : this.geometry.contentHeight - this.geometry.viewHeight;
    this.samples = [];
    this.events = [];
    this.t0 = performance.now();
    this.lastChange = 0;
    this.releasedAt = 0;
    this.answeredAt = 0;
    this.shownAt = -1;
    this.generation += 1;
  },

  offset() {
    return this.rest + this.direction() * this.pull;
  },

  // The phone is the scroll view's size in points (plus its bezel), shrunk to fit a narrow
  // window; drags are measured in points whatever its size on screen.
  fitPhone() {
    const phone = $("phone");
    phone.style.width = `${this.geometry.viewWidth + 20}px`;
    phone.style.aspectRatio = `${this.geometry.viewWidth + 20} / ${this.geometry.viewHeight + 20}`;
  },

  pointsPerPixel() {
    const shown = $("phone").clientWidth;
    return this.geometry && shown > 0 ? this.geometry.viewWidth / shown : 1;
  },

  // A new width: the scroll view changes size, and a drag under way goes on.
  resize() {
    const width = Number($("f-width").value) || 375;
    if (!this.geometry || width < 1 || width > 2000) return;
    this.geometry.viewWidth = width;
    this.geometry.contentWidth = width;
    this.fitPhone();
    this.wake();
  },

  reset() {
    this.dragging = false;
    this.spring = null;
    this.hold = null;
    this.pull = 0;
    this.inset = 0;
    this.lastState = "";
    this.start();
    this.wake();
  },

  record() {
    const t = Math.round(this.now() * 1e4) / 1e4;
    const offset = Math.round(this.offset() * 100) / 100;
    const last = this.samples[this.samples.length - 1];
    if (last && last.offset === offset && last.dragging === this.dragging) return;
    if (last && t < last.t) return;
    this.samples.push({ t, offset, dragging: this.dragging });
    this.lastChange = t;
  },

  // UIKit's rubber band: past the edge, the content moves less than the finger.
  band(travel) {
    const d = page.session.viewHeight;
    return travel <= 0 ? travel : (0.55 * travel) / ((0.55 * travel) / d + 1);
  },

  unband(pull) {
    const d = page.session.viewHeight;
    return pull <= 0 ? pull : pull / (0.55 * (1 - Math.min(pull, d - 1) / d));
  },

  gesture(duration) {
    return { geometry: this.geometry, samples: this.samples.length ? this.samples : [{ t: 0, offset: this.offset(), dragging: false }],
             events: this.events, duration };
  },

  // Shows the last gesture at `t` seconds (the timeline): the live picture pauses until the
  // list is dragged again.
  async scrubTo(t) {
    const last = this.lastGesture;
    if (!last || page.offline) return;
    const at = Math.max(0, Math.min(t, this.timelineEnd || last.duration));
    this.scrubbing = true;
    $("scrub").value = String(at);
    $("scrub-time").textContent = `${at.toFixed(2)} s`;
    // The gesture as it stood at that instant: what came later is not part of it.
    const samples = last.samples.filter((sample, index) => index === 0 || sample.t <= at);
    const gesture = { ...last, samples, events: last.events.filter((e) => e.t <= at), duration: Math.max(at, samples[samples.length - 1].t, 0.001) };
    let frame;
    try {
      frame = await askFrame(liveSettings(), gesture);
    } catch (error) {
      if (!page.offline) showError(error.message || String(error));
      return;
    }
    paintFrame($("screen"), frame, gesture);
    frame.picture?.close();
    const response = frame.response;
    $("state").textContent = response.headers.get("X-Refresh-State") || "";
    window.previewScrub = { t: at, state: response.headers.get("X-Refresh-State") };
  },

  begin(point) {
    this.scrubbing = false;
    if (!this.geometry || this.isAtRest() || this.now() > 50) this.start();
    this.dragging = true;
    this.spring = null;
    this.dragStart = { point, travel: this.inset + this.unband(this.pull - this.inset) };
    this.record();
    this.wake();
  },

  move(point) {
    if (!this.dragging) return;
    // When the finger last moved: a picture showing this move measures the latency.
    this.movedAt = performance.now();
    const delta = (point - this.dragStart.point) * (this.axisIsX() ? 1 : -this.direction());
    const travel = this.dragStart.travel + delta;
    this.pull = travel > this.inset ? this.inset + this.band(travel - this.inset) : Math.max(travel, -300);
    this.record();
  },

  release() {
    if (!this.dragging) return;
    this.dragging = false;
    this.record();
    // On a device the control sets its inset in the same turn as the release and animates
    // to it over fastAnimationDuration: armed (Pulling), the list goes to the control's
    // extent; otherwise back to the current inset. The page knows both, so the spring starts
    // now instead of waiting for the server's answer.
    this.releasedAt = this.now();
    const target = this.lastState === "pulling" && this.pull >= this.extent - 0.5 ? this.extent : this.inset;
    this.spring = { from: this.pull, to: target, start: performance.now(), seconds: 0.25 };
    // The server's inset animates to the same place (as MJRefresh animates it): the list
    // holds the predicted inset until the server's reaches it, rather than chase its ramp.
    this.hold = target;
    this.wake();
  },

  isAtRest() {
    return !this.dragging && Math.abs(this.pull - this.inset) < 0.05 && this.inset === 0 && this.lastState !== "refreshing";
  },

  send(event) {
    if (!this.geometry || this.now() > 50) this.start();
    this.events.push({ t: Math.round(this.now() * 1e4) / 1e4, event });
    this.wake();
  },

  wake() {
    if (this.running) return;
    this.running = true;
    if (!this.geometry) this.start();
    this.quietSince = performance.now();
    requestAnimationFrame((time) => this.tick(time));
  },

  tick(time) {
    // After release: the animation to the predicted inset (ease in and out, as UIView
    // animates, never past its end), then, if the state machine asks for another inset, a
    // spring to that one.
    if (!this.dragging && this.spring) {
      const p = Math.min(1, (time - this.spring.start) / 1000 / this.spring.seconds);
      const eased = p < 0.5 ? 2 * p * p : 1 - Math.pow(-2 * p + 2, 2) / 2;
      this.pull = this.spring.from + (this.spring.to - this.spring.from) * eased;
      if (p >= 1) this.spring = null;
      this.record();
    } else if (this.hold !== null) {
      // Released once the server's inset is there, or after a second if it goes elsewhere.
      if (this.dragging || Math.abs(this.inset - this.hold) < 0.01 || this.now() - this.releasedAt > 1) {
        this.hold = null;
      }
    } else if (!this.dragging && this.answeredAt >= this.releasedAt && Math.abs(this.pull - this.inset) > 0.05) {
      const dt = this.lastTick ? Math.min(0.05, (time - this.lastTick) / 1000) : 1 / 60;
      this.pull += (this.inset - this.pull) * (1 - Math.exp(-dt / 0.07));
      if (Math.abs(this.pull - this.inset) <= 0.05) this.pull = this.inset;
      this.record();
    }
    this.lastTick = time;
    if (this.inFlight < 3 && !this.scrubbing) this.fetchFrame();
    // Busy while something moves or the control animates. A request under way does not count
    // (the one just sent would keep the page asking forever): an answer that shows motion
    // wakes the loop again (present).
    if (this.moving()) this.quietSince = time;
    if (time - this.quietSince < 600) requestAnimationFrame((t) => this.tick(t));
    else this.settle();
  },

  moving() {
    return this.dragging || this.spring !== null || this.hold !== null || Math.abs(this.pull - this.inset) > 0.05
      || this.lastState === "refreshing" || this.lastState === "pulling";
  },

  // At rest the page sends nothing: the loop stops.
  settle() {
    this.running = false;
  },

  // Asks for the frame at this instant. Up to three are under way at once; each is shown in
  // the order asked (answers may arrive out of order), so none is lost.
  fetchFrame() {
    if (!this.geometry || page.offline) return;
    const duration = Math.max(0, this.now());
    if (duration > 58) { this.start(); return; }
    const gesture = this.gesture(duration);
    const generation = this.generation;
    const movedAt = this.dragging ? this.movedAt : undefined;
    this.inFlight += 1;
    const answer = askFrame(liveSettings(), gesture);
    if (page.pinned) this.fetchPinned(gesture, duration, generation);
    // Handled in order below; marked handled now so a refusal is not an unhandled rejection
    // while an earlier frame is still being shown.
    answer.catch(() => {});
    const before = this.presented;
    this.presented = (async () => {
      try {
        await before;
        const frame = await answer;
        // A frame of an earlier gesture, or older than the one shown, is not shown.
        if (generation === this.generation && duration >= this.shownAt && !this.scrubbing) {
          this.present(frame, gesture, duration);
          // From the finger's move to its picture on the canvas (for bench/preview_fps.py).
          // Each move counts once, at the first picture that shows it.
          if (movedAt !== undefined && movedAt > (this.latencyCounted || 0)) {
            this.latencyCounted = movedAt;
            window.previewStats.latencies.push(performance.now() - movedAt);
          }
        }
        frame.picture?.close();
      } catch (error) {
        if (!page.offline) showError(error.message || String(error));
      } finally {
        this.inFlight -= 1;
      }
    })();
  },

  // Phone A: the same gesture with the pinned settings, drawn as it arrives (a frame older
  // than the one shown is dropped).
  async fetchPinned(gesture, duration, generation) {
    try {
      const frame = await askFrame(page.pinned, gesture, fetch);
      if (generation === this.generation && duration >= (this.shownAtA ?? -1) && page.pinned) {
        this.shownAtA = duration;
        paintFrame($("screen-a"), frame, gesture);
        window.previewStats.framesA = (window.previewStats.framesA || 0) + 1;
      }
      frame.picture?.close();
    } catch {
      // A lost connection is said by the live phone's own request.
    }
  },

  present(frame, gesture, duration) {
    this.shownAt = duration;
    this.lastBand = paintFrame($("screen"), frame, gesture);
    const response = frame.response;
    this.inset = Number(response.headers.get("X-Refresh-Inset")) || 0;
    this.extent = Number(response.headers.get("X-Refresh-Extent")) || this.extent;
    this.rest = Number(response.headers.get("X-Refresh-Rest")) || 0;
    this.showState(response.headers.get("X-Refresh-State"), response.headers.get("X-Refresh-Library-State"));
    this.lastGesture = gesture;
    // The timeline spans the gesture so far.
    this.timelineEnd = duration;
    $("scrub").max = String(duration);
    if (!this.scrubbing) {
      $("scrub").value = String(duration);
      $("scrub-time").textContent = `${duration.toFixed(2)} s`;
    }
    this.answeredAt = Math.max(this.answeredAt, duration);
    this.countFrame();
    // An answer that arrives after the loop rested and asks for motion (a new inset, a state
    // that animates) starts it again.
    if (!this.running && this.moving()) this.wake();
  },

  showState(state, libraryState) {
    if (state && state !== this.lastState) {
      this.lastState = state;
      $("state").textContent = state;
      $("library-state").textContent = libraryState && libraryState !== state ? `(${libraryState})` : "";
      const log = $("state-log");
      // A state entered again after a reset is not a new entry.
      if (log.lastElementChild?.textContent !== state) log.append(el("li", { text: state }));
      while (log.children.length > 12) log.firstChild.remove();
    }
    $("pull").textContent = this.pull.toFixed(0);
  },

  countFrame() {
    const now = performance.now();
    this.frames.push(now);
    while (this.frames.length && now - this.frames[0] > 1000) this.frames.shift();
    $("fps").textContent = page.offline ? "0" : String(this.frames.length);
    window.previewStats.frames += 1;
    // Frames in the last second: a second without one reads 0.
    clearTimeout(this.fpsTimer);
    this.fpsTimer = setTimeout(() => {
      this.frames = [];
      $("fps").textContent = "0";
    }, 1000);
  },
};

window.previewStats = { frames: 0, latencies: [] };

function phoneEvents() {
  const phone = $("phone");
  const along = (e) => (live.axisIsX() ? -e.clientX : e.clientY) * live.pointsPerPixel();
  phone.addEventListener("pointerdown", (e) => {
    phone.setPointerCapture(e.pointerId);
    live.begin(along(e));
  });
  phone.addEventListener("pointermove", (e) => live.move(along(e)));
  phone.addEventListener("pointerup", () => live.release());
  phone.addEventListener("pointercancel", () => live.release());
  // Keyboard: hold the down arrow to pull (up for footers), Enter or Space to let go.
  phone.addEventListener("keydown", (e) => {
    const pullKey = live.direction() < 0 ? "ArrowDown" : (live.axisIsX() ? "ArrowLeft" : "ArrowUp");
    if (e.key === pullKey) {
      e.preventDefault();
      if (!live.dragging) { live.keyPull = 0; live.begin(0); }
      live.keyPull += 12;
      live.move(live.axisIsX() ? live.keyPull : -live.direction() * live.keyPull);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      live.release();
    }
  });
  phone.addEventListener("blur", () => live.release());
  $("begin").addEventListener("click", () => live.send("beginRefreshing"));
  $("end").addEventListener("click", () => live.send("endRefreshing"));
  $("no-more").addEventListener("click", () => live.send("endRefreshingWithNoMoreData"));
  $("reset").addEventListener("click", () => { live.scrubbing = false; live.reset(); });
  // A/B: pin the panel's settings as A; the panel then changes B, the live phone.
  $("pin-a").addEventListener("click", () => {
    page.pinned = liveSettings();
    live.shownAtA = -1;
    $("phone-a").hidden = false;
    $("unpin-a").hidden = false;
    $("phone-a").style.width = $("phone").style.width;
    $("phone-a").style.aspectRatio = $("phone").style.aspectRatio;
    setStatus("Pinned as A: change the panel for B, then drag");
    live.wake();
  });
  $("unpin-a").addEventListener("click", () => {
    page.pinned = null;
    $("phone-a").hidden = true;
    $("unpin-a").hidden = true;
  });
  // The timeline: drag the slider, or step a frame (1/60 s) at a time.
  $("scrub").addEventListener("input", () => live.scrubTo(Number($("scrub").value)));
  $("frame-back").addEventListener("click", () => live.scrubTo(Number($("scrub").value) - 1 / 60));
  $("frame-next").addEventListener("click", () => live.scrubTo(Number($("scrub").value) + 1 / 60));
  for (const [id, format] of [["download-gif", "gif"], ["download-apng", "apng"], ["download-sheet", "sheet"]]) {
    $(id).addEventListener("click", () => download(format));
  }
  $("copy-command").addEventListener("click", () => copy("command"));
  $("copy-swift").addEventListener("click", () => copy("swift"));
  $("copy-json").addEventListener("click", () => copy("json"));
  $("copy-app-swift").addEventListener("click", () => copyAppCode("swift"));
  $("copy-app-objc").addEventListener("click", () => copyAppCode("objc"));
  $("download-assets").addEventListener("click", downloadAssets);
}

// The code an app compiles (refresh-render export's RefreshSetup files), in either language.
async function copyAppCode(language) {
  const response = await fetch("/appcode?" + query(settings({ dynamic: false })));
  if (!response.ok) { setStatus(await failure(response), true); return; }
  const text = (await response.json())[language];
  const name = language === "swift" ? "Swift app code" : "Objective-C app code";
  if (!text) { setStatus(`This library has no ${name}`, true); return; }
  $("copied").textContent = text;
  $("copied").dataset.kind = "app-" + language;
  try {
    await navigator.clipboard.writeText(text);
    setStatus(`Copied the ${name}`);
  } catch {
    setStatus(`The ${name} is below; select it to copy`);
  }
}

async function downloadAssets() {
  setStatus("Exporting the assets…");
  const response = await fetch("/assets.zip?" + query(settings({ dynamic: false })));
  if (!response.ok) { setStatus(await failure(response), true); return; }
  const link = el("a", { href: URL.createObjectURL(await response.blob()), download: "refresh-export.zip" });
  document.body.append(link);
  link.click();
  link.remove();
  setStatus("Downloaded the assets");
}

async function download(format) {
  const gesture = live.lastGesture;
  if (!gesture) { setStatus("Drag the list first: the download is the last gesture", true); return; }
  const pairs = settings({ dynamic: false }).concat([["format", format], ["fps", "30"]]);
  setStatus(`Rendering the ${format}…`);
  const response = await fetch("/gesture?" + query(pairs), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...gesture, duration: gesture.duration + 0.5 }) });
  if (!response.ok) { setStatus(await failure(response), true); return; }
  const link = el("a", { href: URL.createObjectURL(await response.blob()),
                         download: { gif: "gesture.gif", apng: "gesture.apng", sheet: "gesture-sheet.png" }[format] });
  document.body.append(link);
  link.click();
  link.remove();
  setStatus(`Downloaded the ${format}`);
}

function listenForChanges() {
  const events = new EventSource("/events");
  events.addEventListener("changed", (e) => {
    const { version } = JSON.parse(e.data);
    if (version !== page.session.version) {
      page.session.version = version;
      setStatus("A file changed on disk: redrawn", false, 4);
      changed();
    }
  });
}

async function main() {
  try {
    [page.schema, page.session] = await Promise.all([
      fetch("/schema.json").then((r) => r.json()),
      fetch("/session.json").then((r) => r.json()),
    ]);
  } catch (error) {
    setStatus("Cannot reach the preview server: " + error, true);
    return;
  }
  buildPanel();
  libraryChanged();
  showApplicable();
  phoneEvents();
  listenForChanges();
  live.start();
  changed();
  refreshStill();
}

main();

// The still picture, the linter's findings, the server's refusals, and what the buttons copy
// and download.

import { appearance, emit, isOffline, on, setOffline, uploads } from "./state.js";
import { $, aboutSetting, ask, el, failure, inWords, query, setStatus } from "./dom.js";
import { uploadAgain } from "./uploads.js";
import { layerMessage, markLayerError, moveLayer, selectedLayer } from "./layers.js";
import { sceneSettings } from "./scene.js";
"use strict";

let stillTimer = 0;
let lintTimer = 0;
let stillAsked = 0;
let stillShown = 0;
let reconnect = 0;

// A setting changed: the still picture and the findings are asked for again, a little later
// (typing is not a request a key).
export function changed() {
  clearTimeout(stillTimer);
  stillTimer = setTimeout(refreshStill, 60);
  clearTimeout(lintTimer);
  lintTimer = setTimeout(refreshFindings, 300);
}

// A refused setting is shown where it was typed: the field is marked (aria-invalid) with the
// message under it, and the pictures drawn before it are greyed until a good value draws again.
export function showError(message) {
  const text = message.replace(/^refresh-render:\s*/, "");
  // A server restarted between two requests forgot the uploads: send them again (once; the
  // answers to requests made meanwhile are not news).
  if (/no upload 'upload:/.test(text) && uploads().length) {
    uploadAgain();
    return;
  }
  clearErrors();
  const aboutLayer = markLayerError(text);
  if (aboutLayer) {
    for (const id of ["still-panel", "device"]) $(id).classList.add("stale");
    setStatus(aboutLayer.text, true);
    return;
  }
  const { field, text: said, reason } = aboutSetting(text);
  const row = field && document.querySelector(`.field[data-name="${field.name}"]`);
  if (row) {
    const id = `error-${field.name}`;
    for (const control of row.querySelectorAll("input, select")) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", id);
    }
    row.append(el("span", { class: "field-error", id, text: reason }));
  }
  for (const id of ["still-panel", "device"]) $(id).classList.add("stale");
  setStatus(said, true);
}

function clearErrors() {
  // A field left out of the address's session stays marked until it is set again.
  for (const control of document.querySelectorAll("[aria-invalid]:not([data-left-out])")) {
    control.removeAttribute("aria-invalid");
    control.removeAttribute("aria-describedby");
  }
  for (const note of document.querySelectorAll(".field-error")) note.remove();
  for (const id of ["still-panel", "device"]) $(id).classList.remove("stale");
}

// The server stopped answering: say so, stop the frame counter, and ask again — half a second
// later, then twice as long each time up to five seconds (a restart is noticed within a second
// or two; a server that stays down is asked twelve times a minute) — until it answers; then
// draw again. Nothing is asked at rest: the held /events connection tells the page it ended.
export function connectionLost() {
  if (isOffline()) return;
  setOffline(true);
  document.body.classList.add("offline");
  emit("offline");
  setStatus("Connection lost: the preview server stopped answering. Reconnecting…", true);
  let wait = 500;
  const attempt = async () => {
    try {
      if ((await fetch("/healthz")).ok) return back();
    } catch {
      // Still gone.
    }
    wait = Math.min(wait * 2, 5000);
    reconnect = setTimeout(attempt, wait);
  };
  const back = async () => {
    setOffline(false);
    document.body.classList.remove("offline");
    setStatus("Reconnected", false, 4);
    emit("reset");
    await uploadAgain();
    emit("changed");
  };
  clearTimeout(reconnect);
  reconnect = setTimeout(attempt, wait);
}

// A request that found no server (dom.js's `ask`).
on("lost", connectionLost);

export async function refreshStill() {
  const asked = query(sceneSettings());
  // Answers may come back out of order (a slow one asked before a quick one): only the newest
  // asked so far is shown, never an older one over it.
  const order = (stillAsked += 1);
  let response;
  try {
    response = await ask("/render.png?" + asked);
  } catch {
    return;
  }
  if (order < stillShown) return;
  if (!response.ok) { stillShown = order; showError(await failure(response)); return; }
  const blob = await response.blob();
  if (order < stillShown) return;
  stillShown = order;
  clearErrors();
  // The picture on screen and the settings it was drawn for (the tests read both).
  window.previewStill = { query: asked, blob };
  const old = $("still").src;
  $("still").src = URL.createObjectURL(blob);
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("still").dataset.query = asked;
  setStatus("Ready");
  outlineLayer();
}

// The chosen layer's frame, outlined on the still picture (where the server placed it for the
// settings the picture was drawn for), and dragged there to move the layer.
let placed = null;
let outlineAsked = 0;

export async function outlineLayer() {
  const outline = $("layer-outline");
  const name = selectedLayer();
  const asked = $("still").dataset.query;
  if (!name || asked === undefined) { outline.hidden = true; placed = null; return; }
  const order = (outlineAsked += 1);
  let answer;
  try {
    const response = await ask("/layers.json?" + asked);
    if (!response.ok) { outline.hidden = true; return; }
    answer = await response.json();
  } catch {
    return;
  }
  if (order !== outlineAsked || asked !== $("still").dataset.query) return;
  const frame = answer.layers.find((l) => l.name === name);
  if (!frame) { outline.hidden = true; placed = null; return; }
  placed = { name, frame, size: { width: answer.width, height: answer.height } };
  showOutline(frame, placed.size);
}

function showOutline(frame, size) {
  const outline = $("layer-outline");
  outline.style.left = `${(100 * frame.x) / size.width}%`;
  outline.style.top = `${(100 * frame.y) / size.height}%`;
  outline.style.width = `${(100 * frame.width) / size.width}%`;
  outline.style.height = `${(100 * frame.height) / size.height}%`;
  outline.hidden = false;
  outline.dataset.layer = placed.name;
}

// A drag of the outline: it follows the pointer in the picture's points; let go, the layer's
// position is written as an offset from the nearest edge or centre (layers.js, moveLayer) and
// the pictures are drawn again.
export function outlineEvents() {
  const outline = $("layer-outline");
  let start = null;
  outline.addEventListener("pointerdown", (event) => {
    if (!placed) return;
    event.preventDefault();
    outline.setPointerCapture(event.pointerId);
    const picture = $("still").getBoundingClientRect();
    // Points per CSS pixel of the picture as shown.
    start = { x: event.clientX, y: event.clientY, perPixel: placed.size.width / picture.width, ...placed };
    outline.classList.add("dragging");
  });
  const moved = (event) => {
    const dx = Math.round((event.clientX - start.x) * start.perPixel);
    const dy = Math.round((event.clientY - start.y) * start.perPixel);
    return { dx, dy };
  };
  outline.addEventListener("pointermove", (event) => {
    if (!start) return;
    const { dx, dy } = moved(event);
    showOutline({ ...start.frame, x: start.frame.x + dx, y: start.frame.y + dy }, start.size);
  });
  const end = (event) => {
    if (!start) return;
    const { dx, dy } = moved(event);
    const { name, frame, size } = start;
    start = null;
    outline.classList.remove("dragging");
    if (!dx && !dy) { showOutline(frame, size); return; }
    const result = moveLayer(name, frame, size, dx, dy);
    if (result.error) {
      showOutline(frame, size);
      setStatus(result.error, true);
    } else {
      setStatus(`Moved ${name}: ${result.written.join(", ")}`, false, 3);
    }
  };
  outline.addEventListener("pointerup", end);
  outline.addEventListener("pointercancel", () => {
    if (!start) return;
    const { frame, size } = start;
    start = null;
    outline.classList.remove("dragging");
    showOutline(frame, size);
  });
}

async function refreshFindings() {
  let response;
  try {
    response = await ask("/lint?" + query(sceneSettings()));
  } catch {
    return;
  }
  const list = $("findings");
  if (!response.ok) {
    const said = await failure(response);
    list.replaceChildren(el("li", { text: said.startsWith("$.layers") ? layerMessage(said) : aboutSetting(said).text }));
    return;
  }
  const { findings } = await response.json();
  list.replaceChildren(...findings.map((f) => el("li", { class: f.severity, text: formatFinding(f) })));
  if (!findings.length) list.append(el("li", { text: "No findings: the images will show as drawn here." }));
  for (const old of document.querySelectorAll("#panel .finding")) old.remove();
  for (const drop of document.querySelectorAll(".drop[data-state]")) {
    for (const f of findings.filter((f) => !f.setting && f.state === drop.dataset.state)) {
      drop.append(el("span", { class: "finding " + f.severity, text: `${f.severity}: ${inWords(f.message)}` }));
    }
  }
  // A finding about another setting (a title a phone shows as a string key) shows where that
  // setting is typed, for its state.
  for (const f of findings.filter((f) => f.setting)) {
    const line = $(`f-${f.setting}-${f.state}`)?.closest(".pair") || document.querySelector(`.field[data-name="${f.setting}"]`);
    line?.append(el("span", { class: "finding " + f.severity, text: `${f.severity}: ${inWords(f.message)}` }));
  }
}

function formatFinding(f) {
  const subject = [f.state, f.file ? `(${f.file})` : ""].filter(Boolean).join(" ");
  return `${f.severity}: ${subject ? subject + ": " : ""}${inWords(f.message)}`;
}

export async function copy(kind) {
  const response = await fetch("/export?" + query(sceneSettings()));
  if (!response.ok) { setStatus(aboutSetting(await failure(response)).text, true); return; }
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

// The scene file (`--scene`) of what the page shows: every setting, the moment on screen
// (state, pull, time) and the layers, saved as scene.json (the name the copied command reads
// when there are layers), so that the file alone draws the still picture.
export async function saveScene() {
  const response = await fetch("/export?" + query(sceneSettings()));
  if (!response.ok) { setStatus(aboutSetting(await failure(response)).text, true); return; }
  const text = (await response.json()).scene;
  $("copied").textContent = text;
  $("copied").dataset.kind = "scene";
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: "scene.json" });
  document.body.append(link);
  link.click();
  link.remove();
  setStatus("Saved the scene file (scene.json)");
}

// The code an app compiles (refresh-render export's RefreshSetup files), in either language.
export async function copyAppCode(language) {
  const response = await fetch("/appcode?" + query(sceneSettings({ dynamic: false })));
  if (!response.ok) { setStatus(aboutSetting(await failure(response)).text, true); return; }
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

export async function downloadAssets() {
  setStatus("Exporting the assets…");
  const response = await fetch("/assets.zip?" + query(sceneSettings({ dynamic: false })));
  if (!response.ok) { setStatus(aboutSetting(await failure(response)).text, true); return; }
  const link = el("a", { href: URL.createObjectURL(await response.blob()), download: "refresh-export.zip" });
  document.body.append(link);
  link.click();
  link.remove();
  setStatus("Downloaded the assets");
}

// The last gesture (`gesture`, the phone's) drawn as a GIF, an APNG or a contact sheet.
export async function download(format, gesture) {
  if (!gesture) { setStatus("Drag the list first: the download is the last gesture", true); return; }
  const pairs = sceneSettings({ dynamic: false }).concat([["format", format], ["fps", "30"]]);
  if (appearance() === "dark") pairs.push(["appearance", "dark"]);
  setStatus(`Rendering the ${format}…`);
  const response = await fetch("/gesture?" + query(pairs), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...gesture, duration: gesture.duration + 0.5 }) });
  if (!response.ok) { setStatus(aboutSetting(await failure(response)).text, true); return; }
  const link = el("a", { href: URL.createObjectURL(await response.blob()),
                         download: { gif: "gesture.gif", apng: "gesture.apng", sheet: "gesture-sheet.png" }[format] });
  document.body.append(link);
  link.click();
  link.remove();
  setStatus(`Downloaded the ${format}`);
}

// The still picture, the linter's findings, uploads, and what the buttons copy and download.

import { $, aboutSetting, el, failure, inWords, library, page, query, sceneSettings, setStatus } from "./panel.js";
import { live } from "./phone.js";
import { markLayerError } from "./layers.js";

// ---------- The still picture, the linter and the copy buttons ----------

export function changed() {
  clearTimeout(page.stillTimer);
  page.stillTimer = setTimeout(refreshStill, 60);
  clearTimeout(page.lintTimer);
  page.lintTimer = setTimeout(refreshFindings, 300);
  live.wake();
}

// A refused setting is shown where it was typed: the field is marked (aria-invalid) with the
// message under it, and the pictures drawn before it are greyed until a good value draws again.
export function showError(message) {
  const text = message.replace(/^refresh-render:\s*/, "");
  // A server restarted between two requests forgot the uploads: send them again (once; the
  // answers to requests made meanwhile are not news).
  if (/no upload 'upload:/.test(text) && Object.keys(page.uploads).length) {
    if (!page.uploadingAgain) uploadAgain();
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

export function clearErrors() {
  for (const control of document.querySelectorAll("[aria-invalid]")) {
    control.removeAttribute("aria-invalid");
    control.removeAttribute("aria-describedby");
  }
  for (const note of document.querySelectorAll(".field-error")) note.remove();
  for (const id of ["still-panel", "device"]) $(id).classList.remove("stale");
}

// The server stopped answering: say so, stop the frame counter, and ask again every second
// until it answers; then draw again.
export function connectionLost() {
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
    await uploadAgain();
    changed();
  }, 1000);
}

// fetch, with a lost connection reported once instead of "Failed to fetch".
export async function ask(url, options) {
  try {
    return await fetch(url, options);
  } catch (error) {
    connectionLost();
    throw error;
  }
}

export async function refreshStill() {
  const asked = query(sceneSettings());
  // Answers may come back out of order (a slow one asked before a quick one): only the newest
  // asked so far is shown, never an older one over it.
  const order = (page.stillAsked = (page.stillAsked || 0) + 1);
  let response;
  try {
    response = await ask("/render.png?" + asked);
  } catch {
    return;
  }
  if (order < (page.stillShown || 0)) return;
  if (!response.ok) { page.stillShown = order; showError(await failure(response)); return; }
  const blob = await response.blob();
  if (order < (page.stillShown || 0)) return;
  page.stillShown = order;
  clearErrors();
  // The picture on screen and the settings it was drawn for (the tests read both).
  window.previewStill = { query: asked, blob };
  const old = $("still").src;
  $("still").src = URL.createObjectURL(blob);
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("still").dataset.query = asked;
  setStatus("Ready");
}

export async function refreshFindings() {
  let response;
  try {
    response = await ask("/lint?" + query(sceneSettings()));
  } catch {
    return;
  }
  const list = $("findings");
  if (!response.ok) { list.replaceChildren(el("li", { text: aboutSetting(await failure(response)).text })); return; }
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

export function formatFinding(f) {
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

// The scene file (`--scene`) of what the page shows: every setting and the layers, saved as
// scene.json (the name the copied command reads when there are layers).
export async function saveScene() {
  const response = await fetch("/export?" + query(sceneSettings({ dynamic: false })));
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

export function megabytes(bytes) {
  return `${Math.floor(bytes / (1 << 20))} MB`;
}

// An upload's refusal stays at the drop zone it belongs to, naming the file and the reason,
// until the user drops or chooses again.
export function uploadError(key, text) {
  const box = $(`upload-error-${key}`);
  if (box) box.textContent = text;
  $(`drop-${key}`)?.classList.toggle("refused", Boolean(text));
  if (text) setStatus(text, true);
}

// Sends `files` for `target` ({key, setting, state?, select}): one file, or a sequence of PNG
// frames for a state's images. The page keeps the files it sent, so that a server restarted
// (which forgets its uploads) is given them again (`uploadAgain`).
export async function upload(target, files, { again = false } = {}) {
  if (!files.length) return false;
  uploadError(target.key, "");
  let answer = null;
  const pngs = files.filter((f) => f.name.toLowerCase().endsWith(".png")).sort((a, b) => a.name.localeCompare(b.name));
  const list = target.state && files.length > 1 && pngs.length === files.length ? pngs : [files[0]];
  // The limits are known before anything is sent: a file too large or too many frames is
  // said at once, not after the upload.
  const limits = page.session.uploadLimits;
  const large = list.find((file) => file.size > limits.fileBytes);
  if (large) {
    uploadError(target.key, `${large.name}: ${megabytes(large.size)} is more than the ${megabytes(limits.fileBytes)} a file may be`);
    return false;
  }
  if (list.length > limits.frames) {
    uploadError(target.key, `${list.length} frames: an upload holds at most ${limits.frames}`);
    return false;
  }
  for (const file of list) {
    // A layer's picture is named by its layer and property; a setting's by the setting.
    const params = target.layer ? { layer: target.layer, name: file.name } : { setting: target.setting, name: file.name };
    if (target.state) params.state = target.state;
    if (answer) params.append = answer.id;
    let response;
    try {
      response = await fetch("/assets?" + query(Object.entries(params)), { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file });
    } catch {
      uploadError(target.key, `${file.name}: not sent (the server closed the connection)`);
      return false;
    }
    if (!response.ok) {
      const reason = aboutSetting(await failure(response)).reason;
      uploadError(target.key, reason.includes(file.name) ? reason : `${file.name}: ${reason}`);
      return false;
    }
    answer = await response.json();
  }
  const held = page.uploads[target.key];
  const select = $(target.select);
  // The menu may be gone (a layer's card drawn again): the upload is kept for the next one.
  if (!select) {
    page.uploads[target.key] = { reference: answer.reference, name: answer.name, files: list, target };
    return true;
  }
  const wasChosen = !held || select.value === held.reference;
  page.uploads[target.key] = { reference: answer.reference, name: answer.name, files: list, target };
  const option = el("option", { value: answer.reference, text: `${answer.name} (dropped)` });
  for (const old of select.querySelectorAll("option[value^='upload:']")) old.remove();
  select.append(option);
  if (wasChosen || !again) select.value = answer.reference;
  if (!again) {
    setStatus(`Using ${answer.name} for ${target.state || target.setting || target.layer}`);
    changed();
  }
  return true;
}

// A restarted server has forgotten what was dropped: every file the page still holds is sent
// again and its menus point at the new uploads. Said once; the pictures are drawn again after.
export async function uploadAgain() {
  const held = Object.values(page.uploads);
  if (!held.length || page.uploadingAgain) return;
  page.uploadingAgain = true;
  try {
    let sent = 0;
    for (const upload_ of held) if (await upload(upload_.target, upload_.files, { again: true })) sent += 1;
    if (sent) setStatus(`The server restarted: sent the ${sent === 1 ? "dropped file" : sent + " dropped files"} again`, false, 4);
  } finally {
    page.uploadingAgain = false;
  }
  changed();
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

export async function download(format) {
  const gesture = live.lastGesture;
  if (!gesture) { setStatus("Drag the list first: the download is the last gesture", true); return; }
  const pairs = sceneSettings({ dynamic: false }).concat([["format", format], ["fps", "30"]]);
  if (page.appearance === "dark") pairs.push(["appearance", "dark"]);
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

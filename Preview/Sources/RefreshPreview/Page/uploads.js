// The files the user drops: sent to the server, kept in the page and in the browser's storage,
// and sent again to a server that restarted (it forgets its uploads), or that a reload finds
// no longer holding those its address names.

import { emit, keepUpload, session, uploadAt, uploads } from "./state.js";
import { $, aboutSetting, el, failure, megabytes, query, setStatus } from "./dom.js";
import { storeDropped, storedDropped } from "./stored.js";
"use strict";

let uploadingAgain = false;

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
  const limits = session().uploadLimits;
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
  const held = uploadAt(target.key);
  const select = $(target.select);
  const dropped = { reference: answer.reference, name: answer.name, files: list, target };
  keepUpload(target.key, dropped);
  await storeDropped(target.key, dropped);
  // The menu may be gone (a layer's card drawn again), or not built yet (the page starting):
  // the upload is kept for the next one.
  if (!select) return true;
  const wasChosen = !held || select.value === held.reference;
  const option = el("option", { value: answer.reference, text: `${answer.name} (dropped)` });
  for (const old of select.querySelectorAll("option[value^='upload:']")) old.remove();
  select.append(option);
  if (wasChosen || !again) select.value = answer.reference;
  // A file dropped where the address's session lost one: the field is set again.
  if (!again) select.dispatchEvent(new Event("change", { bubbles: false }));
  if (!again) {
    setStatus(`Using ${answer.name} for ${target.state || target.setting || target.layer}`);
    emit("changed");
  }
  return true;
}

// A restarted server has forgotten what was dropped: every file the page still holds is sent
// again and its menus point at the new uploads. Said once; the pictures are drawn again after.
export async function uploadAgain() {
  const held = uploads();
  if (!held.length || uploadingAgain) return;
  uploadingAgain = true;
  try {
    let sent = 0;
    for (const upload_ of held) if (await upload(upload_.target, upload_.files, { again: true })) sent += 1;
    if (sent) setStatus(`The server restarted: sent the ${sent === 1 ? "dropped file" : sent + " dropped files"} again`, false, 4);
  } finally {
    uploadingAgain = false;
  }
  emit("changed");
}

// An upload's reference in a query's values: `upload:N`.
const REFERENCE = /upload:[0-9]+/g;

// The page starting: the files kept in the browser's storage that the address names are the
// page's again. When the server no longer holds them (`missing`: it restarted since), they are
// sent again; returns the address's settings with the new references, or null when nothing
// moved.
export async function restoreDropped(search, missing) {
  const values = [...new URLSearchParams(search)];
  const named = new Set(values.flatMap(([, value]) => value.match(REFERENCE) || []));
  const moved = new Map();
  let sent = 0;
  for (const kept of await storedDropped()) {
    if (!named.has(kept.reference)) continue;
    if (!missing) {
      keepUpload(kept.key, kept);
      continue;
    }
    if (await upload(kept.target, kept.files, { again: true })) {
      moved.set(kept.reference, uploadAt(kept.key).reference);
      sent += 1;
    }
  }
  if (!moved.size) return null;
  setStatus(`Sent the ${sent === 1 ? "dropped file" : sent + " dropped files"} this page keeps to the server again`, false, 4);
  const pairs = values.map(([key, value]) => [key, value.replace(REFERENCE, (r) => moved.get(r) || r)]);
  return query(pairs);
}

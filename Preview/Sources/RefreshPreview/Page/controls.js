// The panel's controls that settings and layers share: a colour's picker, a menu of the
// files named at start, and a drop zone for one more.

import { session } from "./state.js";
import { el, megabytes } from "./dom.js";
import { upload, uploadError } from "./uploads.js";
"use strict";

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

// Whether a setting takes the file `name` (its declared extensions, or a folder's ending;
// a name without an extension is a folder, offered where folders of any name are taken).
function offered(field, name) {
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
  for (const file of session().files.filter((f) => offered(field, f))) select.append(el("option", { value: file, text: file }));
  // A value the page's address restored: a dropped file is shown by the name it was dropped as.
  const dropped = (session().uploadNames || {})[value];
  if (value && !Array.from(select.options).some((o) => o.value === value)) {
    select.append(el("option", { value, text: dropped ? `${dropped} (dropped)` : value }));
  }
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
  const limits = session().uploadLimits;
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

// The page's small helpers: elements, the status line, the server's messages in the panel's
// words, and query strings.

import { emit, schema } from "./state.js";
"use strict";

export const $ = (id) => document.getElementById(id);

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

export function query(pairs) {
  return new URLSearchParams(pairs).toString();
}

export function megabytes(bytes) {
  return `${Math.floor(bytes / (1 << 20))} MB`;
}

// The panel speaks of the control, not the command line: a setting's --flag becomes its name
// in words and the command line's STATE=VALUE notation is left out (the copied command keeps
// both). Used for the settings' help and for every message the server sends the page.
export function inWords(text) {
  return text
    .replace(/\s*\((?:STATE=)?[A-Z]+\)/g, "")
    .replace(/STATE=/g, "")
    .replace(/--([a-z0-9-]+)(?: N\b)?/g, (whole, option) => {
      const field = schema() && schema().fields.find((f) => f.option === option);
      return field ? `“${field.title}”` : whole;
    });
}

// A message about one setting (`--images: …`), in the panel's words: the setting's name and
// the reason; the setting, for marking its field. Any other message, in words.
export function aboutSetting(text) {
  const match = text.match(/^--([a-z0-9-]+):\s*(.*)$/);
  const field = match && schema().fields.find((f) => f.option === match[1]);
  if (!field) return { field: null, text: inWords(text), reason: inWords(text) };
  const reason = inWords(match[2]);
  return { field, text: `${field.title}: ${reason}`, reason };
}

// The server's one line, without the program's name it shares with the command line.
export async function failure(response) {
  return (await response.text()).trim().replace(/^refresh-render: /, "");
}

let readyTimer = 0;
let statusHeldUntil = 0;

export function setStatus(text, isError = false, holdSeconds = 0) {
  // The last messages, for the tests: a status may be replaced before anyone reads it.
  window.previewMessages = (window.previewMessages || []).concat([text]).slice(-50);
  // A notice ("A file changed on disk") stays a few seconds before a routine "Ready" replaces it.
  clearTimeout(readyTimer);
  const held = statusHeldUntil - performance.now();
  if (text === "Ready" && !isError && held > 0) {
    readyTimer = setTimeout(() => setStatus("Ready"), held);
    return;
  }
  statusHeldUntil = holdSeconds > 0 ? performance.now() + holdSeconds * 1000 : 0;
  $("status").textContent = text;
  $("status").classList.toggle("error", isError);
}

// fetch, with a lost connection told once as the "lost" event (still.js says it and asks the
// server again with backoff) instead of "Failed to fetch".
export async function ask(url, options) {
  try {
    return await fetch(url, options);
  } catch (error) {
    emit("lost");
    throw error;
  }
}

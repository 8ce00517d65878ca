// The preview page: a panel generated from the scene schema, a phone whose scroll view the
// mouse (or a finger, or the keyboard) drags, and the buttons that copy and download what is
// shown. Every picture is drawn by the server; this file only keeps the scroll view moving
// (rubber band, spring back to the control's inset) and records the gesture it sends.
//
// ES modules, one a part of the page: panel.js (the settings), still.js (the still picture,
// uploads, copy and download), phone.js (the scroll view and its live frames); this one
// starts them.

import { $, buildPanel, libraryChanged, liveSettings, page, query, setStatus, settings, showApplicable } from "./panel.js";
import { changed, copy, download, refreshStill } from "./still.js";
import { live, phoneEvents, setAppearance } from "./phone.js";

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
  // The server's layers come as a scene file writes them (JSON text).
  page.session.layers = JSON.parse(page.session.layers);
  buildPanel();
  setAppearance($("appearance").value);
  $("appearance").addEventListener("change", () => {
    setAppearance($("appearance").value);
    live.reset();
    changed();
  });
  libraryChanged();
  showApplicable();
  phoneEvents();
  listenForChanges();
  live.start();
  changed();
  refreshStill();
}

// What the browser tests and the bench read from the page (modules keep their names to
// themselves otherwise).
Object.assign(window, { page, live, query, liveSettings });

main();

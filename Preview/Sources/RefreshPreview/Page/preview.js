// The preview page: a panel generated from the scene schema, a phone whose scroll view the
// mouse (or a finger, or the keyboard) drags, and the buttons that copy and download what is
// shown. Every picture is drawn by the server; this file only keeps the scroll view moving
// (rubber band, spring back to the control's inset) and records the gesture it sends.
//
// ES modules, one a part of the page, importing one way: state.js (the page's state and
// events), dom.js (helpers), stored.js (dropped files in the browser's storage), uploads.js
// and controls.js (dropped files, shared controls),
// panel.js (the settings), layers.js (the control's own layers), scene.js (the settings as a
// request), still.js (the still picture, copy and download), scroll.js (the scroll view's
// numbers, from the session), readouts.js (state, pull, rate and timeline beside the phone),
// phone.js (the scroll view and its live frames); this one starts them and wires the events
// to their listeners.

import { emit, isOffline, leaveOut, on, once, session, setVersion, start, version, view } from "./state.js";
import { $, query, setStatus } from "./dom.js";
import { buildPanel, libraryChanged, markLeftOutFields, showApplicable } from "./panel.js";
import { buildLayers, layersLibraryChanged } from "./layers.js";
import { liveSettings, sceneSettings } from "./scene.js";
import { changed, connectionLost, outlineEvents, outlineLayer, refreshStill } from "./still.js";
import { live, phoneEvents, setAppearance } from "./phone.js";
import { restoreDropped } from "./uploads.js";
import { forgetDropped } from "./stored.js";
"use strict";

// True while the server refuses this page's change stream (too many pages listen).
let streamRefused = false;

function listenForChanges() {
  const events = new EventSource("/events");
  events.addEventListener("open", () => {
    if (streamRefused) setStatus("Live redraws are on again: files changed on disk are redrawn", false, 4);
    streamRefused = false;
  });
  // The held connection ends the moment the server stops: asked once whether it still answers,
  // a server gone is said at once, with no request at rest. The stream is closed then (the
  // browser would retry it every few seconds): connectionLost asks with backoff, and the
  // stream is opened again when the server is back.
  events.addEventListener("error", async () => {
    if (isOffline()) return;
    // An answer that is not a stream (503: too many pages listen) closes it for good.
    const refused = events.readyState === EventSource.CLOSED;
    try {
      if ((await fetch("/healthz")).ok) {
        if (refused) {
          // The server answers but will not send this page its changes: said, and asked again
          // in a while (a closed page's slot is freed within a second).
          streamRefused = true;
          setStatus(
            "Live redraws are off: the server has too many pages listening for changes on disk. " +
              "Close other preview tabs; this page asks again in 10 s",
            true,
          );
          setTimeout(listenForChanges, 10000);
        }
        return;
      }
    } catch {
      // gone: said below
    }
    events.close();
    connectionLost();
    once("reset", listenForChanges);
  });
  events.addEventListener("changed", (e) => {
    const { version: now } = JSON.parse(e.data);
    if (now !== version()) {
      setVersion(now);
      setStatus("A file changed on disk: redrawn", false, 4);
      emit("changed");
    }
  });
}

async function main() {
  try {
    const [schema, session] = await Promise.all([
      fetch("/schema.json").then((r) => r.json()),
      // The page's own address holds its settings (a reload, a shared link): the server answers
      // with them over its own.
      fetch("/session.json" + location.search).then((r) => r.json()),
    ]);
    // The server's layers come as a scene file writes them (JSON text).
    start(schema, session);
    // Files the address names that the browser keeps: the page's again, and sent again to a
    // server that no longer holds them, the address then naming the new uploads.
    const moved = await restoreDropped(location.search, session.restored === false || (session.missing || []).length > 0);
    if (moved !== null) {
      history.replaceState(null, "", location.pathname + (moved ? "?" + moved : ""));
      start(schema, await fetch("/session.json" + location.search).then((r) => r.json()));
      await restoreDropped(location.search, false);
    }
  } catch (error) {
    setStatus("Cannot reach the preview server: " + error, true);
    return;
  }
  on("changed", changed);
  on("changed", rememberInAddress);
  $("new-session").addEventListener("click", async () => {
    await forgetDropped();
    location.href = location.pathname;
  });
  on("library", layersLibraryChanged);
  on("layer", outlineLayer);
  outlineEvents();
  buildPanel(buildLayers);
  setAppearance($("appearance").value);
  $("appearance").addEventListener("change", () => {
    setAppearance($("appearance").value);
    emit("reset");
    emit("changed");
  });
  libraryChanged();
  showApplicable();
  phoneEvents();
  listenForChanges();
  live.start();
  emit("changed");
  refreshStill();
  if (session().restored === false) setStatus("The address's settings no longer apply here: the server's are shown", true, 6);
  else sayWhatWasLeftOut(session());
}

// An address restored but for what it named that is gone (an upload a restarted server forgot,
// a file another browser never had) or no longer applies: every other setting is kept; what
// was left out is named, its field marked, to drop the file again in place.
function sayWhatWasLeftOut({ missing = [], refused = [] }) {
  if (!missing.length && !refused.length) return;
  const parts = [];
  if (missing.length) parts.push(`not on this server, drop it again: ${missing.join(", ")}`);
  if (refused.length) parts.push(`no longer applies: ${refused.join(", ")}`);
  setStatus(`Restored the address's settings except what is ${parts.join("; ")}`, true, 12);
  for (const place of missing) leaveOut(place.trim().replace(/ /g, "-"));
  markLeftOutFields();
}

// The settings on screen, in the page's address: a reload (or the link, shared) opens the same
// session. "New session" goes back to the server's settings.
function rememberInAddress() {
  const pairs = query(sceneSettings());
  const address = location.pathname + (pairs ? "?" + pairs : "");
  if (address !== location.pathname + location.search) history.replaceState(null, "", address);
}

// What the browser tests and the bench read from the page (modules keep their names to
// themselves otherwise).
Object.assign(window, { page: view, live, query, liveSettings });

main();

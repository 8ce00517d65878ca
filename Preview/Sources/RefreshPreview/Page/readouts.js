// What the page shows beside the phone, written only here: the state and its log, the pull,
// the pictures of the last second, and the timeline's end. The phone says what it drew.
"use strict";

import { isOffline } from "./state.js";
import { $, el } from "./dom.js";

let shown = [];   // when each picture of the last second was shown
let quiet = null; // the timer that reads 0 after a second without one

/** A state entered: named, with the library's own name when it differs, and logged (a state
 * entered again after a reset is not a new entry; the last 12 are kept). */
export function showState(state, libraryState) {
  $("state").textContent = state;
  $("library-state").textContent = libraryState && libraryState !== state ? `(${libraryState})` : "";
  const log = $("state-log");
  if (log.lastElementChild?.textContent !== state) log.append(el("li", { text: state }));
  while (log.children.length > 12) log.firstChild.remove();
}

/** The pull, in points. */
export function showPull(pull) {
  $("pull").textContent = pull.toFixed(0);
}

/** One more picture shown: the rate is those of the last second; a second without one reads 0. */
export function countPicture() {
  const now = performance.now();
  shown.push(now);
  while (shown.length && now - shown[0] > 1000) shown.shift();
  $("fps").textContent = isOffline() ? "0" : String(shown.length);
  window.previewStats.frames += 1;
  clearTimeout(quiet);
  quiet = setTimeout(stopCounting, 1000);
}

/** No pictures (at rest, or the server gone): the rate reads 0. */
export function stopCounting() {
  shown = [];
  $("fps").textContent = "0";
}

/** The timeline spans the gesture so far; its handle follows unless the user holds it. */
export function showTimeline(duration, scrubbing) {
  $("scrub").max = String(duration);
  if (!scrubbing) showMoment(duration);
}

/** The timeline's handle and its time at `seconds`. */
export function showMoment(seconds) {
  $("scrub").value = String(seconds);
  $("scrub-time").textContent = `${seconds.toFixed(2)} s`;
}

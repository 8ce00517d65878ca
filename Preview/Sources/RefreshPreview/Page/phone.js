// The phone: a scroll view the pointer drags, the list drawn under the control, and the
// live loop that asks the server for each frame.

import { appearance, isOffline, on, pin, pinned, schema, setAppearanceName } from "./state.js";
import { $, ask, failure, query, setStatus } from "./dom.js";
import { library, settingValue } from "./panel.js";
import { liveSettings } from "./scene.js";
import * as readouts from "./readouts.js";
import * as scroll from "./scroll.js";
import { copy, copyAppCode, download, downloadAssets, saveScene, showError } from "./still.js";
"use strict";

// ---------- The phone: a scroll view the pointer drags ----------

// The plain list under the control, drawn as the server's ScreenWindow draws it (the same
// rectangles, snapped to pixels the same way), so that only the control's pixels travel: a
// browser test holds the page's picture to the server's whole one, pixel for pixel.
// The phone's own appearance (not the page's): the list's colours in light or dark, as the
// server's ListAppearance draws them. Both phones (A and B) take it; the control's colours are
// the app's in either, as MJRefresh sets them.
const APPEARANCES = {
  light: { background: "#f2f2f7", row: "#ffffff", separator: "#e5e5ea", placeholder: "#d8d8dc" },
  dark: { background: "#000000", row: "#1c1c1e", separator: "#38383a", placeholder: "#3a3a3c" },
};
const LIST = { ...APPEARANCES.light, rowHeight: 44, columnWidth: 120 };

export function setAppearance(name) {
  setAppearanceName(APPEARANCES[name] ? name : "light");
  Object.assign(LIST, APPEARANCES[appearance()]);
  for (const id of ["phone", "phone-a"]) $(id).style.background = LIST.background;
  document.body.dataset.phone = appearance();
}

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
  const phone = appearance() === "dark" ? [["appearance", "dark"]] : [];
  const response = await fetcher("/live?" + query(pairs.concat([["part", "control"]], phone)), {
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

export const live = {
  geometry: null,
  samples: [],
  events: [],
  t0: 0,
  pull: 0,             // points past the resting offset, towards the control
  inset: 0,            // what the control adds to the inset (from the server)
  extent: 0,           // the control's height (width for a trailer), from the server's frames: arms it, and its inset while refreshing
  spring: null,        // the release animation under way: { from, to, start, seconds, curve }
  insetIn: null,       // seconds the control takes to open its inset (the scene's, from its frames)
  insetOut: null,      // … and to close it; until a frame says, the library's (insetSeconds)
  hold: null,          // the inset the list holds after it, until the server's inset gets there
  holdSeconds: 0,      // how long the animation to it takes
  rest: 0,             // the resting offset (from the server)
  dragging: false,
  dragStart: null,
  inFlight: 0,
  running: false,
  lastChange: 0,
  lastState: "",
  lastGesture: null,
  keyPull: 0,
  releasedAt: 0,       // when the finger last let go (seconds into the gesture)
  answeredAt: 0,       // the latest instant the server has drawn
  shownAt: -1,         // the instant of the picture on screen
  presented: Promise.resolve(),  // the last frame asked for, once shown
  generation: 0,       // counts gestures: an answer for an earlier one is dropped

  direction() {
    return (settingValue("kind") || "header") === "header" ? -1 : 1;
  },

  // The library's own seconds for the inset to open (0) or close (1) for the kind drawn, from
  // the server's catalog: what the phone springs by before a frame gives the scene's.
  librarySeconds(which) {
    const kind = settingValue("kind") || "header";
    const seconds = schema().libraries[library()]?.insetSeconds?.[kind];
    return seconds ? seconds[which] : 0;
  },

  axisIsX() {
    return settingValue("kind") === "trailer";
  },

  now() {
    return (performance.now() - this.t0) / 1000;
  },

  start() {
    this.geometry = scroll.geometry(Number(settingValue("width")));
    this.fitPhone();
    this.rest = scroll.restingOffset(settingValue("kind") || "header", this.geometry);
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
    const width = Number(settingValue("width")) || scroll.defaultWidth();
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
    // Another control: its library's seconds until its frames say its own.
    this.insetIn = this.insetOut = null;
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

  gesture(duration) {
    return { geometry: this.geometry, samples: this.samples.length ? this.samples : [{ t: 0, offset: this.offset(), dragging: false }],
             events: this.events.slice(), duration };
  },

  // Shows the last gesture at `t` seconds (the timeline): the live picture pauses until the
  // list is dragged again.
  async scrubTo(t) {
    const last = this.lastGesture;
    if (!last || isOffline()) return;
    const at = Math.max(0, Math.min(t, this.timelineEnd || last.duration));
    this.scrubbing = true;
    readouts.showMoment(at);
    // The gesture as it stood at that instant: what came later is not part of it.
    const samples = last.samples.filter((sample, index) => index === 0 || sample.t <= at);
    const gesture = { ...last, samples, events: last.events.filter((e) => e.t <= at), duration: Math.max(at, samples[samples.length - 1].t, 0.001) };
    let frame;
    try {
      frame = await askFrame(liveSettings(), gesture);
    } catch (error) {
      if (!isOffline()) showError(error.message || String(error));
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
    this.dragStart = { point, travel: this.inset + scroll.unband(this.pull - this.inset) };
    this.record();
    this.wake();
  },

  move(point) {
    if (!this.dragging) return;
    // When the finger last moved: a picture showing this move measures the latency.
    this.movedAt = performance.now();
    const delta = (point - this.dragStart.point) * (this.axisIsX() ? 1 : -this.direction());
    const travel = this.dragStart.travel + delta;
    this.pull = travel > this.inset ? this.inset + scroll.band(travel - this.inset) : Math.max(travel, -300);
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
    const armed = this.lastState === "pulling" && this.pull >= this.extent - 0.5;
    if (armed) {
      // The control opens its inset over the state machine's own duration (MJRefresh's
      // fastAnimationDuration, as the server says it), eased as UIView animates.
      this.spring = { from: this.pull, to: this.extent, start: performance.now(), seconds: this.insetIn ?? this.librarySeconds(0), curve: "ease" };
    } else {
      // Not armed: no animation of the control's, but UIScrollView's bounce back to where the
      // content rests (docs/preview.md, "Motion").
      this.spring = { from: this.pull, to: this.inset, start: performance.now(), curve: "bounce" };
    }
    // The server's inset animates to the same place (as MJRefresh animates it): the list
    // holds the predicted inset until the server's reaches it, rather than chase its ramp.
    this.hold = this.spring.to;
    this.holdSeconds = this.spring.seconds ?? 0.5;
    this.wake();
  },

  // The end of a refresh: the control closes its inset over its close duration
  // (slowAnimationDuration), and the list at rest on it moves with it.
  closeInset() {
    if (this.dragging || this.inset <= 0 || settingValue("kind") === "auto-footer") return;
    this.spring = { from: this.pull, to: 0, start: performance.now(), seconds: this.insetOut ?? this.librarySeconds(1), curve: "ease" };
    this.releasedAt = this.now();
    this.hold = 0;
    this.holdSeconds = this.insetOut ?? this.librarySeconds(1);
  },

  isAtRest() {
    return !this.dragging && Math.abs(this.pull - this.inset) < 0.05 && this.inset === 0 && this.lastState !== "refreshing";
  },

  send(event) {
    if (!this.geometry || this.now() > 50) this.start();
    this.events.push({ t: Math.round(this.now() * 1e4) / 1e4, event });
    if (event.startsWith("endRefreshing")) this.closeInset();
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
      // A frame's time may precede the release that started the animation: not before it.
      const elapsed = Math.max(0, (time - this.spring.start) / 1000);
      let share, done;
      if (this.spring.curve === "bounce") {
        // A critically damped spring, x(t) = x0 (1 + ωt) e^(−ωt) with ω = 15/s: what is left
        // of the pull falls below 1 % in about 0.44 s, never overshooting.
        const w = 15;
        const left = (1 + w * elapsed) * Math.exp(-w * elapsed);
        share = 1 - left;
        done = Math.abs(this.spring.to - this.spring.from) * left < 0.05;
      } else {
        const p = this.spring.seconds > 0 ? Math.min(1, elapsed / this.spring.seconds) : 1;
        share = p < 0.5 ? 2 * p * p : 1 - Math.pow(-2 * p + 2, 2) / 2;
        done = p >= 1;
      }
      this.pull = done ? this.spring.to : this.spring.from + (this.spring.to - this.spring.from) * share;
      if (done) this.spring = null;
      this.record();
    } else if (this.hold !== null) {
      // Released once the server's inset is there, or after a second if it goes elsewhere.
      // (a second past the animation's own length).
      if (this.dragging || Math.abs(this.inset - this.hold) < 0.01 || this.now() - this.releasedAt > this.holdSeconds + 1) {
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
    if (!this.geometry || isOffline()) return;
    const duration = Math.max(0, this.now());
    if (duration > 58) { this.start(); return; }
    const gesture = this.gesture(duration);
    const generation = this.generation;
    const movedAt = this.dragging ? this.movedAt : undefined;
    this.inFlight += 1;
    const answer = askFrame(liveSettings(), gesture);
    // With A/B on, phone A's picture of the same moment is asked at once and shown with B's:
    // both phones follow the finger frame for frame (a lost connection is said by B's request).
    const pinnedSettings = pinned();
    const answerA = pinnedSettings ? askFrame(pinnedSettings, gesture, fetch).catch(() => null) : null;
    // Handled in order below; marked handled now so a refusal is not an unhandled rejection
    // while an earlier frame is still being shown.
    answer.catch(() => {});
    const before = this.presented;
    this.presented = (async () => {
      let frameA = null;
      try {
        await before;
        const frame = await answer;
        frameA = answerA && await answerA;
        // A frame of an earlier gesture, or older than the one shown, is not shown.
        if (generation === this.generation && duration >= this.shownAt && !this.scrubbing) {
          if (frameA && pinned()) this.presentA(frameA, gesture, duration);
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
        if (!isOffline()) showError(error.message || String(error));
      } finally {
        frameA?.picture?.close();
        this.inFlight -= 1;
      }
    })();
  },

  // Phone A: the same moment with the pinned settings, shown with B's picture of it.
  presentA(frame, gesture, duration) {
    this.shownAtA = duration;
    paintFrame($("screen-a"), frame, gesture);
    window.previewStats.framesA = (window.previewStats.framesA || 0) + 1;
  },

  present(frame, gesture, duration) {
    this.shownAt = duration;
    this.lastBand = paintFrame($("screen"), frame, gesture);
    const response = frame.response;
    this.inset = Number(response.headers.get("X-Refresh-Inset")) || 0;
    this.extent = Number(response.headers.get("X-Refresh-Extent")) || this.extent;
    const opens = Number(response.headers.get("X-Refresh-Inset-In")), closes = Number(response.headers.get("X-Refresh-Inset-Out"));
    if (Number.isFinite(opens) && response.headers.has("X-Refresh-Inset-In")) this.insetIn = opens;
    if (Number.isFinite(closes) && response.headers.has("X-Refresh-Inset-Out")) this.insetOut = closes;
    this.rest = Number(response.headers.get("X-Refresh-Rest")) || 0;
    const state = response.headers.get("X-Refresh-State");
    if (state && state !== this.lastState) {
      this.lastState = state;
      readouts.showState(state, response.headers.get("X-Refresh-Library-State"));
    }
    readouts.showPull(this.pull);
    this.lastGesture = gesture;
    // The timeline spans the gesture so far.
    this.timelineEnd = duration;
    readouts.showTimeline(duration, this.scrubbing);
    this.answeredAt = Math.max(this.answeredAt, duration);
    // The server's inset at each instant it drew, and how many events (refresh ended, …) the
    // gesture it drew held (the browser tests hold the list to it).
    window.previewStats.insets.push([duration, this.inset, gesture.events.length]);
    if (window.previewStats.insets.length > 2000) window.previewStats.insets.shift();
    readouts.countPicture();
    // An answer that arrives after the loop rested and asks for motion (a new inset, a state
    // that animates) starts it again.
    if (!this.running && this.moving()) this.wake();
  },
};

window.previewStats = { frames: 0, latencies: [], insets: [] };

export function phoneEvents() {
  // What the rest of the page tells the phone.
  on("changed", () => live.wake());
  on("reset", () => live.reset());
  on("resize", () => live.resize());
  on("offline", readouts.stopCounting);
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
    pin(liveSettings());
    live.shownAtA = -1;
    // Side by side and labelled (stacked in a narrow window), both sized to the window's height.
    $("box-a").hidden = false;
    $("caption-b").hidden = false;
    document.querySelector("main").classList.add("comparing");
    $("unpin-a").hidden = false;
    $("phone-a").style.width = $("phone").style.width;
    $("phone-a").style.aspectRatio = $("phone").style.aspectRatio;
    setStatus("Pinned as A: change the panel for B, then drag");
    live.wake();
  });
  $("unpin-a").addEventListener("click", () => {
    pin(null);
    $("box-a").hidden = true;
    $("caption-b").hidden = true;
    document.querySelector("main").classList.remove("comparing");
    $("unpin-a").hidden = true;
  });
  // The timeline: drag the slider, or step a frame (1/60 s) at a time.
  $("scrub").addEventListener("input", () => live.scrubTo(Number($("scrub").value)));
  $("frame-back").addEventListener("click", () => live.scrubTo(Number($("scrub").value) - 1 / 60));
  $("frame-next").addEventListener("click", () => live.scrubTo(Number($("scrub").value) + 1 / 60));
  for (const [id, format] of [["download-gif", "gif"], ["download-apng", "apng"], ["download-sheet", "sheet"]]) {
    $(id).addEventListener("click", () => download(format, live.lastGesture));
  }
  $("copy-command").addEventListener("click", () => copy("command"));
  $("copy-swift").addEventListener("click", () => copy("swift"));
  $("copy-json").addEventListener("click", () => copy("json"));
  $("save-scene").addEventListener("click", saveScene);
  $("copy-app-swift").addEventListener("click", () => copyAppCode("swift"));
  $("copy-app-objc").addEventListener("click", () => copyAppCode("objc"));
  $("download-assets").addEventListener("click", downloadAssets);
}

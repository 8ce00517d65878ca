// The page's one state: what the server said at start (the schema and the session), the
// settings as the panel holds them, the files the user dropped, the phone's appearance,
// whether the server answers, and the page's events.
// The other modules read and change it only through these functions, and hear of a change
// through `on`: imports go one way (state ← dom ← stored ← uploads ← controls ← panel ← layers ← scene
// ← still ← scroll ← readouts ← phone ← preview), never back.
"use strict";

const page = {
  schema: null,          // GET /schema.json
  session: null,         // GET /session.json (its layers parsed)
  uploads: {},           // drop zone key -> {reference, name, files, target}: what was dropped
  appearance: "light",   // the phone's: light or dark
  offline: false,        // the server stopped answering
  layersTouched: false,  // the panel edited the layers (so a request carries them)
  pinned: null,          // phone A's settings while comparing A with B
  leftOut: new Set(),    // fields the address named a file for that is gone ("images-idle")
  settings: {},          // the panel's settings by name: text, "true" or "" for a flag, ["state=value", …] by state
};
const listeners = {};

/** Starts the page's state from the server's answers. */
export function start(schema, session) {
  page.schema = schema;
  page.session = { ...session, layers: JSON.parse(session.layers) };
}

/** Fields whose file the address named but the server no longer has: marked until set again. */
export const isLeftOut = (id) => page.leftOut.has(id);
export function leaveOut(id) { page.leftOut.add(id); }
export function setAgain(id) { page.leftOut.delete(id); }

/** The value of the setting `name` as the panel holds it (undefined: no such control): what
 * every module reads; only the panel writes it, as the user changes a control. */
export const setting = (name) => page.settings[name];
export function setSetting(name, value) { page.settings[name] = value; }

/** The settings the panel shows (GET /schema.json). */
export const schema = () => page.schema;
/** What the server was started with (GET /session.json). */
export const session = () => page.session;

/** The files dropped so far, with the drop zone each was dropped on. */
export const uploads = () => Object.values(page.uploads);
/** What was dropped on the zone `key`, if anything. */
export const uploadAt = (key) => page.uploads[key];
/** Keeps what was dropped on the zone `key` (sent again to a restarted server). */
export function keepUpload(key, upload) { page.uploads[key] = upload; }

export const appearance = () => page.appearance;
export function setAppearanceName(name) { page.appearance = name; }

export const isOffline = () => page.offline;
export function setOffline(offline) { page.offline = offline; }

export const layersTouched = () => page.layersTouched;
export function touchLayers() { page.layersTouched = true; }

export const pinned = () => page.pinned;
export function pin(settings) { page.pinned = settings; }

/** The session's content version (a file changed on disk makes a new one). */
export const version = () => page.session.version;
export function setVersion(version) { page.session.version = version; }

// The page's events:
//   "changed"  a setting changed: the pictures are drawn again
//   "library"  another library: the menus of states and the layers' cards follow
//   "resize"   another width: the phone's view follows
//   "reset"    another control or a server back: the gesture starts again from rest
//   "offline"  the server stopped answering
//   "lost"     a request found no server (still.js says so and asks again with backoff)
/** Calls `listener` on every `event`. */
export function on(event, listener) { (listeners[event] ||= []).push(listener); }
/** Listens to the next `event` only. */
export function once(event, listener) {
  const one = (...args) => {
    listeners[event] = (listeners[event] || []).filter((l) => l !== one);
    listener(...args);
  };
  on(event, one);
}
/** Tells every listener of `event` (those listening when it happens). */
export function emit(event, ...args) { for (const listener of [...(listeners[event] || [])]) listener(...args); }

/** What the browser tests and the bench read: a view, not the state itself. */
export const view = Object.freeze({
  get schema() { return page.schema; },
  get session() { return page.session; },
  get appearance() { return page.appearance; },
});

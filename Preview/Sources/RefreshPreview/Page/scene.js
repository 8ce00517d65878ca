// The scene the page shows, as query pairs: the panel's settings and the layers' cards, with
// the artwork's scale written out where the picture's scale changes. The still picture, the
// copied command, the downloads and the phone all ask with these.

import { schema } from "./state.js";
import { applies, fieldPairs } from "./panel.js";
import { layersPair } from "./layers.js";
"use strict";

// The settings as query pairs: the names the command line and JSON files use.
function settings({ dynamic = true } = {}) {
  return fieldPairs({ dynamic }).concat(layersPair());
}

// The artwork's own scale when the panel leaves it unset: the scale a designer's unsuffixed
// files are drawn for, the command line's default render scale, whatever Scale says.
function artworkScale() {
  return schema().fields.find((f) => f.name === "scale").defaultText;
}

// The settings the still picture, the copied command and the downloads use: the panel's, with
// the artwork scale written out when Scale is changed and it is not, so that a file without
// @2x/@3x keeps its size in points (on the command line it follows --scale).
export function sceneSettings({ dynamic = true } = {}) {
  const pairs = settings({ dynamic });
  const scale = pairs.find(([name]) => name === "scale");
  const artwork = schema().fields.find((f) => f.name === "imageScale");
  if (scale && scale[1] !== artworkScale() && applies(artwork) && !pairs.some(([name]) => name === "imageScale")) {
    pairs.push(["imageScale", artworkScale()]);
  }
  return pairs;
}

// The phone is drawn at the screen's pixel density (1 to 3), whatever the Scale setting (which
// is the exported pictures'): a 3x screen shows 3x pixels, a 1x screen does not pay for 2x.
// Only the resolution follows the screen: the artwork keeps its scale, so every size in points
// (the images, the control, its inset) is the scene's.
export function liveSettings() {
  const pairs = sceneSettings({ dynamic: false });
  const shown = Math.max(1, Math.min(3, Math.ceil(window.devicePixelRatio || 1)));
  const out = pairs.filter(([name]) => name !== "scale").concat([["scale", String(shown)]]);
  const artwork = schema().fields.find((f) => f.name === "imageScale");
  if (applies(artwork) && !out.some(([name]) => name === "imageScale")) out.push(["imageScale", artworkScale()]);
  return out;
}

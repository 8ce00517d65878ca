// The scroll view the phone shows and the finger drags: its sizes and UIKit's rubber band, all
// from the server's session (`scroll`), none written here. Pure functions of their arguments
// and the session.
"use strict";

import { session } from "./state.js";

const numbers = () => session().scroll;

/** The scroll view `width` points wide over the session's list (its own width when unset). */
export function geometry(width) {
  const { viewWidth, viewHeight, contentHeight } = numbers();
  const w = width > 0 ? width : viewWidth;
  return { viewWidth: w, viewHeight, contentWidth: w, contentHeight };
}

/** The view's width when the panel sets none. */
export const defaultWidth = () => numbers().viewWidth;

/** Where the scroll view rests on the control's side (ScrollGeometry.restingOffset without
 * insets): the top for a header or a trailer, the bottom of the list for footers. */
export function restingOffset(kind, g) {
  return kind === "header" || kind === "trailer" ? 0 : g.contentHeight - g.viewHeight;
}

/** UIKit's rubber band: past the edge the content moves less than the finger, `travel` points
 * of finger giving `c·x / (c·x / height + 1)` of pull. */
export function band(travel) {
  const { viewHeight: d, rubberBand: c } = numbers();
  return travel <= 0 ? travel : (c * travel) / ((c * travel) / d + 1);
}

/** The finger's travel that gives `pull` points (band's inverse, kept finite near the height). */
export function unband(pull) {
  const { viewHeight: d, rubberBand: c } = numbers();
  return pull <= 0 ? pull : pull / (c * (1 - Math.min(pull, d - 1) / d));
}

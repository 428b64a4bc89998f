// @ts-check
// Brain Tutor page helpers: elements, status line, wording of regions and atlases, layout.
import { state } from "./store.js";

/** @param {string} id @returns {any} */
export const $ = (id) => document.getElementById(id);

export const SIDE_VIEWS = new Set(["lateral", "medial"]);
export const VIEWS = ["lateral", "medial", "superior", "inferior", "anterior", "posterior"];

/** @param {string} [message] */
export function showStatus(message) { $("status").textContent = message || ""; }

/** One sentence: what failed, then the reason, e.g. "Could not load the brain: no atlas 'x'."
 * @param {string} what @param {unknown} error */
export function failed(what, error) {
  const reason = error instanceof Error ? error.message : String(error);
  return `${what}: ${reason.replace(/[.\s]+$/, "")}.`;
}

/** @param {string} name */
export function atlasTitle(name) {
  const atlas = state.atlases.find((a) => a.name === name);
  return atlas ? (atlas.title || atlas.name) : name;
}

/** @param {string} hemisphere */
export function sideText(hemisphere) {
  return hemisphere === "none" ? "midline / both" : hemisphere;
}

/** @param {{name: string, hemisphere: string}} region */
export function regionLabel(region) {
  return `${region.name}${region.hemisphere === "none" ? "" : ` (${region.hemisphere})`}`;
}

/** @param {number[]} c */
export function colorCSS(c) { return `rgb(${c[0]}, ${c[1]}, ${c[2]})`; }

/** A pane hidden by the phone layout has no boxes; drawing for it would waste a render at width 0.
 * @param {string} id */
export function isShown(id) { return $(id).getClientRects().length > 0; }

// The same widths as the phone layout in style.css.
export const phoneQuery = window.matchMedia("(max-width: 600px), (max-height: 500px) and (orientation: landscape)");
export function isPhone() { return phoneQuery.matches; }

/** A button styled as a link. @param {string} text @param {() => void} action */
export function linkButton(text, action) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link";
  button.textContent = text;
  button.addEventListener("click", action);
  return button;
}

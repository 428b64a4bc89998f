// @ts-check
// Brain Tutor highlight colours in lit frames: the selected region in its own colour, made dark
// enough to stand out, over the other regions desaturated and lightened, so it reads on any
// palette. The rule is HighlightColors (BrainRender), which the native lit render uses too; its
// constants come from contract.js and its reference cases (tests/cases/highlight.json) are
// replayed by the node tests.
import { HIGHLIGHT } from "./contract.js";

/** @param {number} v 0–255, not necessarily whole */
const linear = (v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };

/** CIE L* of an sRGB colour (D65). @param {number[]} c */
export function lightness(c) {
  const y = 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}

/** Another region around a highlight: mostly grey, lightened toward white by the scene's
 * `tint` (0–1) or the contract's minimum, whichever is more. @param {number[]} c @param {number} tint */
export function faded(c, tint) {
  const t = Math.max(tint, HIGHLIGHT.minimumTint);
  const grey = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
  return c.map((v) => {
    const d = v + (grey - v) * HIGHLIGHT.greyShare;
    return Math.round(d + (255 - d) * t);
  });
}

/** The selected region: its own hue, darkened (all channels alike) until its L* is at most the
 * contract's maximum; a dark colour stays as it is. @param {number[]} c */
export function emphasised(c) {
  if (lightness(c) <= HIGHLIGHT.maxSelectedLightness) return c.slice();
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < HIGHLIGHT.darkeningSteps; i += 1) {  // bisection on the scale factor: L* grows with it
    const mid = (lo + hi) / 2;
    if (lightness(c.map((v) => v * mid)) > HIGHLIGHT.maxSelectedLightness) hi = mid; else lo = mid;
  }
  return c.map((v) => Math.round(v * lo));
}

/** Another region around a highlight in a flat frame (exact colours to compare): mixed toward
 * white by `tint`, in 32-bit floats as the renderer's RGB.mixed. @param {number[]} c @param {number} tint */
export function tinted(c, tint) {
  const f = Math.fround;
  const t = f(tint);
  return c.map((v) => Math.round(f(f(v * f(1 - t)) + f(255 * t))));
}

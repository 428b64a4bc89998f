// @ts-check
// Brain Tutor highlight colours: the selected region in its own colour, made dark enough to
// stand out, over the other regions desaturated and lightened, so it reads on any palette.

/** @param {number} v 0–255 */
const linear = (v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };

/** CIE L* of an sRGB colour (D65). @param {number[]} c */
export function lightness(c) {
  const y = 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}

/** How far the others fade: toward their grey by `GREY`, then toward white by at least
 * `MIN_TINT` ("Lighten the rest" asks for more). */
const GREY = 0.8;
const MIN_TINT = 0.6;
/** The selected region is at most this light (L*), so it stands ≥ 25 ΔE from the faded rest
 * (whose L* is 63 for black and near 80 for mid colours). */
const MAX_SELECTED_L = 50;

/** Another region around a highlight: mostly grey, lightened toward white by the scene's
 * `tint` (0–1) or MIN_TINT, whichever is more. @param {number[]} c @param {number} tint */
export function faded(c, tint) {
  const t = Math.max(tint, MIN_TINT);
  const grey = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
  return c.map((v) => {
    const d = v + (grey - v) * GREY;
    return Math.round(d + (255 - d) * t);
  });
}

/** The selected region: its own hue, darkened (all channels alike) until its L* is at most
 * MAX_SELECTED_L; a dark colour stays as it is. @param {number[]} c */
export function emphasised(c) {
  if (lightness(c) <= MAX_SELECTED_L) return c.slice();
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 12; i += 1) {  // bisection on the scale factor: L* grows with it
    const mid = (lo + hi) / 2;
    if (lightness(c.map((v) => v * mid)) > MAX_SELECTED_L) hi = mid; else lo = mid;
  }
  return c.map((v) => Math.round(v * lo));
}

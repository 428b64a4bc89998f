// @ts-check
// Brain Tutor map colours: a statistical map's per-vertex colour and threshold distance, by the
// native renderer's rule (MapOverlay.color and excess, OverlayColorScale, and
// AtlasScene.vertexOverlay in BrainRender), so the lit shader draws the same map on the device
// and a threshold change needs no request. Arithmetic is in 32-bit floats where Swift's is.

/** @typedef {"positive" | "negative" | "both"} Signs */
/** @typedef {{threshold: number, upper: number, signs: Signs, scale: string}} MapDisplay */

import { COLOR_BAR_STRIP, MAP_SCALES } from "./contract.js";

const f = Math.fround;
const VIRIDIS = MAP_SCALES.viridis;

/** @param {number[]} a @param {number[]} b @param {number} t */
function mix(a, b, t) {
  const s = f(Math.min(1, Math.max(0, t)));
  return [0, 1, 2].map((i) => Math.round(f(a[i] + f(f(b[i] - a[i]) * s))));
}

/** The positive half of hot and cold at t (0 at the threshold … 1 at the upper end). @param {number} t */
export const warm = (t) => mix(MAP_SCALES.warm[0], MAP_SCALES.warm[1], t);
/** The negative half. @param {number} t */
export const cool = (t) => mix(MAP_SCALES.cool[0], MAP_SCALES.cool[1], t);
/** Viridis at t (0…1), linear between its stops. @param {number} t */
export function viridis(t) {
  const x = f(f(Math.min(1, Math.max(0, t))) * (VIRIDIS.length - 1));
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  return mix(VIRIDIS[i], VIRIDIS[i + 1], f(x - i));
}

/** The display with the server's float rounding and its rule for a range that ends at or below
 * the threshold (it then ends at twice the threshold).
 * @param {MapDisplay} d @returns {MapDisplay} */
export function normalised(d) {
  const threshold = f(d.threshold);
  const upper = f(d.upper) > threshold ? f(d.upper) : f(2 * threshold);
  return { threshold, upper, signs: d.signs, scale: d.scale };
}

/** The colour of value `v`, or null when it is not shown (MapOverlay.color).
 * @param {MapDisplay} d normalised @param {number} v @returns {number[] | null} */
export function color(d, v) {
  if (!Number.isFinite(v)) return null;
  const span = f(d.upper - d.threshold);
  const both = d.signs === "both";
  if (v >= d.threshold && d.signs !== "negative") {
    if (d.scale === "viridis") return viridis(both ? f(f(v + d.upper) / f(2 * d.upper)) : f(f(v - d.threshold) / span));
    return warm(f(f(v - d.threshold) / span));
  }
  if (v <= -d.threshold && d.signs !== "positive") {
    if (d.scale === "viridis") return viridis(both ? f(f(v + d.upper) / f(2 * d.upper)) : f(f(-v - d.threshold) / span));
    return cool(f(f(-v - d.threshold) / span));
  }
  return null;
}

/** How far `v` lies beyond the threshold on the shown sides (MapOverlay.excess).
 * @param {MapDisplay} d @param {number} v */
function excess(d, v) {
  if (d.signs === "positive") return f(v - d.threshold);
  if (d.signs === "negative") return f(-v - d.threshold);
  return f(Math.abs(v) - d.threshold);
}

/** The sampled value per vertex for the shown signs, from the strongest positive and negative
 * samples the server sent: the larger magnitude when both signs show.
 * @param {Float32Array} positive @param {Float32Array} negative @param {Signs} signs */
export function shownValues(positive, negative, signs) {
  if (signs === "positive") return positive;
  if (signs === "negative") return negative;
  const out = new Float32Array(positive.length);
  for (let i = 0; i < out.length; i += 1) out[i] = Math.abs(negative[i]) > Math.abs(positive[i]) ? negative[i] : positive[i];
  return out;
}

/** RGBA per drawn vertex for the lit shader's `aOverlay`: the value's colour (a vertex below the
 * threshold takes the threshold colour of a shown neighbour, so cluster edges do not fade through
 * black), and alpha 255 × (½ − excess / 2·upper), clamped: ½ exactly at the threshold.
 * @param {MapDisplay} display normalised @param {Float32Array} values per catalog vertex
 * @param {Uint32Array} triangles the catalog mesh's @param {ArrayLike<number>} sourceVertex per drawn vertex */
export function vertexOverlay(display, values, triangles, sourceVertex) {
  const n = values.length;
  /** @type {(number[] | null)[]} */
  const colors = new Array(n);
  for (let i = 0; i < n; i += 1) colors[i] = color(display, values[i]);
  const edge = colors.slice();
  const rims = [color(display, display.threshold), color(display, -display.threshold)];
  for (let k = 0; k + 2 < triangles.length; k += 3) {
    for (let ka = k; ka < k + 3; ka += 1) {
      const a = triangles[ka];
      if (!colors[a]) continue;
      for (let kb = k; kb < k + 3; kb += 1) {
        const b = triangles[kb];
        if (!edge[b]) edge[b] = values[a] >= 0 ? rims[0] : rims[1];
      }
    }
  }
  const encoded = new Uint8Array(n * 4);
  const scale = 2 * display.upper;
  for (let i = 0; i < n; i += 1) {
    const c = edge[i] || [0, 0, 0];
    const w = Math.min(1, Math.max(0, 0.5 + excess(display, values[i]) / scale));
    encoded.set([c[0], c[1], c[2], 255 - Math.round(w * 255)], 4 * i);
  }
  const out = new Uint8Array(sourceVertex.length * 4);
  for (let v = 0; v < sourceVertex.length; v += 1) out.set(encoded.subarray(4 * sourceVertex[v], 4 * sourceVertex[v] + 4), 4 * v);
  return out;
}

/** CSS colour stops of the scale from the threshold (0) to the upper end (1), for the colour bar.
 * @param {MapDisplay} d @param {boolean} negative */
export function barGradient(d, negative) {
  const stops = [];
  for (let i = 0; i <= 8; i += 1) {
    const t = i / 8;
    const v = d.threshold + t * (d.upper - d.threshold);
    const c = color(d, negative ? -v : v) || [0, 0, 0];
    stops.push(`rgb(${c[0]}, ${c[1]}, ${c[2]}) ${(100 - t * 100).toFixed(1)}%`);
  }
  return `linear-gradient(to bottom, ${stops.reverse().join(", ")})`;
}

/** The colour bar's strip on a canvas `width` pixels wide, as the renderer frames it
 * (RendererContract.colorBarStripWidth): 0 when the image is too narrow for one. @param {number} width */
export function barStrip(width) {
  const { divisor, minimum, maximum } = COLOR_BAR_STRIP;
  return width < 3 * minimum ? 0 : Math.min(maximum, Math.max(minimum, Math.floor(width / divisor)));
}

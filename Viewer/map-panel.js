// @ts-check
// Brain Tutor statistical maps in the viewer: the map chooser (shown when the server was started
// with maps), the threshold slider, the smallest cluster, both signs, the colour bar and the value
// at a tap. Nothing of a map loads until one is chosen; a threshold change redraws on the device
// (with a smallest cluster, the server's removal at the new threshold follows once the slider rests).
import { getJSON, query } from "./api.js";
import { $, failed, showStatus } from "./dom.js";
import { brainShown, renderBrain, theBrain } from "./brain.js";
import { COLOR_BAR_STRIP } from "./contract.js";
import { barGradient, barStrip, normalised } from "./map-colours.js";
import { MapLayer, mapValues } from "./map-layer.js";
import { state, update } from "./store.js";

/** @typedef {import("./map-layer.js").MapInfo} MapInfo */

/** @type {Promise<MapInfo[]> | null} */
let listing = null;
/** @type {MapLayer | null} */
let layer = null;
/** How long the slider must rest before clusters are removed at its threshold (ms). */
const SETTLE_MS = 250;
let settleTimer = 0;

/** The server's maps (`serve --map NAME=FILE`), asked once. */
export function listMaps() {
  if (!listing) {
    listing = getJSON("/api/maps").then((answer) => /** @type {MapInfo[]} */ (answer.maps));
    listing.catch(() => { listing = null; });
  }
  return listing;
}

/** The map info of the chosen map, or null. */
async function chosen() {
  if (!state.map) return null;
  const name = state.map.name;
  return (await listMaps()).find((m) => m.name === name) || null;
}

/** The signs shown: the map's own unless "Both signs" was switched (off: the positive side, or the
 * negative side for the `cold` scale), as `twoSided` does on the server. @param {MapInfo} info */
function signsOf(info) {
  const two = state.map ? state.map.twoSided : null;
  if (two === null) return info.signs;
  return two ? "both" : (info.scale === "cold" ? "negative" : "positive");
}

/** The display (threshold, range, signs, scale) the chosen map is drawn with. @param {MapInfo} info */
function displayOf(info) {
  const threshold = state.map ? state.map.threshold : info.threshold;
  return normalised({ threshold, upper: info.upper, signs: signsOf(info), scale: info.scale });
}

/** The display keys that make the server remove clusters smaller than the chosen smallest cluster
 * (found in the volume at the chosen threshold, with the signs shown), as `render --overlay …
 * --cluster-min` does; null when nothing is removed. */
function removal() {
  if (!state.map || !(state.map.clusterMin > 0)) return null;
  const two = state.map.twoSided;
  return { clusterMin: state.map.clusterMin, threshold: state.map.threshold, twoSided: two === null ? null : (two ? "on" : "off") };
}

/** The query of the chosen map's values: the listed URL's own when nothing is removed and the
 * map's own smallest cluster is none. @param {MapInfo} info */
function valuesQuery(info) {
  const keys = removal();
  if (keys) return `?${query(keys)}`;
  return info.clusterMin > 0 ? "?clusterMin=0" : "";
}

/** The WebGL viewer's map layer (null with server images). */
function mapLayer() {
  const brain = theBrain();
  if (brain.kind !== "webgl") return null;
  if (!layer) layer = new MapLayer(brain.viewer);
  return layer;
}

/** The colour bar over the canvas's right strip (where the server draws its bar and the camera
 * leaves room): the map's name, statistic, and the value range of each sign shown. */
function drawBar(/** @type {MapInfo | null} */ info) {
  const bar = $("map-bar");
  const canvas = $("brain-canvas");
  if (!info || !state.map || canvas.hidden) { bar.hidden = true; return; }
  const d = displayOf(info);
  const width = canvas.width;
  // The renderer's strip; on a canvas too narrow for one the bar still takes the least strip.
  const strip = barStrip(width) || COLOR_BAR_STRIP.minimum;
  const scale = canvas.clientWidth / width;
  bar.style.left = `${canvas.offsetLeft + (width - strip) * scale}px`;
  bar.style.top = `${canvas.offsetTop}px`;
  bar.style.width = `${strip * scale}px`;
  bar.style.height = `${canvas.clientHeight}px`;
  const number = (/** @type {number} */ v) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3));
  const ramps = [];
  if (d.signs !== "negative") ramps.push({ top: number(d.upper), bottom: number(d.threshold), gradient: barGradient(d, false) });
  // The negative ramp runs from −threshold (top) down to −upper.
  if (d.signs !== "positive") {
    ramps.push({ top: number(-d.threshold), bottom: number(-d.upper), gradient: barGradient(d, true).replace("to bottom", "to top") });
  }
  bar.replaceChildren();
  const title = document.createElement("p");
  title.className = "map-bar-title";
  // File names break after their separators ("viewer_blobs_|mni_|3mm.|nii.|gz"), not mid-word.
  for (const part of info.title.split(/(?<=[_.\-])/)) title.append(part, document.createElement("wbr"));
  const sub = document.createElement("p");
  sub.className = "map-bar-sub";
  sub.textContent = `${info.statistic ? `${info.statistic} values` : "map values"}, ${d.signs === "both" ? "|v|" : (d.signs === "negative" ? "v ≤ −" : "v")} ${d.signs === "negative" ? "" : "≥ "}${number(d.threshold)}`;
  bar.append(title, sub);
  if (state.map.clusterMin > 0) {
    const clusters = document.createElement("p");
    clusters.className = "map-bar-sub";
    clusters.textContent = `clusters ≥ ${number(state.map.clusterMin)} mm³`;
    bar.append(clusters);
  }
  for (const ramp of ramps) {
    const row = document.createElement("div");
    row.className = "map-ramp";
    const swatch = document.createElement("span");
    swatch.className = "map-ramp-colours";
    swatch.style.background = ramp.gradient;
    const labels = document.createElement("span");
    labels.className = "map-ramp-labels";
    for (const text of [ramp.top, ramp.bottom]) { const s = document.createElement("span"); s.textContent = text; labels.append(s); }
    row.append(swatch, labels);
    bar.append(row);
  }
  bar.dataset.map = info.name;
  bar.hidden = false;
}

/** Shows the controls for the chosen map (slider range, switch state). @param {MapInfo | null} info */
function syncControls(info) {
  const slider = /** @type {HTMLInputElement} */ ($("map-threshold"));
  const signs = /** @type {HTMLInputElement} */ ($("map-two-sided"));
  /** @type {HTMLSelectElement} */ ($("map-choice")).value = state.map ? state.map.name : "";
  // Server images draw the map at its own settings: the slider and switch are the WebGL viewer's.
  for (const id of ["map-threshold-row", "map-cluster-row", "map-signs-row"]) $(id).hidden = !info || theBrain().kind !== "webgl";
  if (!info || !state.map) return;
  const d = displayOf(info);
  slider.min = String(info.upper / 100);
  slider.max = String(info.upper);
  slider.step = String(info.upper / 200);
  slider.value = String(d.threshold);
  $("map-threshold-value").textContent = d.threshold.toPrecision(3);
  signs.checked = d.signs === "both";
  const smallest = /** @type {HTMLInputElement} */ ($("map-cluster-min"));
  if (document.activeElement !== smallest) smallest.value = String(state.map.clusterMin);
}

/** Draws the chosen map on the shown brain (or removes it); resolves once drawn. Unless `settled`
 * (the slider is moving), the values of the last removal are recoloured at the new threshold.
 * @param {boolean} [settled] */
async function drawMap(settled = true) {
  const info = await chosen();
  syncControls(info);
  const mapped = mapLayer();
  if (mapped) {
    if (info && state.map) {
      const display = displayOf(info);
      const same = mapped.map && mapped.map.name === info.name;
      await mapped.show(info, display, settled || !same ? valuesQuery(info) : mapped.suffix);
      // Which values are drawn (the removal's query), for scripts that wait for the settled slider.
      $("map-bar").dataset.values = mapped.suffix;
    } else if (mapped.map) await mapped.clear();
  }
  drawBar(info);
}

/** Shows map `name` (null: none) at `threshold` with clusters of at least `clusterMin` mm³ (the
 * map's own when not given); resolves once the brain is drawn with it.
 * @param {{name: string | null, threshold?: number | null, twoSided?: boolean | null, clusterMin?: number | null}} choice */
export async function setMap(choice) {
  const name = choice && choice.name ? String(choice.name) : null;
  if (!name) {
    update({ map: null });
  } else {
    const info = (await listMaps()).find((m) => m.name === name);
    if (!info) throw new Error(`no map '${name}'`);
    if (info.surface) throw new Error(`map '${name}' belongs to its own surface mesh, not to the bundled cortex`);
    const threshold = typeof choice.threshold === "number" && choice.threshold > 0 ? choice.threshold : info.threshold;
    const twoSided = typeof choice.twoSided === "boolean" ? choice.twoSided
      : (state.map && state.map.name === name ? state.map.twoSided : null);
    const clusterMin = typeof choice.clusterMin === "number" && choice.clusterMin >= 0 ? choice.clusterMin : info.clusterMin;
    update({ map: { name, threshold, twoSided, clusterMin } });
    // Fetched beside the scene, so both arrive together.
    const sides = state.hemi === "both" ? ["left", "right"] : [state.hemi];
    const suffix = valuesQuery(info);
    for (const side of sides) { const url = info.values[`${state.surface}-${side}`]; if (url) mapValues(url + suffix).catch(() => {}); }
  }
  renderBrain();
  await brainShown();
  await drawMap();
}

/** The map's value where a tap at drawing-buffer pixel (x, y) meets the cortex, as /api/pick
 * reports it (null: not on the cortex, or no map). @param {number} x @param {number} y */
export async function mapValueAt(x, y) {
  if (!state.map || !layer) return null;
  const point = layer.surfacePoint(x, y);
  if (!point) return null;
  // On the inflated surface the point stands for its vertex's place on the pial surface.
  const where = point.mesh.startsWith("inflated") ? { mesh: point.mesh, vertex: point.vertex }
    : { x: point.point[0], y: point.point[1], z: point.point[2] };
  const answer = await getJSON(`/api/map-value/${encodeURIComponent(state.map.name)}?${query({ ...where, ...removal() })}`);
  return /** @type {number} */ (answer.value);
}

/** Shows the value beside the tapped region. @param {{x: number, y: number}} pick */
export async function showTapValue(pick) {
  const line = $("map-value");
  if (!state.map) { line.hidden = true; return; }
  try {
    const value = await mapValueAt(pick.x, pick.y);
    line.dataset.value = value === null ? "" : String(value);
    line.dataset.pixel = `${Math.floor(pick.x)},${Math.floor(pick.y)}`;
    line.textContent = value === null ? "Map value: none here (off the cortex)." : `Map value here: ${value}`;
    line.hidden = false;
  } catch (error) {
    showStatus(failed("Could not read the map's value", error));
  }
}

/** The chooser's behaviour, for the server's maps (`/api/maps`; the page lists their names in
 * the chooser at once and loads this module once the first view is complete, so the first load
 * carries nothing of it). @param {MapInfo[]} maps */
export function wireMaps(maps) {
  listing = Promise.resolve(maps);
  if (!maps.some((m) => !m.surface)) return;
  const select = /** @type {HTMLSelectElement} */ ($("map-choice"));
  const choose = () => { setMap({ name: select.value || null }).catch((e) => showStatus(failed("Could not show the map", e))); };
  select.addEventListener("change", choose);
  if (select.value) choose();  // chosen while this module was loading
  const slider = /** @type {HTMLInputElement} */ ($("map-threshold"));
  const redrawn = (/** @type {Promise<void>} */ drawn) => drawn.catch((e) => showStatus(failed("Could not show the map", e)));
  slider.addEventListener("input", () => {
    if (!state.map) return;
    update({ map: { ...state.map, threshold: Number(slider.value) } });
    redrawn(drawMap(false));
    clearTimeout(settleTimer);
    if (state.map.clusterMin > 0) settleTimer = window.setTimeout(() => redrawn(drawMap()), SETTLE_MS);
  });
  const smallest = /** @type {HTMLInputElement} */ ($("map-cluster-min"));
  smallest.addEventListener("change", () => {
    if (!state.map) return;
    const v = Number(smallest.value);
    if (smallest.value.trim() === "" || !Number.isFinite(v) || v < 0) { smallest.value = String(state.map.clusterMin); return; }
    update({ map: { ...state.map, clusterMin: v } });
    redrawn(drawMap());
  });
  $("map-two-sided").addEventListener("change", (/** @type {Event} */ e) => {
    if (!state.map) return;
    update({ map: { ...state.map, twoSided: /** @type {HTMLInputElement} */ (e.target).checked } });
    drawMap();
  });
  window.addEventListener("resize", () => chosen().then(drawBar));
}

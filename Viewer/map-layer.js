// @ts-check
// Brain Tutor map on the WebGL brain: fetches a map's sampled values per cortex mesh (once per
// map and mesh: immutable bodies), colours the drawn vertices on the device (map-colours.js) and
// hands the lit pass one buffer per layer, so a threshold change is a redraw, not a request.
import { getBytes } from "./api.js";
import { normalised, shownValues, vertexOverlay } from "./map-colours.js";
import { hit } from "./map-pick.js";
import { meshRangeOf } from "./pick-rules.js";
import { parseBinary } from "./scene-data.js";

/** @typedef {{name: string, title: string, statistic: string | null, threshold: number, upper: number,
 *   signs: import("./map-colours.js").Signs, scale: string, clusterMin: number, surface: boolean,
 *   values: Record<string, string>}} MapInfo */
/** @typedef {{positive: Float32Array, negative: Float32Array}} MapValues */

/** @type {Map<string, Promise<MapValues>>} values body URL → its arrays */
const bodies = new Map();
/** @type {string[]} URLs of bodies with clusters removed at one threshold, oldest first: a slider
 * asks for many, so only the latest `KEPT` are kept. */
const thresholded = [];
const KEPT = 8;

/** The strongest positive and negative samples per catalog vertex of one cortex mesh.
 * @param {string} url */
export function mapValues(url) {
  let body = bodies.get(url);
  if (!body) {
    body = getBytes(url).then((bytes) => {
      const { arrays } = parseBinary(bytes, url);
      if (!(arrays.positive instanceof Float32Array) || !(arrays.negative instanceof Float32Array)) {
        throw new Error(`${url}: not a map values body`);
      }
      return { positive: arrays.positive, negative: arrays.negative };
    });
    bodies.set(url, body);
    body.catch(() => bodies.delete(url));
    if (url.includes("threshold=")) {
      thresholded.push(url);
      if (thresholded.length > KEPT) bodies.delete(/** @type {string} */ (thresholded.shift()));
    }
  }
  return body;
}

export class MapLayer {
  /** @param {any} viewer the WebGL viewer (gl-viewer.js) */
  constructor(viewer) {
    this.viewer = viewer;
    /** @type {WebGLRenderingContext} */
    this.gl = viewer.renderer.gl;
    /** @type {MapInfo | null} */
    this.map = null;
    /** @type {import("./map-colours.js").MapDisplay | null} */
    this.display = null;
    this.key = "";
    /** the query of the values drawn (`?clusterMin=…`; "" for the listed URLs) */
    this.suffix = "";
    /** @type {Map<any, {key: string, buffer: WebGLBuffer}>} drawn geometry → its map colours */
    this.buffers = new Map();
    /** @type {any} the scene a refresh was started for */
    this.refreshed = null;
    viewer.overlays = (/** @type {any} */ scene) => {
      if (!this.map) return null;
      const buffers = scene.layers.map((/** @type {any} */ layer) => {
        const entry = this.buffers.get(layer.source);
        return entry && entry.key === this.key ? entry.buffer : null;
      });
      // A new scene (atlas, side or surface changed) is coloured once its values are at hand.
      const missing = scene.description.layers.some((/** @type {any} */ json, /** @type {number} */ i) =>
        json.kind === "cortex" && this.map && this.map.values[json.name] && !buffers[i]);
      if (missing && this.refreshed !== scene && this.display) {
        this.refreshed = scene;
        const map = this.map, display = this.display, suffix = this.suffix;
        queueMicrotask(() => { this.show(map, display, suffix).catch(() => { this.refreshed = null; }); });
      }
      return buffers;
    };
  }

  /** Colours the shown scene's cortex by `map` with `display`, from the values its URLs give
   * with `suffix` (the query removing small clusters), and resolves once drawn.
   * @param {MapInfo} map @param {import("./map-colours.js").MapDisplay} display @param {string} suffix */
  async show(map, display, suffix) {
    this.map = map;
    this.display = normalised(display);
    this.suffix = suffix;
    const key = `${map.name}|${suffix}|${JSON.stringify(this.display)}`;
    this.key = key;
    const scene = this.viewer.scene;
    if (!scene) return;
    const shown = /** @type {import("./map-colours.js").MapDisplay} */ (this.display);
    await Promise.all(scene.description.layers.map(async (/** @type {any} */ json, /** @type {number} */ i) => {
      const base = json.kind === "cortex" ? map.values[json.name] : null;
      if (!base) return;
      const url = base + suffix;
      const values = await mapValues(url);
      if (this.key !== key) return;  // a newer threshold won
      const drawn = scene.layers[i].source;
      const rgba = vertexOverlay(shown, shownValues(values.positive, values.negative, shown.signs),
        drawn.catalogTriangles, drawn.sourceVertex);
      let entry = this.buffers.get(drawn);
      if (!entry) { entry = { key, buffer: /** @type {WebGLBuffer} */ (this.gl.createBuffer()) }; this.buffers.set(drawn, entry); }
      entry.key = key;
      this.gl.bindBuffer(this.gl.ARRAY_BUFFER, entry.buffer);
      this.gl.bufferData(this.gl.ARRAY_BUFFER, rgba, this.gl.DYNAMIC_DRAW);
    }));
    if (this.key === key) await this.viewer.redraw();
  }

  /** No map: the buffers go, the brain is drawn without. */
  clear() {
    this.map = null;
    this.display = null;
    this.key = "";
    this.suffix = "";
    for (const entry of this.buffers.values()) this.gl.deleteBuffer(entry.buffer);
    this.buffers.clear();
    return this.viewer.redraw();
  }

  /** Where a tap at drawing-buffer pixel (x, y) meets the cortex: the point (RAS mm), the cortex
   * mesh and the catalog vertex nearest it; null off the cortex. @param {number} x @param {number} y */
  surfacePoint(x, y) {
    const v = this.viewer;
    if (!v.scene || !v.camera || x < 0 || y < 0 || x >= v.canvas.width || y >= v.canvas.height) return null;
    v.ensurePick();
    const id = v.renderer.readPick(Math.floor(x), Math.floor(y));
    const onMesh = meshRangeOf(v.scene.description.layers, id);
    if (!onMesh) return null;
    const json = v.scene.description.layers[onMesh.layer];
    if (json.kind !== "cortex") return null;
    const layer = v.scene.layers[onMesh.layer];
    const found = hit({ positions: layer.positions, indices: layer.indices, sourceVertex: layer.source.sourceVertex },
      layer.ranges[onMesh.range], v.camera.exact || v.camera, x, y, v.canvas.width, v.canvas.height);
    return found ? { ...found, mesh: /** @type {string} */ (json.name) } : null;
  }
}

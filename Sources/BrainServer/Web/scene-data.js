// @ts-check
// Brain Tutor scene data: fetches /api/scene, the binary meshes and labels (layout in
// docs/VIEWER.md) and the shader files, and turns them into typed arrays ready for WebGL.
import { getBytes, getJSON, getText } from "./api.js";

const MAGIC = "BTSD";

// Reads a BTSD body: magic, u32 version, u32 header length, JSON header, aligned arrays.
function parseBinary(buffer, url) {
  const view = new DataView(buffer);
  const magic = String.fromCharCode(...new Uint8Array(buffer, 0, 4));
  if (magic !== MAGIC) throw new Error(`${url}: not scene data (magic ${JSON.stringify(magic)})`);
  const length = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 12, length)));
  const arrays = {};
  const types = { f32: Float32Array, u32: Uint32Array, u16: Uint16Array };
  for (const entry of header.arrays) {
    const Type = types[entry.type];
    if (!Type || entry.offset % 4 || entry.offset + entry.count * Type.BYTES_PER_ELEMENT > buffer.byteLength) {
      throw new Error(`${url}: array ${entry.name} does not fit the body`);
    }
    arrays[entry.name] = new Type(buffer, entry.offset, entry.count);
  }
  return { header, arrays };
}

/** @type {Map<string, Promise<{header: any, arrays: Record<string, any>}>>} url -> parsed body (each version is immutable) */
const binaries = new Map();
/** @param {string} url @param {(n: number) => void} [onBytes] */
function binary(url, onBytes) {
  let body = binaries.get(url);
  if (!body) {
    body = getBytes(url, onBytes).then((b) => parseBinary(b, url));
    binaries.set(url, body);
    // A failed load is tried again next time; the caller reports the error.
    body.catch(() => binaries.delete(url));
  }
  return body;
}

/** @type {Map<string, Promise<string>>} */
const texts = new Map();
/** @param {string} url */
function text(url) {
  let body = texts.get(url);
  if (!body) {
    body = getText(url);
    texts.set(url, body);
    body.catch(() => texts.delete(url));
  }
  return body;
}

// One drawable layer: positions, normals, triangles in drawing order (one index range per
// region, as the server draws them), per-vertex convexity and the strengths to shade it with
// ([0, 0]: no curvature shading), and the JSON of the layer (colours, regions, pick ids).
/** @param {any} json @param {any} description @param {(n: number) => void} onBytes */
async function layer(json, description, onBytes) {
  const labels = await binary(json.labels, onBytes);
  const own = labels.header.geometry === "own";
  const mesh = own ? labels : await binary(json.mesh, onBytes);
  const triangles = mesh.arrays.triangles;
  const order = labels.arrays.triangleOrder;
  const indices = new Uint32Array(order.length * 3);
  for (let k = 0; k < order.length; k += 1) {
    const t = order[k] * 3;
    indices[3 * k] = triangles[t];
    indices[3 * k + 1] = triangles[t + 1];
    indices[3 * k + 2] = triangles[t + 2];
  }
  return {
    json,
    closed: labels.header.closed,
    ranges: labels.header.ranges,
    positions: mesh.arrays.positions,
    normals: mesh.arrays.normals,
    curvature: json.curvature ? mesh.arrays.curvature || null : null,
    curvatureShading: json.curvature && mesh.arrays.curvature
      ? [description.curvatureShading.sulcus, description.curvatureShading.gyrus] : [0, 0],
    indices,
    bytes: 0,
  };
}

/** The bodies of a scene still to come over the wire, and their sizes as the server gave them.
 * @param {any} description */
function pendingBytes(description) {
  let total = 0;
  for (const json of description.layers) {
    if (!binaries.has(json.labels)) total += json.labelsBytes || 0;
    if (json.geometry !== "own" && !binaries.has(json.mesh)) total += json.meshBytes || 0;
  }
  return total;
}

/** The whole scene: description, layers and shader sources. `onProgress(done, total)` hears
 * the bytes of the scene data as they arrive (total 0: nothing to fetch).
 * @param {string} query @param {(done: number, total: number) => void} [onProgress] */
async function load(query, onProgress) {
  const description = await getJSON(`/api/scene?${query}`);
  const total = pendingBytes(description);
  let done = 0;
  const onBytes = (/** @type {number} */ n) => { done += n; if (onProgress) onProgress(Math.min(done, total), total); };
  if (onProgress) onProgress(0, total);
  const [layers, shaders] = await Promise.all([
    Promise.all(description.layers.map((/** @type {any} */ json) => layer(json, description, onBytes))),
    Promise.all(Object.entries(description.shaders).map(async ([name, url]) => [name, await text(url)])),
  ]);
  return { description, layers, shaders: Object.fromEntries(shaders) };
}

export { load, parseBinary };

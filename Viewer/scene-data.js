// @ts-check
// Brain Tutor scene data: fetches /api/scene, the binary meshes and labels (layout in
// docs/VIEWER.md) and the shader files, and turns them into typed arrays ready for WebGL.
import { getBytes, getJSON, getText } from "./api.js";
import { groupByLabel, splitBorders } from "./border-split.js";
import { checkContract } from "./contract-version.js";
import { SCENE_DATA } from "./contract.js";

const { magic: MAGIC, version: VERSION } = SCENE_DATA;

/** u16 or u32 values (`size` 2 or 4 bytes) from zigzag deltas, each from the value `stride`
 * places before (modulo 2^16 or 2^32), stored as byte planes: all lowest bytes first.
 * @param {Uint8Array} bytes @param {number} count @param {number} stride @param {number} size */
function undelta(bytes, count, stride, size) {
  const out = size === 2 ? new Uint16Array(count) : new Uint32Array(count);
  for (let i = 0; i < count; i += 1) {
    let zigzag = 0;
    for (let plane = size - 1; plane >= 0; plane -= 1) zigzag = zigzag * 256 + bytes[plane * count + i];
    const delta = zigzag % 2 ? -(zigzag + 1) / 2 : zigzag / 2;
    const previous = i >= stride ? out[i - stride] : 0;
    out[i] = size === 2 ? (previous + delta) & 0xffff : (previous + delta) >>> 0;
  }
  return out;
}

// Reads a BTSD body: magic, u32 version, u32 header length, JSON header, aligned arrays.
function parseBinary(buffer, url) {
  const view = new DataView(buffer);
  const magic = String.fromCharCode(...new Uint8Array(buffer, 0, 4));
  if (magic !== MAGIC) throw new Error(`${url}: not scene data (magic ${JSON.stringify(magic)})`);
  if (view.getUint32(4, true) !== VERSION) throw new Error(`${url}: scene data version ${view.getUint32(4, true)}, expected ${VERSION}`);
  const length = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 12, length)));
  const arrays = {};
  /** @type {Record<string, any>} */
  const types = { f32: Float32Array, u32: Uint32Array, u16: Uint16Array, i16: Int16Array, u8: Uint8Array };
  for (const entry of header.arrays) {
    if (entry.type === "u16-delta" || entry.type === "u32-delta") {
      const size = entry.type === "u16-delta" ? 2 : 4;
      if (entry.offset + entry.count * size > buffer.byteLength || !(entry.stride > 0)) {
        throw new Error(`${url}: array ${entry.name} does not fit the body`);
      }
      arrays[entry.name] = undelta(new Uint8Array(buffer, entry.offset, entry.count * size), entry.count, entry.stride, size);
      continue;
    }
    const Type = types[entry.type];
    if (!Type || entry.offset % Type.BYTES_PER_ELEMENT || entry.offset + entry.count * Type.BYTES_PER_ELEMENT > buffer.byteLength) {
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

/** The catalog mesh of a mesh body, dequantised: positions (RAS mm), unit normals, triangles,
 * and convexity (−1 … +1) when it has one. @param {{header: any, arrays: Record<string, any>}} body */
function decodeMesh(body) {
  const { header, arrays } = body;
  const q = arrays.positions;
  const positions = new Float32Array(q.length);
  for (let i = 0; i < q.length; i += 1) positions[i] = header.positionOrigin[i % 3] + header.positionStep[i % 3] * q[i];
  const oct = arrays.normals;
  const normals = new Float32Array((oct.length / 2) * 3);
  for (let i = 0; i < oct.length / 2; i += 1) {
    let x = oct[2 * i] / 32767, y = oct[2 * i + 1] / 32767;
    const z = 1 - Math.abs(x) - Math.abs(y);
    if (z < 0) {
      const ox = x, oy = y;
      x = (1 - Math.abs(oy)) * (ox >= 0 ? 1 : -1);
      y = (1 - Math.abs(ox)) * (oy >= 0 ? 1 : -1);
    }
    const length = Math.hypot(x, y, z) || 1;
    normals[3 * i] = x / length; normals[3 * i + 1] = y / length; normals[3 * i + 2] = z / length;
  }
  const curvature = arrays.curvature ? Float32Array.from(arrays.curvature, (/** @type {number} */ v) => v / 127.5 - 1) : null;
  const occlusion = arrays.occlusion ? Float32Array.from(arrays.occlusion, (/** @type {number} */ v) => v / 255) : null;
  return { positions, normals, curvature, occlusion, triangles: Uint32Array.from(arrays.triangles) };
}

/** @type {Map<string, Promise<any>>} the drawn geometry per (mesh, labels) pair */
const drawnGeometries = new Map();

/** What a scene draws of one mesh for one atlas: the catalog mesh, its borders split when the
 * labels body says so, and its triangles grouped by region (the renderer's rule), checked
 * against the counts and ranges the server's own grouping gives.
 * @param {string} meshURL @param {string} labelsURL @param {(n: number) => void} onBytes */
function drawnGeometry(meshURL, labelsURL, onBytes) {
  const key = `${meshURL} ${labelsURL}`;
  let drawn = drawnGeometries.get(key);
  if (!drawn) {
    drawn = Promise.all([binary(meshURL, onBytes), binary(labelsURL, onBytes)]).then(([meshBody, labels]) => {
      const mesh = decodeMesh(meshBody);
      const regions = labels.arrays.vertexRegions;
      const geometry = labels.header.geometry === "split" ? splitBorders(mesh, regions, labels.header.borderCuts)
        : { ...mesh, vertexLabels: regions, sourceVertex: null };
      const { ranges, order } = groupByLabel(geometry.triangles, geometry.vertexLabels);
      const expected = labels.header.ranges;
      const same = ranges.length === expected.length && ranges.every((r, i) =>
        r.label === expected[i].label && r.start === expected[i].start && r.count === expected[i].count);
      if (geometry.positions.length !== labels.header.vertexCount * 3 || !same) {
        throw new Error(`${labelsURL}: the drawn geometry does not match the server's (${geometry.positions.length / 3} vertices, ${ranges.length} ranges; expected ${labels.header.vertexCount}, ${expected.length})`);
      }
      const indices = new Uint32Array(order.length * 3);
      for (let k = 0; k < order.length; k += 1) {
        const t = order[k] * 3;
        indices[3 * k] = geometry.triangles[t];
        indices[3 * k + 1] = geometry.triangles[t + 1];
        indices[3 * k + 2] = geometry.triangles[t + 2];
      }
      // The catalog triangles and each drawn vertex's catalog vertex: what a map is coloured from.
      return { positions: geometry.positions, normals: geometry.normals, curvature: geometry.curvature,
               occlusion: geometry.occlusion || null,
               indices, ranges, closed: labels.header.closed, catalogTriangles: mesh.triangles,
               sourceVertex: geometry.sourceVertex || Uint32Array.from({ length: mesh.positions.length / 3 }, (_, i) => i) };
    });
    drawnGeometries.set(key, drawn);
    drawn.catch(() => drawnGeometries.delete(key));
  }
  return drawn;
}

// One drawable layer: positions, normals, triangles in drawing order (one index range per
// region, as the server draws them), per-vertex convexity and the strengths to shade it with
// ([0, 0]: no curvature shading), and the JSON of the layer (colours, regions, pick ids).
/** @param {any} json @param {any} description @param {(n: number) => void} onBytes */
async function layer(json, description, onBytes) {
  const drawn = await drawnGeometry(json.mesh, json.labels, onBytes);
  const curvature = json.curvature ? drawn.curvature : null;
  const occlusion = json.occlusion ? drawn.occlusion : null;
  return {
    json,
    source: drawn,
    closed: drawn.closed,
    ranges: drawn.ranges,
    positions: drawn.positions,
    normals: drawn.normals,
    curvature,
    curvatureShading: curvature ? [description.curvatureShading.sulcus, description.curvatureShading.gyrus] : [0, 0],
    occlusion,
    occlusionStrength: occlusion ? description.occlusionStrength : 0,
    indices: drawn.indices,
  };
}

/** The bodies of layers still to come over the wire, and their sizes as the server gave them.
 * @param {any[]} jsons */
function pendingBytes(jsons) {
  let total = 0;
  for (const json of jsons) {
    if (!binaries.has(json.labels)) total += json.labelsBytes || 0;
    if (!binaries.has(json.mesh)) total += json.meshBytes || 0;
  }
  return total;
}

/** A layer drawn as nothing until its geometry arrives: the head of the 3D slices, whose planes
 * are drawn first. @param {any} json */
function placeholder(json) {
  return { json, source: { placeholder: json }, closed: true, ranges: [], positions: new Float32Array(0),
    normals: new Float32Array(0), curvature: null, curvatureShading: [0, 0], occlusion: null, occlusionStrength: 0,
    indices: new Uint32Array(0) };
}

/** The whole scene: description, layers and shader sources. `onProgress(done, total)` hears
 * the bytes of the scene data as they arrive (total 0: nothing to fetch); `onDescription` gets
 * the scene JSON as soon as it arrives (to fetch more alongside the meshes). In the 3D slices
 * the head waits: the scene comes with a placeholder in its place and `pending` (its layers
 * once loaded, in description order), so the planes are drawn before the head's mesh takes the
 * link. `onDescription` gets a function that starts the head's loading (and returns `pending`)
 * and returns true when it calls it itself (once the planes' first volumes are in); otherwise
 * the head starts at once.
 * @param {string} query @param {(done: number, total: number) => void} [onProgress]
 * @param {(d: any, startLater: () => Promise<any[]>) => boolean | void} [onDescription] */
async function load(query, onProgress, onDescription) {
  const description = await getJSON(`/api/scene?${query}`);
  checkContract(description);
  const later = (/** @type {any} */ json) => !!description.planes && json.kind === "head";
  const now = description.layers.filter((/** @type {any} */ json) => !later(json));
  const total = pendingBytes(now);
  let done = 0;
  const onBytes = (/** @type {number} */ n) => { done += n; if (onProgress) onProgress(Math.min(done, total), total); };
  /** @type {() => void} */
  let go = () => {};
  const gate = new Promise((resolve) => { go = () => resolve(undefined); });
  const laterLayers = description.layers.filter(later);
  const pending = laterLayers.length
    ? gate.then(() => Promise.all(laterLayers.map((/** @type {any} */ json) => layer(json, description, () => {})))) : null;
  const startLater = () => { go(); return pending || Promise.resolve([]); };
  if (!onDescription || onDescription(description, startLater) !== true) go();
  if (onProgress) onProgress(0, total);
  const [layers, shaders] = await Promise.all([
    Promise.all(description.layers.map((/** @type {any} */ json) => (later(json) ? placeholder(json) : layer(json, description, onBytes)))),
    Promise.all(Object.entries(description.shaders).map(async ([name, url]) => [name, await text(url)])),
  ]);
  return { description, layers, shaders: Object.fromEntries(shaders), pending, placeholders: laterLayers };
}

export { load, parseBinary };

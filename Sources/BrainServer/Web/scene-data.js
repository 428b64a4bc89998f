// Brain Tutor scene data: fetches /api/scene, the binary meshes and labels (layout in
// docs/VIEWER.md) and the shader files, and turns them into typed arrays ready for WebGL.
"use strict";

const SceneData = (() => {
  const MAGIC = "BTSD";

  async function fetchOK(url, kind) {
    const response = await fetch(url);
    if (!response.ok) {
      let message = `${response.status}`;
      try { message = (await response.json()).error || message; } catch (_) { /* keep the status */ }
      throw new Error(`${kind} ${url}: ${message}`);
    }
    return response;
  }

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

  const binaries = new Map();  // url -> promise of parsed body (each version is immutable)
  function binary(url) {
    if (!binaries.has(url)) {
      binaries.set(url, fetchOK(url, "scene data").then((r) => r.arrayBuffer()).then((b) => parseBinary(b, url)));
      binaries.get(url).catch(() => binaries.delete(url));
    }
    return binaries.get(url);
  }

  const texts = new Map();
  function text(url) {
    if (!texts.has(url)) {
      texts.set(url, fetchOK(url, "shader").then((r) => r.text()));
      texts.get(url).catch(() => texts.delete(url));
    }
    return texts.get(url);
  }

  // One drawable layer: positions, normals, triangles in drawing order (one index range per
  // region, as the server draws them), per-vertex convexity and the strengths to shade it with
  // ([0, 0]: no curvature shading), and the JSON of the layer (colours, regions, pick ids).
  async function layer(json, description) {
    const labels = await binary(json.labels);
    const own = labels.header.geometry === "own";
    const mesh = own ? labels : await binary(json.mesh);
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

  // The whole scene: description, layers and shader sources.
  async function load(query) {
    const description = await (await fetchOK(`/api/scene?${query}`, "scene")).json();
    const [layers, shaders] = await Promise.all([
      Promise.all(description.layers.map((json) => layer(json, description))),
      Promise.all(Object.entries(description.shaders).map(async ([name, url]) => [name, await text(url)])),
    ]);
    return { description, layers, shaders: Object.fromEntries(shaders) };
  }

  return { load, parseBinary };
})();

// @ts-check
// A layer's buffers on the GPU: its geometry uploaded once per scene, and the coarse twin drawn
// only while the user drags (coarse-mesh.js), made the first time a drag needs it.
import { coarseMesh } from "./coarse-mesh.js";

/** @typedef {{positions: WebGLBuffer, normals: WebGLBuffer, curvature: WebGLBuffer | null,
 *   occlusion: WebGLBuffer | null, indices: WebGLBuffer}} Buffers */

/** @param {WebGLRenderingContext} gl @param {number} target @param {ArrayBufferView} data */
function buffer(gl, target, data) {
  const b = gl.createBuffer();
  gl.bindBuffer(target, b);
  gl.bufferData(target, data, gl.STATIC_DRAW);
  return b;
}

// The bounding box of packed xyz positions: [lo, hi].
/** @param {Float32Array} positions */
function bounds(positions) {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k += 1) {
      const v = positions[i + k];
      if (v < lo[k]) lo[k] = v;
      if (v > hi[k]) hi[k] = v;
    }
  }
  return [lo, hi];
}

/** The vertex and index buffers of a geometry (scene-data.js layer or coarse-mesh.js result).
 * @param {WebGLRenderingContext} gl @param {any} geometry @returns {Buffers} */
function upload(gl, geometry) {
  return {
    positions: buffer(gl, gl.ARRAY_BUFFER, geometry.positions),
    normals: buffer(gl, gl.ARRAY_BUFFER, geometry.normals),
    curvature: geometry.curvature ? buffer(gl, gl.ARRAY_BUFFER, geometry.curvature) : null,
    occlusion: geometry.occlusion ? buffer(gl, gl.ARRAY_BUFFER, geometry.occlusion) : null,
    indices: buffer(gl, gl.ELEMENT_ARRAY_BUFFER, geometry.indices),
  };
}

/** @param {WebGLRenderingContext} gl @param {Buffers} b */
function release(gl, b) {
  for (const x of [b.positions, b.normals, b.indices, b.curvature, b.occlusion]) if (x) gl.deleteBuffer(x);
}

/** A scene layer on the GPU, as Renderer.bindLayer and drawRanges take it.
 * @param {WebGLRenderingContext} gl @param {any} layer */
export function uploadLayer(gl, layer) {
  return {
    source: layer,
    ...upload(gl, layer),
    curvatureShading: layer.curvatureShading,
    occlusionStrength: layer.occlusionStrength || 0,
    closed: layer.closed,
    cut: !!(layer.json && layer.json.cut),
    ranges: layer.ranges,
    bounds: bounds(layer.positions),
    outline: null,
    clip: null,
    /** @type {any} */
    coarse: null,
  };
}

/** Frees what `uploadLayer` and its users made for a layer no longer drawn.
 * @param {WebGLRenderingContext} gl @param {any} uploaded */
export function releaseLayer(gl, uploaded) {
  release(gl, uploaded);
  if (uploaded.coarse && uploaded.coarse !== uploaded) releaseLayer(gl, uploaded.coarse);
  if (uploaded.outline) gl.deleteBuffer(uploaded.outline.buffer);
  if (uploaded.clip) uploaded.clip.dispose();
}

/** The layer's coarse twin (same ranges, shading and culling), uploaded on first use. A layer
 * too small to gain from it (under 20,000 triangles) is its own.
 * @param {WebGLRenderingContext} gl @param {any} uploaded */
export function coarseLayer(gl, uploaded) {
  if (!uploaded.coarse) {
    const source = uploaded.source;
    if (source.indices.length < 60000) {
      uploaded.coarse = uploaded;
    } else {
      const geometry = coarseMesh(source);
      uploaded.coarse = { ...uploadLayer(gl, { ...source, ...geometry }), triangles: geometry.indices.length / 3 };
    }
  }
  return uploaded.coarse;
}

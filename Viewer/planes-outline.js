// @ts-check
// Brain Tutor 3D slices: the highlighted region's outline on a plane, as line segments along the
// texel edges between its voxels and the others (RAS mm), so the region stands out on the
// planes as its dark outline does on the meshes.
import { PLANE_NAMES } from "./contract.js";
import { labelAt } from "./pick-rules.js";

/** The segments (x, y, z pairs) around every texel of region `id` on a plane body.
 * @param {{header: any, arrays: Record<string, any>}} body @param {number} id */
export function outlineSegments(body, id) {
  const h = body.header;
  const ids = body.arrays.ids;
  const axis = PLANE_NAMES.indexOf(h.orientation);
  const [u, v] = h.axes;
  /** @param {number} i @param {number} j */
  const label = (i, j) => labelAt(ids, h.width, h.height, i, j);
  /** @type {number[]} */
  const out = [];
  /** @param {number} a @param {number} b */
  const point = (a, b) => {
    const p = [0, 0, 0];
    p[axis] = h.position;
    const step = h.step || 1;
    p[u] = h.uLow + step * (a - 0.5);
    p[v] = h.vLow + step * (b - 0.5);
    out.push(p[0], p[1], p[2]);
  };
  for (let j = 0; j < h.height; j += 1) {
    for (let i = 0; i < h.width; i += 1) {
      if (label(i, j) !== id) continue;
      if (label(i - 1, j) !== id) { point(i, j); point(i, j + 1); }
      if (label(i + 1, j) !== id) { point(i + 1, j); point(i + 1, j + 1); }
      if (label(i, j - 1) !== id) { point(i, j); point(i + 1, j); }
      if (label(i, j + 1) !== id) { point(i, j + 1); point(i + 1, j + 1); }
    }
  }
  return new Float32Array(out);
}

const POSITION = 0;

/** The highlighted region's outline on each plane cut on the CPU: dark lines nudged toward the
 * viewer and repeated one pixel around (a 3 px line), as the renderer outlines it on meshes.
 * @param {any} drawer the planes-gl.js PlaneDrawer @param {any} frame */
export function drawOutlines(drawer, frame) {
  const gl = drawer.gl;
  const p = drawer.flat;
  gl.useProgram(p.id);
  gl.uniform4f(p.color, 0.08, 0.08, 0.1, 1);
  gl.depthFunc(gl.LEQUAL);
  for (const plane of drawer.planes.values()) {
    if (!plane.outline || plane.outline.id !== drawer.highlight) {
      if (plane.outline) gl.deleteBuffer(plane.outline.buffer);
      const segments = outlineSegments(plane.body, /** @type {number} */ (drawer.highlight));
      const buffer = gl.createBuffer();
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ARRAY_BUFFER, segments, gl.STATIC_DRAW);
      plane.outline = { id: /** @type {number} */ (drawer.highlight), buffer, count: segments.length / 3 };
    }
    if (!plane.outline.count) continue;
    gl.bindBuffer(gl.ARRAY_BUFFER, plane.outline.buffer);
    gl.vertexAttribPointer(POSITION, 3, gl.FLOAT, false, 0, 0);
    const dx = 2 / frame.width, dy = 2 / frame.height;
    for (const [ox, oy] of [[0, 0], [dx, 0], [-dx, 0], [0, dy], [0, -dy]]) {
      const shifted = Float32Array.from(frame.camera.mvp);
      shifted[12] += ox;
      shifted[13] += oy;
      shifted[14] -= 0.004;
      gl.uniformMatrix4fv(p.mvp, false, shifted);
      gl.drawArrays(gl.LINES, 0, plane.outline.count);
    }
  }
  gl.depthFunc(gl.LESS);
}

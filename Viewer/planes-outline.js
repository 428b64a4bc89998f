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

// @ts-check
// Brain Tutor tap point: where the ray through a tapped pixel meets the picked region's
// triangles, by the native renderer's rule (PickResolver in BrainRender): the nearest hit, the
// corner nearest to it and the catalog vertex that corner stands for. Every step is rounded to a
// 32-bit float as Swift's Float arithmetic is, so the point (and the map's value there) is the one
// /api/pick finds for the same pixel.

/** @typedef {{forward: number[], up: number[], right: number[], center: number[], halfWidth: number,
 *   halfHeight: number, halfDepth: number}} RayCamera */
/** @typedef {{positions: Float32Array, indices: Uint32Array, sourceVertex: ArrayLike<number>}} HitLayer */

const f = Math.fround;
/** @param {number[]} a @param {number[]} b */
const sub = (a, b) => [f(a[0] - b[0]), f(a[1] - b[1]), f(a[2] - b[2])];
/** @param {number[]} a @param {number[]} b */
const add = (a, b) => [f(a[0] + b[0]), f(a[1] + b[1]), f(a[2] + b[2])];
/** @param {number[]} a @param {number} k */
const scale = (a, k) => [f(a[0] * k), f(a[1] * k), f(a[2] * k)];
/** @param {number[]} a @param {number[]} b */
const dot = (a, b) => f(f(f(a[0] * b[0]) + f(a[1] * b[1])) + f(a[2] * b[2]));
/** @param {number[]} a @param {number[]} b */
const cross = (a, b) => [f(f(a[1] * b[2]) - f(a[2] * b[1])), f(f(a[2] * b[0]) - f(a[0] * b[2])), f(f(a[0] * b[1]) - f(a[1] * b[0]))];

/** The ray through the centre of drawing-buffer pixel (x, y) (Camera.ray).
 * @param {RayCamera} c @param {number} x @param {number} y @param {number} width @param {number} height */
export function ray(c, x, y, width, height) {
  const nx = f(f(f(f(Math.floor(x) + 0.5) / width) * 2) - 1);
  const ny = f(1 - f(f(f(Math.floor(y) + 0.5) / height) * 2));
  const [right, up, forward] = [c.right, c.up, c.forward].map((v) => v.map(f));
  const origin = sub(add(add(c.center.map(f), scale(right, f(nx * c.halfWidth))), scale(up, f(ny * c.halfHeight))),
    scale(forward, f(c.halfDepth)));
  return { origin, direction: forward };
}

/** The hit of the ray through (x, y) on triangles [start, start + count) of a layer's drawing
 * order: the point (RAS mm) and the catalog vertex nearest it; null when there are no triangles.
 * @param {HitLayer} layer @param {{start: number, count: number}} range @param {RayCamera} camera
 * @param {number} x @param {number} y @param {number} width @param {number} height */
export function hit(layer, range, camera, x, y, width, height) {
  const { origin, direction } = ray(camera, x, y, width, height);
  const p = layer.positions;
  /** @param {number} v */
  const at = (v) => [p[3 * v], p[3 * v + 1], p[3 * v + 2]];
  let bestT = Infinity;
  /** @type {number[] | null} */
  let best = null;
  const tolerance = f(1e-5);
  const corners = [];
  for (let t = range.start; t < range.start + range.count; t += 1) {
    const tri = [layer.indices[3 * t], layer.indices[3 * t + 1], layer.indices[3 * t + 2]];
    corners.push(tri);
    const a = at(tri[0]);
    const e1 = sub(at(tri[1]), a), e2 = sub(at(tri[2]), a);
    const q0 = cross(direction, e2);
    const det = dot(e1, q0);
    if (Math.abs(det) <= 1e-12) continue;
    const s = sub(origin, a);
    const inv = f(1 / det);
    const u = f(dot(s, q0) * inv);
    if (u < -tolerance || u > f(1 + tolerance)) continue;
    const q = cross(s, e1);
    const v = f(dot(direction, q) * inv);
    if (v < -tolerance || f(u + v) > f(1 + tolerance)) continue;
    const hitT = f(dot(e2, q) * inv);
    if (hitT > 0 && hitT < bestT) { bestT = hitT; best = tri; }
  }
  /** @type {number[]} */
  let point;
  if (best) {
    point = add(origin, scale(direction, bestT));
  } else {
    // The pixel centre lies on an edge the test misses: the triangle whose centroid is nearest the ray.
    /** @param {number[]} tri */
    const offRay = (tri) => {
      const sum = add(add(at(tri[0]), at(tri[1])), at(tri[2]));
      const centroid = sub([f(sum[0] / 3), f(sum[1] / 3), f(sum[2] / 3)], origin);
      const off = sub(centroid, scale(direction, dot(centroid, direction)));
      return dot(off, off);
    };
    if (!corners.length) return null;
    best = corners.reduce((m, tri) => (offRay(tri) < offRay(m) ? tri : m));
    const a = at(best[0]);
    const n = cross(sub(at(best[1]), a), sub(at(best[2]), a));
    const denom = dot(n, direction);
    point = Math.abs(denom) > 1e-12 ? add(origin, scale(direction, f(dot(n, sub(a, origin)) / denom))) : a;
  }
  /** @param {number} v */
  const d2 = (v) => { const d = sub(at(v), point); return dot(d, d); };
  const nearest = best.reduce((m, v) => (d2(v) < d2(m) ? v : m));
  return { point, vertex: layer.sourceVertex[nearest] };
}

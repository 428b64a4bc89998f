// @ts-check
// The lighter mesh drawn only while the user drags (as VTK's level-of-detail actors do): a
// software GL spends most of a turning frame on the vertices and triangle set-up of a 92,000
// triangle cortex, not on its pixels. Vertices are clustered in cubic cells of COARSE_CELL mm,
// each cell split by the normal's main direction (±x, ±y, ±z), so the two banks of a sulcus,
// facing each other within one cell, stay apart. A cluster's vertex is its members' mean
// (position, convexity, openness; normal summed and normalised). A triangle keeps its range
// (its region's colour) with its corners moved to their clusters; triangles that collapse or
// repeat one already kept are dropped. The still frame, picks and snapshots keep the full mesh.

/** Cell edge in mm: the left pial cortex's 91,980 triangles become 27,759 (a third of the turning
 * frame's time on llvmpipe); at the scale of a 1280 × 800 window a cell is about 10 pixels, so
 * folds and borders keep their places, the borders a little ragged until the drag ends. */
export const COARSE_CELL = 3;

/** @typedef {{start: number, count: number}} Range */
/** @typedef {{positions: Float32Array, normals: Float32Array, curvature: Float32Array | null,
 *   occlusion: Float32Array | null, indices: Uint32Array, ranges: Range[]}} Geometry */

/** The normal's main direction: 0–5 for +x, −x, +y, −y, +z, −z.
 * @param {Float32Array} n @param {number} i */
function direction(n, i) {
  const x = n[i], y = n[i + 1], z = n[i + 2];
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  if (ax >= ay && ax >= az) return x >= 0 ? 0 : 1;
  if (ay >= az) return y >= 0 ? 2 : 3;
  return z >= 0 ? 4 : 5;
}

/** Each vertex's cluster and the number of clusters.
 * @param {Float32Array} positions @param {Float32Array} normals @param {number} cell */
export function clusterVertices(positions, normals, cell) {
  const count = positions.length / 3;
  const lo = [Infinity, Infinity, Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k += 1) lo[k] = Math.min(lo[k], positions[i + k]);
  }
  const cells = new Map();
  const cluster = new Uint32Array(count);
  for (let v = 0, i = 0; v < count; v += 1, i += 3) {
    const cx = Math.floor((positions[i] - lo[0]) / cell);
    const cy = Math.floor((positions[i + 1] - lo[1]) / cell);
    const cz = Math.floor((positions[i + 2] - lo[2]) / cell);
    // Cell indices stay below 2^16 for any head-sized mesh, so the key is exact in a double.
    const key = ((cx * 65536 + cy) * 65536 + cz) * 6 + direction(normals, i);
    let id = cells.get(key);
    if (id === undefined) { id = cells.size; cells.set(key, id); }
    cluster[v] = id;
  }
  return { cluster, clusters: cells.size };
}

/** The coarse version of `geometry` with cells of `cell` mm: the same number of ranges, in the
 * same order, each holding what is left of its triangles (possibly none).
 * @param {Geometry} geometry @param {number} [cell] @returns {Geometry} */
export function coarseMesh(geometry, cell = COARSE_CELL) {
  const { positions, normals, curvature, occlusion, indices, ranges } = geometry;
  const { cluster, clusters } = clusterVertices(positions, normals, cell);
  const members = new Uint32Array(clusters);
  const sums = new Float64Array(clusters * 6);
  const curvatureSums = curvature ? new Float64Array(clusters) : null;
  const occlusionSums = occlusion ? new Float64Array(clusters) : null;
  for (let v = 0; v < cluster.length; v += 1) {
    const c = cluster[v];
    members[c] += 1;
    for (let k = 0; k < 3; k += 1) {
      sums[6 * c + k] += positions[3 * v + k];
      sums[6 * c + 3 + k] += normals[3 * v + k];
    }
    if (curvatureSums) curvatureSums[c] += curvature[v];
    if (occlusionSums) occlusionSums[c] += occlusion[v];
  }
  const outPositions = new Float32Array(clusters * 3);
  const outNormals = new Float32Array(clusters * 3);
  for (let c = 0; c < clusters; c += 1) {
    const n = Math.hypot(sums[6 * c + 3], sums[6 * c + 4], sums[6 * c + 5]) || 1;
    for (let k = 0; k < 3; k += 1) {
      outPositions[3 * c + k] = sums[6 * c + k] / members[c];
      outNormals[3 * c + k] = sums[6 * c + 3 + k] / n;
    }
  }
  const mean = (/** @type {Float64Array | null} */ s) => (s ? Float32Array.from(s, (x, c) => x / members[c]) : null);
  const kept = new Set();
  const out = new Uint32Array(indices.length);
  let n = 0;
  /** @type {Range[]} */
  const outRanges = [];
  for (const range of ranges) {
    const start = n;
    for (let t = range.start * 3, end = (range.start + range.count) * 3; t < end; t += 3) {
      const a = cluster[indices[t]], b = cluster[indices[t + 1]], c = cluster[indices[t + 2]];
      if (a === b || b === c || a === c) continue;
      const lo = Math.min(a, b, c), hi = Math.max(a, b, c);
      const key = (lo * clusters + (a + b + c - lo - hi)) * clusters + hi;
      if (kept.has(key)) continue;
      kept.add(key);
      out[3 * n] = a; out[3 * n + 1] = b; out[3 * n + 2] = c;
      n += 1;
    }
    outRanges.push({ ...range, start, count: n - start });
  }
  return { positions: outPositions, normals: outNormals, curvature: mean(curvatureSums), occlusion: mean(occlusionSums),
    indices: out.slice(0, 3 * n), ranges: outRanges };
}

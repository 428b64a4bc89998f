// @ts-check
// Brain Tutor border refinement in the browser, by the native renderer's rule (BorderCuts,
// BorderSplit and RegionGrouping in BrainRender): an atlas's labels body then needs only the
// per-vertex region ids, not a second copy of the mesh. Border edges (corners with different
// labels) are cut at points that start at the middle and relax toward their border neighbours;
// two-label triangles become three pieces, three-label ones six around the mean of their cuts.

/** The renderer's rule as the labels body states it (`borderCuts`: BorderCuts.defaultRelaxation
 * and BorderCuts.margin), so its constants are written once, in Swift.
 * @typedef {{relaxation: number, margin: number}} CutRule */

/** @typedef {{positions: Float32Array, normals: Float32Array, curvature: Float32Array | null, occlusion?: Float32Array | null, triangles: Uint32Array}} Mesh */

/** Cut fraction per border edge (from the lower vertex index to the higher), keyed low * n + high.
 * @param {Mesh} mesh @param {Uint32Array | Uint16Array} labels @param {CutRule} rule */
function borderCuts(mesh, labels, rule) {
  const MARGIN = rule.margin;
  const p = mesh.positions;
  const tris = mesh.triangles;
  const n = labels.length;
  /** @type {Map<number, number>} */
  const index = new Map();
  /** @type {number[]} */
  const ends = [];
  /** @type {number[][]} */
  const links = [];
  /** @type {number[][]} */
  const junctions = [];
  const edge = (/** @type {number} */ a, /** @type {number} */ b) => {
    const low = Math.min(a, b), high = Math.max(a, b), key = low * n + high;
    let i = index.get(key);
    if (i === undefined) { i = ends.length / 2; index.set(key, i); ends.push(low, high); }
    return i;
  };
  for (let t = 0; t + 2 < tris.length; t += 3) {
    const v = [tris[t], tris[t + 1], tris[t + 2]];
    const l = [labels[v[0]], labels[v[1]], labels[v[2]]];
    if (l[0] === l[1] && l[0] === l[2]) continue;
    if (l[0] !== l[1] && l[1] !== l[2] && l[0] !== l[2]) {
      junctions.push([edge(v[0], v[1]), edge(v[1], v[2]), edge(v[2], v[0])]);
      continue;
    }
    const k = l[0] === l[1] ? 2 : (l[1] === l[2] ? 0 : 1);
    links.push([edge(v[(k + 1) % 3], v[k]), edge(v[k], v[(k + 2) % 3])]);
  }
  const count = ends.length / 2;
  /** @type {number[][]} ≥ 0: a cut; < 0: junction −1 − j */
  const neighbours = Array.from({ length: count }, () => []);
  for (const [a, b] of links) { neighbours[a].push(b); neighbours[b].push(a); }
  junctions.forEach((cuts, j) => { for (const c of cuts) neighbours[c].push(-1 - j); });
  let s = new Float32Array(count).fill(0.5);
  const point = (/** @type {number} */ e, /** @type {number} */ axis) => {
    const a = ends[2 * e], b = ends[2 * e + 1];
    return Math.fround(p[3 * a + axis] + Math.fround(s[e] * Math.fround(p[3 * b + axis] - p[3 * a + axis])));
  };
  for (let step = 0; step < rule.relaxation; step += 1) {
    const junctionPoints = junctions.map((cuts) => [0, 1, 2].map((axis) =>
      Math.fround(cuts.reduce((sum, c) => Math.fround(sum + point(c, axis)), 0) / 3)));
    const next = s.slice();
    for (let e = 0; e < count; e += 1) {
      if (neighbours[e].length !== 2) continue;
      const a = ends[2 * e], b = ends[2 * e + 1];
      let dot = 0, length2 = 0;
      for (let axis = 0; axis < 3; axis += 1) {
        const target = Math.fround(neighbours[e].reduce((sum, x) => Math.fround(sum + (x >= 0 ? point(x, axis) : junctionPoints[-1 - x][axis])), 0) / 2);
        const d = Math.fround(p[3 * b + axis] - p[3 * a + axis]);
        dot += Math.fround(target - p[3 * a + axis]) * d;
        length2 += d * d;
      }
      if (length2 > 0) next[e] = Math.min(1 - MARGIN, Math.max(MARGIN, dot / length2));
    }
    s = next;
  }
  /** Weights of a and b for the cut on edge (a, b). @param {number} a @param {number} b */
  return (a, b) => {
    const i = index.get(Math.min(a, b) * n + Math.max(a, b));
    const f = i === undefined ? 0.5 : s[i];
    return a < b ? [1 - f, f] : [f, 1 - f];
  };
}

/** The drawn geometry of `mesh` with per-vertex `labels` (already cleared of islands): borders
 * split, then triangles grouped by label. Returns the arrays a labels body of own geometry holds,
 * and the catalog vertex each drawn vertex stands for (`sourceVertex`).
 * @param {Mesh} mesh @param {Uint32Array | Uint16Array} labels @param {CutRule} rule */
export function splitBorders(mesh, labels, rule) {
  if (!rule || !(rule.relaxation >= 0) || !(rule.margin >= 0)) throw new Error("the labels body does not state its border-cut rule");
  const weights = borderCuts(mesh, labels, rule);
  const positions = Array.from(mesh.positions);
  const normals = Array.from(mesh.normals);
  const curvature = mesh.curvature ? Array.from(mesh.curvature) : null;
  const occlusion = mesh.occlusion ? Array.from(mesh.occlusion) : null;
  const vertexLabels = Array.from(labels);
  const sourceVertex = Array.from(labels, (_, i) => i);
  /** @type {number[]} */
  const triangles = [];
  /** @type {Map<string, number>} */
  const midpoints = new Map();
  const src = mesh;
  /** A vertex at the weighted mean of `corners`. @param {number[][]} corners @param {number} label @param {number} from */
  const append = (corners, label, from) => {
    const q = [0, 0, 0], m = [0, 0, 0];
    let k = 0, o = 0;
    for (const [c, w] of corners) {
      for (let axis = 0; axis < 3; axis += 1) {
        q[axis] += w * src.positions[3 * c + axis];
        m[axis] += w * src.normals[3 * c + axis];
      }
      if (src.curvature) k += w * src.curvature[c];
      if (src.occlusion) o += w * src.occlusion[c];
    }
    const length = Math.hypot(m[0], m[1], m[2]);
    positions.push(q[0], q[1], q[2]);
    if (length > 0) normals.push(m[0] / length, m[1] / length, m[2] / length);
    else normals.push(src.normals[3 * from], src.normals[3 * from + 1], src.normals[3 * from + 2]);
    if (curvature) curvature.push(k);
    if (occlusion) occlusion.push(o);
    vertexLabels.push(label);
    sourceVertex.push(from);
    return vertexLabels.length - 1;
  };
  /** @param {number} a @param {number} b @param {number} label */
  const midpoint = (a, b, label, from = a) => {
    const key = `${Math.min(a, b)},${Math.max(a, b)},${label}`;
    let v = midpoints.get(key);
    if (v === undefined) {
      const [wa, wb] = weights(a, b);
      v = append([[a, wa], [b, wb]], label, from);
      midpoints.set(key, v);
    }
    return v;
  };
  const tris = mesh.triangles;
  for (let t = 0; t + 2 < tris.length; t += 3) {
    const v = [tris[t], tris[t + 1], tris[t + 2]];
    const l = [labels[v[0]], labels[v[1]], labels[v[2]]];
    if (l[0] === l[1] && l[0] === l[2]) { triangles.push(v[0], v[1], v[2]); continue; }
    if (l[0] !== l[1] && l[1] !== l[2] && l[0] !== l[2]) {
      /** @type {number[][]} */
      const junction = [];
      for (let k = 0; k < 3; k += 1) {
        const [wa, wb] = weights(v[k], v[(k + 1) % 3]);
        junction.push([v[k], wa / 3], [v[(k + 1) % 3], wb / 3]);
      }
      for (let k = 0; k < 3; k += 1) {
        const c = v[k], next = v[(k + 1) % 3], previous = v[(k + 2) % 3];
        const g = append(junction, l[k], c);
        const mNext = midpoint(c, next, l[k], c);
        const mPrevious = midpoint(previous, c, l[k], c);
        triangles.push(c, mNext, g, c, g, mPrevious);
      }
      continue;
    }
    const k = l[0] === l[1] ? 2 : (l[1] === l[2] ? 0 : 1);
    const p = v[(k + 1) % 3], q = v[(k + 2) % 3], r = v[k];
    const major = l[(k + 1) % 3], minor = l[k];
    const qrMajor = midpoint(q, r, major, q), rpMajor = midpoint(r, p, major, p);
    const qrMinor = midpoint(q, r, minor, r), rpMinor = midpoint(r, p, minor, r);
    triangles.push(p, q, qrMajor, p, qrMajor, rpMajor, qrMinor, r, rpMinor);
  }
  return {
    positions: new Float32Array(positions), normals: new Float32Array(normals),
    curvature: curvature ? new Float32Array(curvature) : null,
    occlusion: occlusion ? new Float32Array(occlusion) : null,
    triangles: new Uint32Array(triangles), vertexLabels: Uint32Array.from(vertexLabels),
    sourceVertex: Uint32Array.from(sourceVertex),
  };
}

/** The one region rule of every pass (RegionGrouping): a triangle takes the label of the majority
 * of its corners (tie: the first); triangles sorted by label, file order kept inside a label.
 * @param {Uint32Array} triangles @param {ArrayLike<number>} labels */
export function groupByLabel(triangles, labels) {
  const count = triangles.length / 3;
  const triangleLabels = new Uint32Array(count);
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (let t = 0; t < count; t += 1) {
    const a = labels[triangles[3 * t]], b = labels[triangles[3 * t + 1]], c = labels[triangles[3 * t + 2]];
    const label = a === b || a === c ? a : (b === c ? b : a);
    triangleLabels[t] = label;
    counts.set(label, (counts.get(label) || 0) + 1);
  }
  const ranges = [];
  /** @type {Map<number, number>} */
  const next = new Map();
  let start = 0;
  for (const label of Array.from(counts.keys()).sort((x, y) => x - y)) {
    const n = /** @type {number} */ (counts.get(label));
    ranges.push({ label, start, count: n });
    next.set(label, start);
    start += n;
  }
  const order = new Uint32Array(count);
  for (let t = 0; t < count; t += 1) {
    const slot = /** @type {number} */ (next.get(triangleLabels[t]));
    next.set(triangleLabels[t], slot + 1);
    order[slot] = t;
  }
  return { ranges, order };
}

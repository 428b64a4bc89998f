// @ts-check
// Brain Tutor 3D slices on the device: the template grey and the atlas's label ids as volumes
// (coarse 2 mm first, then whole 1 mm), and each plane cut from them here exactly as the
// renderer cuts it (PlaneSectionBuilder): the plane's texels, the head's cross-section (dark
// texels joined to the border are air), cropped to it. Moving a plane costs no request.
import { PLANE_NAMES } from "./contract.js";

/** @typedef {{header: any, arrays: Record<string, any>}} Body */

/** The in-plane axes (u, v) of each plane, as `ScenePlanes.Orientation.inPlaneAxes`. */
export const IN_PLANE = { sagittal: [1, 2], coronal: [0, 2], axial: [0, 1] };

/** The head's mask on an nu × nv grid: 0 for air (texels below `floor` joined to the border
 * through such texels, 4-connected) and for pieces of fewer than `smallest` texels (specks in the
 * air, as `HeadMask` drops them), 1 inside.
 * @param {Uint8Array} grey @param {number} nu @param {number} nv @param {number} floor @param {number} [smallest] */
export function headMask(grey, nu, nv, floor, smallest = 0) {
  const inside = new Uint8Array(nu * nv).fill(1);
  const stack = [];
  for (let i = 0; i < nu; i += 1) stack.push(i, (nv - 1) * nu + i);
  for (let j = 0; j < nv; j += 1) stack.push(j * nu, j * nu + nu - 1);
  while (stack.length) {
    const k = /** @type {number} */ (stack.pop());
    if (!inside[k] || grey[k] >= floor) continue;
    inside[k] = 0;
    const i = k % nu;
    if (i > 0) stack.push(k - 1);
    if (i < nu - 1) stack.push(k + 1);
    if (k >= nu) stack.push(k - nu);
    if (k < (nv - 1) * nu) stack.push(k + nu);
  }
  if (smallest > 1) dropPieces(inside, nu, nv, smallest);
  return inside;
}

/** Clears every 4-connected piece of `inside` with fewer than `limit` texels.
 * @param {Uint8Array} inside @param {number} nu @param {number} nv @param {number} limit */
function dropPieces(inside, nu, nv, limit) {
  const seen = new Uint8Array(nu * nv);
  /** @type {number[]} */ const piece = [];
  /** @type {number[]} */ const stack = [];
  const visit = (/** @type {number} */ n) => { if (inside[n] && !seen[n]) { seen[n] = 1; stack.push(n); } };
  for (let start = 0; start < nu * nv; start += 1) {
    if (!inside[start] || seen[start]) continue;
    piece.length = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const k = /** @type {number} */ (stack.pop());
      piece.push(k);
      const i = k % nu;
      if (i > 0) visit(k - 1);
      if (i < nu - 1) visit(k + 1);
      if (k >= nu) visit(k - nu);
      if (k < (nv - 1) * nu) visit(k + nu);
    }
    if (piece.length < limit) for (const k of piece) inside[k] = 0;
  }
}

/** Plane `name` at `position` (whole MNI mm) cut from the grey and label volumes (same box and
 * step): a body as the plane drawer takes it, `width` 0 when the plane misses the head. Texel
 * (i, j) is centred at `uLow + step·i`, `vLow + step·j` mm; a coarse volume gives its slice
 * nearest the position (`slice`, its index along the plane's axis): `grey` (grey, flag) and
 * `ids` (low, high, 0, flag) per texel. With `onGPU` (plane.frag's PLANE_VOXELS reads the ids
 * from the plane's voxels, `PlaneVoxels.slice`) the ids here are cut only when first read (a pick) and `header.onGPU` is true.
 * @param {Body} grey @param {Body} labels @param {string} name @param {number} position
 * @param {boolean} [onGPU] @returns {Body} */
export function cutPlane(grey, labels, name, position, onGPU = false) {
  const h = grey.header;
  const step = h.step;
  const axis = PLANE_NAMES.indexOf(name);
  const [u, v] = /** @type {Record<string, number[]>} */ (IN_PLANE)[name];
  const dims = h.dims, origin = h.origin;
  const k = Math.round((position - origin[axis]) / step);
  const empty = { header: { orientation: name, position, width: 0, height: 0, step, axes: [u, v], uLow: 0, vLow: 0, slice: k,
    texS: [0, 0, 0, 0], texT: [0, 0, 0, 0], onGPU }, arrays: { grey: new Uint8Array(0), ids: new Uint8Array(0) } };
  if (k < 0 || k >= dims[axis]) return empty;
  const nu = dims[u], nv = dims[v];
  const strides = [1, dims[0], dims[0] * dims[1]];
  const su = strides[u], sv = strides[v], base = k * strides[axis];
  const g = grey.arrays.grey;
  const plane = new Uint8Array(nu * nv);
  for (let j = 0, n = 0; j < nv; j += 1) {
    for (let i = 0, at = base + j * sv; i < nu; i += 1, n += 1, at += su) plane[n] = g[at];
  }
  // The limit is in mm²; a coarse volume's texel covers step² of them.
  const inside = headMask(plane, nu, nv, h.greyFloor, Math.ceil((h.smallestPiece || 0) / (h.step * h.step)));
  let i0 = nu, j0 = nv, i1 = -1, j1 = -1;
  for (let j = 0, n = 0; j < nv; j += 1) {
    for (let i = 0; i < nu; i += 1, n += 1) {
      if (!inside[n]) continue;
      if (i < i0) i0 = i;
      if (i > i1) i1 = i;
      if (j < j0) j0 = j;
      if (j > j1) j1 = j;
    }
  }
  if (i1 < 0) return empty;
  const width = i1 - i0 + 1, height = j1 - j0 + 1;
  const cutIds = () => {
    const ids = labels.arrays.labels;
    const out = new Uint8Array(4 * width * height);
    for (let j = 0; j < height; j += 1) {
      for (let i = 0; i < width; i += 1) {
        const from = (j0 + j) * nu + i0 + i, to = j * width + i;
        const id = ids[base + (i0 + i) * su + (j0 + j) * sv];
        out[4 * to] = id & 0xff;
        out[4 * to + 1] = id >> 8;
        out[4 * to + 3] = inside[from] ? 255 : 0;
      }
    }
    return out;
  };
  const outGrey = new Uint8Array(2 * width * height);
  for (let j = 0; j < height; j += 1) {
    for (let i = 0; i < width; i += 1) {
      const from = (j0 + j) * nu + i0 + i, to = j * width + i;
      outGrey[2 * to] = plane[from];
      outGrey[2 * to + 1] = inside[from] ? 255 : 0;
    }
  }
  /** @type {Record<string, any>} */
  const arrays = { grey: outGrey };
  if (onGPU) {
    /** @type {Uint8Array | null} */
    let ids = null;
    Object.defineProperty(arrays, "ids", { enumerable: true, get: () => (ids = ids || cutIds()) });
  } else {
    arrays.ids = cutIds();
  }
  const uLow = origin[u] + step * i0, vLow = origin[v] + step * j0;
  const texS = [0, 0, 0, 0], texT = [0, 0, 0, 0];
  texS[u] = 1 / (step * width);
  texS[3] = -(uLow - step / 2) / (step * width);
  texT[v] = 1 / (step * height);
  texT[3] = -(vLow - step / 2) / (step * height);
  return { header: { orientation: name, position, width, height, step, axes: [u, v], uLow, vLow, slice: k, texS, texT, onGPU },
    arrays };
}

/** The part of a plane that faces into the cut (the rest the plane shader would discard anyway,
 * at the cost of shading it), as the corners of a quad; null when nothing of it does.
 * @param {any} h the plane body's header @param {{corner: number[], side: number[]}} cut */
export function visibleQuad(h, cut) {
  const axis = PLANE_NAMES.indexOf(h.orientation);
  const range = (/** @type {number} */ k, /** @type {number} */ low, /** @type {number} */ size) => {
    const a = h.axes[k];
    const step = h.step || 1;
    let lo = low - step / 2, hi = low - step / 2 + step * size;
    if (cut.side[a] > 0) lo = Math.max(lo, cut.corner[a]);
    if (cut.side[a] < 0) hi = Math.min(hi, cut.corner[a]);
    return [lo, hi];
  };
  const [u0, u1] = range(0, h.uLow, h.width), [v0, v1] = range(1, h.vLow, h.height);
  if (u0 >= u1 || v0 >= v1) return null;
  const corners = new Float32Array(12);
  [[u0, v0], [u1, v0], [u1, v1], [u0, v1]].forEach(([u, v], k) => {
    corners[3 * k + axis] = h.position;
    corners[3 * k + h.axes[0]] = u;
    corners[3 * k + h.axes[1]] = v;
  });
  return corners;
}

/** The centres (MNI mm) of every `stride`-th voxel along each axis of a grey volume body that
 * is at or above its window's low end: the head, as the planes' cross-sections see it, for
 * framing the camera on it before its mesh is here. @param {Body} grey @param {number} stride */
export function headPoints(grey, stride) {
  const { dims, origin, step, greyFloor } = grey.header;
  const g = grey.arrays.grey;
  const points = [];
  for (let k = 0; k < dims[2]; k += stride) {
    for (let j = 0; j < dims[1]; j += stride) {
      for (let i = 0, at = dims[0] * (j + dims[1] * k); i < dims[0]; i += stride, at += stride) {
        if (g[at] >= greyFloor) points.push([origin[0] + step * i, origin[1] + step * j, origin[2] + step * k]);
      }
    }
  }
  return points;
}

/** Plane bodies cut from one pair of volumes, by plane and position: a drag back and forth cuts
 * each position once. */
export class PlaneCutter {
  /** @param {Body} grey @param {Body} labels */
  constructor(grey, labels) {
    this.grey = grey;
    this.labels = labels;
    this.step = grey.header.step;
    /** @type {Map<string, Body>} */
    this.kept = new Map();
  }

  /** @param {string} name @param {number} position @param {boolean} [onGPU] a body for the voxel path (`cutPlane`) */
  plane(name, position, onGPU = false) {
    const key = `${name}|${position}|${onGPU}`;
    let body = this.kept.get(key);
    if (!body) {
      body = cutPlane(this.grey, this.labels, name, position, onGPU);
      this.kept.set(key, body);
      if (this.kept.size > 96) this.kept.delete(/** @type {string} */ (this.kept.keys().next().value));
    }
    return body;
  }
}

/** @type {Map<string, {coarse: Promise<PlaneCutter>, whole: Promise<PlaneCutter>, ready: PlaneCutter | null}>} */
const sources = new Map();

/** The cutters for a scene's `planes` description: the coarse volumes first, then (asked for
 * once the coarse ones are here and `after` has settled, so they have the link to themselves)
 * the whole ones; `ready` is the whole cutter once it has arrived. Each pair is fetched once per
 * page; the service worker keeps them (versioned URLs), so the mode works offline.
 * @param {any} d @param {(url: string) => Promise<Body>} load @param {() => Promise<any>} [after] */
export function planeSource(d, load, after) {
  const key = `${d.volumes.template.whole}|${d.volumes.labels.whole}`;
  let source = sources.get(key);
  if (!source) {
    const pair = (/** @type {string} */ size) => Promise.all([load(d.volumes.template[size]), load(d.volumes.labels[size])])
      .then(([grey, labels]) => new PlaneCutter(grey, labels));
    const coarse = pair("coarse");
    const waited = coarse.then(() => (after ? after().catch(() => {}) : undefined));
    const made = { coarse, whole: waited.then(() => pair("whole")), ready: /** @type {PlaneCutter | null} */ (null) };
    made.whole.then((cutter) => { made.ready = cutter; }, () => {});
    coarse.catch(() => sources.delete(key));
    sources.set(key, made);
    source = made;
  }
  return source;
}

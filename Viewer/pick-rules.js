// @ts-check
// Brain Tutor pick rules the viewer runs on the device, as the renderer runs them: the pick
// colour of an id, the range or plane an id names, the label of a plane texel, the voxel a plane
// pick names and the cut-away's side. The values come from the generated contract.js; the rules
// replay the reference cases the Swift tests write (tests/cases/).
import { BYTE_BASE, PLANE_NAMES } from "./contract.js";

/** The colour (0–1 per channel, alpha 1) a pick pass writes for `id`. @param {number} id */
export function pickColor(id) {
  return [id % BYTE_BASE, Math.floor(id / BYTE_BASE) % BYTE_BASE, Math.floor(id / (BYTE_BASE * BYTE_BASE)) % BYTE_BASE]
    .map((v) => v / 255).concat(1);
}

/** The pick id in RGBA bytes at `offset`. @param {ArrayLike<number>} bytes @param {number} offset */
export function pickIdAt(bytes, offset) {
  return bytes[offset] + BYTE_BASE * bytes[offset + 1] + BYTE_BASE * BYTE_BASE * bytes[offset + 2];
}

/** The region id of texel (i, j) of a plane's RGBA label texture; 0 (unlabelled) outside it.
 * @param {ArrayLike<number>} ids @param {number} width @param {number} height @param {number} i @param {number} j */
export function labelAt(ids, width, height, i, j) {
  if (i < 0 || j < 0 || i >= width || j >= height) return 0;
  const k = 4 * (j * width + i);
  return ids[k] + BYTE_BASE * ids[k + 1];
}

/** The mesh range pick id `id` names, from the scene JSON's layers (`firstPickId`, `ranges`);
 * null for the background or a plane's id.
 * @param {{firstPickId: number, ranges: any[]}[]} layers @param {number} id */
export function meshRangeOf(layers, id) {
  for (let layer = 0; layer < layers.length; layer += 1) {
    const first = layers[layer].firstPickId;
    if (first && id >= first && id < first + layers[layer].ranges.length) return { layer, range: id - first };
  }
  return null;
}

/** The plane and region id pick id `id` names among `shown` plane names, from the scene JSON's
 * `planes` (`firstPickIds`, `idCount`); null when it names none.
 * @param {{firstPickIds: Record<string, number>, idCount: number}} planes @param {(name: string) => boolean} shown @param {number} id */
export function planeOf(planes, shown, id) {
  for (const name of PLANE_NAMES) {
    const first = planes.firstPickIds[name];
    if (first && shown(name) && id >= first && id < first + planes.idCount) return { name, label: id - first };
  }
  return null;
}

/** The voxel (i, j) a plane pick names (RendererContract.planeVoxel): `texel` is where the pixel's
 * ray meets the plane in texel units from the texture's low corner, `picked` the id the pick pass
 * wrote. The containing voxel when it holds `picked`, else the neighbour holding it with the
 * nearest centre (ties: lower j, then lower i), else the containing voxel.
 * @param {number[]} texel @param {number} picked @param {(i: number, j: number) => number} label */
export function planeVoxel(texel, picked, label) {
  const hi = Math.floor(texel[0]), hj = Math.floor(texel[1]);
  if (label(hi, hj) === picked) return [hi, hj];
  let best = [hi, hj], nearest = Infinity;
  for (let dj = -1; dj <= 1; dj += 1) {
    for (let di = -1; di <= 1; di += 1) {
      if ((di === 0 && dj === 0) || label(hi + di, hj + dj) !== picked) continue;
      const du = hi + di + 0.5 - texel[0], dv = hj + dj + 0.5 - texel[1];
      const distance = du * du + dv * dv;
      if (distance < nearest) { nearest = distance; best = [hi + di, hj + dj]; }
    }
  }
  return best;
}

/** The viewer's side of a plane for a camera looking along `forward` on its axis (CutAway):
 * −1 where forward points along +axis, else +1. @param {number} forward */
export function cutSide(forward) { return forward > 0 ? -1 : 1; }

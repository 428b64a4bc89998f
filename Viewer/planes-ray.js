// @ts-check
// Brain Tutor 3D slices: rays through drawing-buffer pixels (the camera's matrix inverted), to
// find the voxel under a tap on a plane and the point under a tap on a mesh.
import { hit } from "./map-pick.js";
import { meshRangeOf } from "./pick-rules.js";

/** The inverse of a 4×4 matrix (column-major in, column-major out) by Gauss–Jordan
 * elimination with partial pivoting; null when singular. @param {ArrayLike<number>} m */
function invert(m) {
  // Row-major working copy [A | I]; A[r][c] = m[c * 4 + r].
  const a = [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => m[c * 4 + r]).concat([0, 1, 2, 3].map((c) => (c === r ? 1 : 0))));
  for (let col = 0; col < 4; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < 4; r += 1) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    const d = a[col][col];
    for (let c = 0; c < 8; c += 1) a[col][c] /= d;
    for (let r = 0; r < 4; r += 1) {
      if (r === col) continue;
      const f = a[r][col];
      for (let c = 0; c < 8; c += 1) a[r][c] -= f * a[col][c];
    }
  }
  const inv = new Float64Array(16);
  for (let r = 0; r < 4; r += 1) for (let c = 0; c < 4; c += 1) inv[c * 4 + r] = a[r][4 + c];
  return inv;
}

/** Clip-space point (x, y, z, 1) back to RAS mm. @param {Float64Array} inv @param {number[]} c */
function unproject(inv, c) {
  const out = [0, 0, 0, 0];
  for (let r = 0; r < 4; r += 1) out[r] = inv[r] * c[0] + inv[4 + r] * c[1] + inv[8 + r] * c[2] + inv[12 + r];
  return [out[0] / out[3], out[1] / out[3], out[2] / out[3]];
}

/** The ray through the centre of drawing-buffer pixel (x, y): its points on the near and far
 * clip planes (RAS mm), or null. @param {{width: number, height: number, camera: any}} view @param {number} x @param {number} y */
export function pixelRay(view, x, y) {
  const inv = invert(view.camera.mvp);
  if (!inv) return null;
  const cx = ((x + 0.5) / view.width) * 2 - 1, cy = 1 - ((y + 0.5) / view.height) * 2;
  return { near: unproject(inv, [cx, cy, -1]), far: unproject(inv, [cx, cy, 1]) };
}

/** Where the ray through drawing-buffer pixel (x, y) first meets the triangles of the mesh range
 * the pick pass shows there (RAS mm), in the 3D slices; null off a mesh, on the cut head, or
 * without planes. @param {any} viewer @param {number} x @param {number} y */
export function meshPoint(viewer, x, y) {
  if (!viewer.planes || !viewer.scene || !viewer.camera) return null;
  const id = viewer.renderer.readPick(Math.floor(x), Math.floor(y));
  const d = viewer.scene.description;
  const onMesh = meshRangeOf(d.layers, id);
  if (!onMesh || d.layers[onMesh.layer].cut) return null;
  const { positions, indices, ranges } = viewer.scene.layers[onMesh.layer];
  // The renderer's own hit rule (map-pick.js, PickResolver): the nearest hit on the range.
  const found = hit({ positions, indices, sourceVertex: [] }, ranges[onMesh.range], viewer.camera.exact || viewer.camera,
    x, y, viewer.canvas.width, viewer.canvas.height);
  return found ? found.point : null;
}

// Planes cut on the device from a volume follow the renderer's rules: the head's cross-section
// is everything the air joined to the border does not reach (a dark ventricle stays), cropped to
// it, with texel (i, j) centred at uLow + step·i, vLow + step·j mm.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cutPlane, headMask } from "../plane-volume.js";

test("air joined to the border is outside; dark tissue enclosed by the head stays inside", () => {
  // 5 × 5: a bright ring around a dark centre, with a dark border all round.
  const g = [
    0, 0, 0, 0, 0,
    0, 90, 90, 90, 0,
    0, 90, 5, 90, 0,
    0, 90, 90, 90, 0,
    0, 0, 0, 0, 0];
  const inside = Array.from(headMask(Uint8Array.from(g), 5, 5, 22));
  assert.deepEqual(inside, g.map((v, k) => (v >= 22 || k === 12 ? 1 : 0)));
  // Opened to the border, the centre is air.
  g[7] = 0;
  assert.equal(headMask(Uint8Array.from(g), 5, 5, 22)[12], 0);
});

/** A dims volume with origin and step whose grey is `bright` inside a box and labels the x index. */
function volume(/** @type {number[]} */ dims, /** @type {number[]} */ origin, /** @type {number} */ step,
  /** @type {(i: number, j: number, k: number) => boolean} */ bright) {
  const n = dims[0] * dims[1] * dims[2];
  const grey = new Uint8Array(n), labels = new Uint16Array(n);
  for (let k = 0; k < dims[2]; k += 1) {
    for (let j = 0; j < dims[1]; j += 1) {
      for (let i = 0; i < dims[0]; i += 1) {
        const at = i + dims[0] * (j + dims[1] * k);
        grey[at] = bright(i, j, k) ? 200 : 0;
        labels[at] = 300 + i;
      }
    }
  }
  const header = { dims, origin, step, greyFloor: 22 };
  return [{ header, arrays: { grey } }, { header, arrays: { labels } }];
}

test("a coronal plane is cropped to the head, its texels placed in MNI mm, ids in two bytes", () => {
  const [grey, labels] = volume([6, 5, 7], [-10, 20, -4], 2, (i, j, k) => i >= 1 && i <= 3 && k >= 2 && k <= 5);
  const body = cutPlane(grey, labels, "coronal", 25);  // nearest slice: y = 24 (j = 2)
  const h = body.header;
  assert.deepEqual([h.width, h.height, h.uLow, h.vLow, h.axes], [3, 4, -8, 0, [0, 2]]);
  // s at the low edge of texel 0 (uLow − step/2) is 0 and at the high edge of the last texel 1.
  assert.equal(h.texS[0] * (h.uLow - 1) + h.texS[3], 0);
  assert.ok(Math.abs(h.texT[2] * (h.vLow - 1 + 2 * h.height) + h.texT[3] - 1) < 1e-12);
  const ids = body.arrays.ids;
  assert.deepEqual(Array.from(ids.subarray(0, 8)), [301 & 255, 301 >> 8, 0, 255, 302 & 255, 302 >> 8, 0, 255]);
  assert.deepEqual(Array.from(body.arrays.grey.subarray(0, 2)), [200, 255]);
  // A plane beyond the volume misses the head.
  assert.equal(cutPlane(grey, labels, "axial", 40).header.width, 0);
});

test("a plane cut for the GPU holds the same grey and inside flag and, read on demand, the same ids", () => {
  const [grey, labels] = volume([6, 5, 7], [-10, 20, -4], 2, (i, j, k) => i >= 1 && i <= 3 && k >= 2 && k <= 5 && j !== 4);
  for (const [name, position] of [["coronal", 25], ["sagittal", -6], ["axial", 4]]) {
    const cpu = cutPlane(grey, labels, name, position);
    const gpu = cutPlane(grey, labels, name, position, true);
    assert.deepEqual({ ...gpu.header, onGPU: false }, cpu.header, name);
    assert.ok(gpu.header.onGPU);
    assert.ok(gpu.header.width > 0, name);
    assert.deepEqual(Array.from(gpu.arrays.grey), Array.from(cpu.arrays.grey), name);
    assert.deepEqual(Array.from(gpu.arrays.ids), Array.from(cpu.arrays.ids), name);
  }
  // The slice index along the plane's axis the shader reads: y = 27 mm is nearest voxel j = 4 (28 mm).
  assert.equal(cutPlane(grey, labels, "coronal", 27, true).header.slice, 4);
});

test("a bright speck apart from the head is air; a piece as large as the limit stays", () => {
  // 12 × 12: a 6 × 6 head at the lower left, a 2 × 1 speck in the air at the upper right.
  const nu = 12, nv = 12;
  const g = new Uint8Array(nu * nv);
  for (let j = 0; j < 6; j += 1) for (let i = 0; i < 6; i += 1) g[j * nu + i + 1] = 90;
  g[9 * nu + 9] = 90;
  g[9 * nu + 10] = 90;
  const kept = headMask(g, nu, nv, 22, 3);
  assert.equal(kept[9 * nu + 9] + kept[9 * nu + 10], 0, "the speck stays on the plane");
  assert.equal(kept[2 * nu + 3], 1, "the head lost its inside");
  // At a limit of 2 texels the speck is a piece of its own and stays; without a limit too.
  assert.equal(headMask(g, nu, nv, 22, 2)[9 * nu + 9], 1);
  assert.equal(headMask(g, nu, nv, 22)[9 * nu + 9], 1);
});

// The volume packed for the GPU cut: axial slices side by side in one texture that fits the GL's
// limit, each voxel's grey, id bytes and no-border-here flag at the texel plane.frag
// (VOLUME_TILES) reads.
import assert from "node:assert/strict";
import { test } from "node:test";
import { packTiles, tileLayout, uniformNeighbourhoods } from "../plane-tiles.js";
import { discFan } from "../planes-marker.js";

test("the tile layout fits the texture limit and holds every slice", () => {
  for (const [dims, max] of [[[194, 231, 189], 4096], [[97, 116, 95], 4096], [[97, 116, 95], 2048], [[5, 3, 7], 16]]) {
    const layout = tileLayout(dims, max);
    assert.ok(layout, `${dims} in ${max}`);
    assert.ok(layout.width <= max && layout.height <= max, `${dims} in ${max}`);
    assert.equal(layout.width, layout.perRow * dims[0]);
    assert.ok(Math.ceil(dims[2] / layout.perRow) * dims[1] <= layout.height);
  }
  // 189 slices of 194 × 231 need more than a 2048 texture holds (10 per row, 19 rows of 231).
  assert.equal(tileLayout([194, 231, 189], 2048), null);
  assert.equal(tileLayout([5000, 10, 10], 4096), null);
});

test("voxel (i, j, k) lands at its tile's texel with its grey, both id bytes and its border flag", () => {
  const dims = [3, 2, 5], n = 30;
  const grey = Uint8Array.from({ length: n }, (_, k) => 10 + k);
  // Slices k < 3 hold one id (300) throughout, the others ids of their own.
  const labels = Uint16Array.from({ length: n }, (_, v) => (v < 18 ? 300 : 250 + 3 * v));
  // Flagged: no voxel of another id within one voxel (slices 0 and 1; slice 2 touches slice 3).
  const flag = (/** @type {number} */ v) => (v < 12 ? 255 : 0);
  const header = { dims, origin: [0, 0, 0], step: 1, greyFloor: 22 };
  const layout = tileLayout(dims, 7);  // at most two tiles (6 texels) per row
  assert.deepEqual(layout, { perRow: 2, width: 6, height: 6 });
  const out = packTiles({ header, arrays: { grey } }, { header, arrays: { labels } }, layout);
  for (let k = 0; k < 5; k += 1) {
    for (let j = 0; j < 2; j += 1) {
      for (let i = 0; i < 3; i += 1) {
        const v = i + 3 * (j + 2 * k);
        const texel = (Math.floor(k / 2) * 2 + j) * 6 + (k % 2) * 3 + i;
        assert.deepEqual(Array.from(out.subarray(4 * texel, 4 * texel + 4)), [grey[v], labels[v] & 255, labels[v] >> 8, flag(v)]);
      }
    }
  }
});

test("the marker's disc is centred on the point, its rim at the radius in the view's plane", () => {
  const fan = discFan([10, -20, 5], [1, 0, 0], [0, 0, 1], 2);
  assert.deepEqual(Array.from(fan.subarray(0, 3)), [10, -20, 5]);
  for (let k = 3; k < fan.length; k += 3) {
    assert.ok(Math.abs(Math.hypot(fan[k] - 10, fan[k + 1] + 20, fan[k + 2] - 5) - 2) < 1e-5);
    assert.ok(Math.abs(fan[k + 1] + 20) < 1e-6, "the disc faces the viewer along y");
  }
  assert.deepEqual(Array.from(fan.subarray(3, 6)), Array.from(fan.subarray(fan.length - 3)));
});

test("a voxel is flagged exactly when its 3 × 3 × 3 neighbourhood holds one id", () => {
  const dims = [5, 4, 3];
  const ids = Uint16Array.from({ length: 60 }, (_, v) => (v === 27 ? 9 : 1));  // voxel (2, 1, 1) differs
  const flags = uniformNeighbourhoods(ids, dims);
  for (let k = 0; k < 3; k += 1) {
    for (let j = 0; j < 4; j += 1) {
      for (let i = 0; i < 5; i += 1) {
        const near = Math.abs(i - 2) <= 1 && Math.abs(j - 1) <= 1 && Math.abs(k - 1) <= 1;
        assert.equal(flags[i + 5 * (j + 4 * k)], near ? 0 : 1, `${i} ${j} ${k}`);
      }
    }
  }
});

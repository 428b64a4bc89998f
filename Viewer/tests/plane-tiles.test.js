// The planes' voxels as plane.frag (PLANE_VOXELS) reads them: a plane's slice of the volumes,
// each voxel's grey, id bytes and no-border-here flag at its texel; and the marker's disc.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PlaneVoxels, uniformNeighbourhoods } from "../plane-tiles.js";
import { discFan } from "../planes-marker.js";

test("a plane's slice holds each voxel's grey, both id bytes and its border flag at its texel", () => {
  const dims = [3, 2, 5], n = 30;
  const grey = Uint8Array.from({ length: n }, (_, k) => 10 + k);
  // Slices k < 3 hold one id (300) throughout, the others ids of their own.
  const labels = Uint16Array.from({ length: n }, (_, v) => (v < 18 ? 300 : 250 + 3 * v));
  // Flagged: no voxel of another id within one voxel (slices 0 and 1; slice 2 touches slice 3).
  const flag = (/** @type {number} */ v) => (v < 12 ? 255 : 0);
  const header = { dims, origin: [0, 0, 0], step: 1, greyFloor: 22 };
  const voxels = new PlaneVoxels({ header, arrays: { grey } }, { header, arrays: { labels } });
  // Each orientation: its in-plane axes (u, v), as the plane bodies name them.
  for (const [axes, normal] of [[[1, 2], 0], [[0, 2], 1], [[0, 1], 2]]) {
    for (let slice = 0; slice < dims[normal]; slice += 1) {
      const { width, height, bytes } = voxels.slice(axes, slice);
      assert.deepEqual([width, height], [dims[axes[0]], dims[axes[1]]]);
      for (let j = 0; j < height; j += 1) {
        for (let i = 0; i < width; i += 1) {
          const c = [0, 0, 0];
          c[normal] = slice; c[axes[0]] = i; c[axes[1]] = j;
          const v = c[0] + 3 * (c[1] + 2 * c[2]);
          const texel = j * width + i;
          assert.deepEqual(Array.from(bytes.subarray(4 * texel, 4 * texel + 4)), [grey[v], labels[v] & 255, labels[v] >> 8, flag(v)],
            `${axes} slice ${slice} (${i}, ${j})`);
        }
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

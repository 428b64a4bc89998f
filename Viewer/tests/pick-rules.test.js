// The pick rules replay the reference cases the Swift tests write (RendererContractTests), so a
// plane pixel names the same voxel in `braintutor pick --planes` and in the viewer.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { BYTE_BASE, FIRST_PICK_ID, PLANE_NAMES } from "../contract.js";
import { cutSide, labelAt, meshRangeOf, pickColor, pickIdAt, planeOf, planeVoxel } from "../pick-rules.js";

/** @param {string} name */
const cases = (name) => JSON.parse(readFileSync(new URL(`cases/${name}`, import.meta.url), "utf8"));

test("a plane pick names the voxel the renderer names, in every reference case", () => {
  const { labels, cases: list } = cases("plane-voxel.json");
  assert.ok(list.length >= 10);
  const label = (/** @type {number} */ i, /** @type {number} */ j) =>
    (i < 0 || j < 0 || j >= labels.length || i >= labels[0].length ? 0 : labels[j][i]);
  for (const c of list) assert.deepEqual(planeVoxel(c.texel, c.picked, label), c.voxel, c.why);
});

test("the cut-away side matches the renderer's for every reference forward", () => {
  for (const [forward, side] of cases("cut-side.json").forwardAndSide) assert.equal(cutSide(forward), side, `forward ${forward}`);
});

test("a pick id survives its colour bytes, 24 bits wide", () => {
  for (const id of [0, 1, 255, 256, 65535, 65536, 16777215]) {
    const bytes = pickColor(id).slice(0, 3).map((v) => Math.round(v * 255));
    assert.equal(pickIdAt(bytes, 0), id);
  }
  assert.deepEqual(pickColor(BYTE_BASE * BYTE_BASE + BYTE_BASE + 1), [1 / 255, 1 / 255, 1 / 255, 1]);
});

test("a label texel reads low + 256·high, and 0 outside the plane", () => {
  const ids = new Uint8Array([4, 1, 0, 255, 9, 0, 0, 255]);
  assert.equal(labelAt(ids, 2, 1, 0, 0), 260);
  assert.equal(labelAt(ids, 2, 1, 1, 0), 9);
  assert.equal(labelAt(ids, 2, 1, 2, 0), 0);
  assert.equal(labelAt(ids, 2, 1, 0, -1), 0);
});

test("pick ids name mesh ranges and plane regions in the scene's table", () => {
  const layers = [{ firstPickId: FIRST_PICK_ID, ranges: [{}, {}, {}] }, { firstPickId: 0, ranges: [{}] },
    { firstPickId: 4, ranges: [{}, {}] }];
  assert.equal(meshRangeOf(layers, 0), null);
  assert.deepEqual(meshRangeOf(layers, 3), { layer: 0, range: 2 });
  assert.deepEqual(meshRangeOf(layers, 5), { layer: 2, range: 1 });
  assert.equal(meshRangeOf(layers, 6), null);
  const planes = { firstPickIds: { sagittal: 6, axial: 16 }, idCount: 10 };
  assert.deepEqual(planeOf(planes, () => true, 17), { name: "axial", label: 1 });
  assert.equal(planeOf(planes, (n) => n !== "axial", 17), null);
  assert.equal(planeOf(planes, () => true, 5), null);
  assert.deepEqual(PLANE_NAMES, ["sagittal", "coronal", "axial"]);
});

// The viewer's border split replays the renderer's (BorderSplit with BorderCuts' rule) on a
// curved grid where two and three regions meet: the same pieces, the same labels, the same
// catalog vertex behind each new one, and the cut points to float precision.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { splitBorders } from "../border-split.js";

const c = JSON.parse(readFileSync(new URL("cases/border-split.json", import.meta.url), "utf8"));

test("splitBorders cuts a mesh as the renderer does", () => {
  const mesh = { positions: new Float32Array(c.positions), normals: new Float32Array(c.normals), curvature: null,
    triangles: new Uint32Array(c.triangles) };
  const got = splitBorders(mesh, new Uint32Array(c.labels), c.rule);
  assert.deepEqual(Array.from(got.triangles), c.split.triangles);
  assert.deepEqual(Array.from(got.vertexLabels), c.split.labels);
  assert.deepEqual(Array.from(got.sourceVertex), c.split.sourceVertex);
  assert.equal(got.positions.length, c.split.positions.length);
  got.positions.forEach((v, i) => assert.ok(Math.abs(v - c.split.positions[i]) < 1e-4, `position ${i}: ${v} vs ${c.split.positions[i]}`));
});

test("a split without its rule is refused", () => {
  const mesh = { positions: new Float32Array(c.positions), normals: new Float32Array(c.normals), curvature: null,
    triangles: new Uint32Array(c.triangles) };
  assert.throws(() => splitBorders(mesh, new Uint32Array(c.labels), /** @type {any} */ (null)), /border-cut rule/);
});

// The tap point on a mesh replays the renderer's (PickResolver): for rays through pixels inside,
// on and beside each region of a split grid, the same hit point (to float precision) and the same
// catalog vertex, so a map's value is read at the point `braintutor pick` reports.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { hit } from "../map-pick.js";

const c = JSON.parse(readFileSync(new URL("cases/mesh-hit.json", import.meta.url), "utf8"));

test("hit finds the renderer's point and vertex for every reference ray", () => {
  const layer = { positions: new Float32Array(c.positions), indices: new Uint32Array(c.indices), sourceVertex: c.sourceVertex };
  const [width, height] = c.size;
  assert.ok(c.picks.length >= 20);
  for (const p of c.picks) {
    const got = hit(layer, { start: p.range[0], count: p.range[1] }, c.camera, p.pixel[0], p.pixel[1], width, height);
    assert.ok(got, `a hit at ${p.pixel}`);
    assert.equal(got.vertex, p.vertex, `vertex at ${p.pixel} in range ${p.range}`);
    got.point.forEach((v, i) => assert.ok(Math.abs(v - p.point[i]) < 1e-4, `point at ${p.pixel}: ${got.point} vs ${p.point}`));
  }
});

// The map colour scales replay the Swift reference cases (OverlayColourScale at the same t, in
// 32-bit floats), and the display rules hold: what is under the threshold is not drawn.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { colour, cool, normalised, viridis, warm } from "../map-colours.js";

const cases = JSON.parse(readFileSync(new URL("cases/map-scales.json", import.meta.url), "utf8"));

test("warm, cool and viridis give the renderer's colour at every reference t", () => {
  const scales = { warm, cool, viridis };
  for (const [name, scale] of Object.entries(scales)) {
    cases.t.forEach((/** @type {number} */ t, /** @type {number} */ i) => assert.deepEqual(scale(t), cases[name][i], `${name}(${t})`));
  }
});

test("a display colours only the shown signs beyond the threshold", () => {
  const hot = normalised({ threshold: 2, upper: 1, signs: "positive", scale: "hot" });
  assert.equal(hot.upper, 4);  // a range ending at or below the threshold ends at twice it
  assert.equal(colour(hot, 1.9), null);
  assert.deepEqual(colour(hot, 2), [255, 0, 0]);
  assert.deepEqual(colour(hot, 4), [255, 255, 0]);
  assert.equal(colour(hot, -5), null);
  const both = normalised({ threshold: 2, upper: 4, signs: "both", scale: "hot" });
  assert.deepEqual(colour(both, -4), [0, 255, 255]);
  assert.equal(colour(both, Number.NaN), null);
});

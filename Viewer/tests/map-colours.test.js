// The map colour scales replay the Swift reference cases (OverlayColorScale at the same t, in
// 32-bit floats), and the display rules hold: what is under the threshold is not drawn.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { barStrip, color, cool, normalised, viridis, warm } from "../map-colours.js";

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
  assert.equal(color(hot, 1.9), null);
  assert.deepEqual(color(hot, 2), [255, 0, 0]);
  assert.deepEqual(color(hot, 4), [255, 255, 0]);
  assert.equal(color(hot, -5), null);
  const both = normalised({ threshold: 2, upper: 4, signs: "both", scale: "hot" });
  assert.deepEqual(color(both, -4), [0, 255, 255]);
  assert.equal(color(both, Number.NaN), null);
});

const displays = JSON.parse(readFileSync(new URL("cases/map-displays.json", import.meta.url), "utf8"));

test("every scale, sign choice and threshold colours values as MapOverlay.colour does", () => {
  assert.ok(displays.displays.length >= 27);
  for (const c of displays.displays) {
    const d = normalised({ ...c.requested, signs: c.display.signs, scale: c.display.scale });
    assert.deepEqual(d, c.display, `normalised ${JSON.stringify(c.requested)}`);
    displays.values.forEach((/** @type {number} */ v, /** @type {number} */ i) => {
      assert.deepEqual(color(d, Math.fround(v)), c.colors[i], `${JSON.stringify(c.display)} at ${v}`);
    });
  }
});

test("the colour bar takes the renderer's strip at every width", () => {
  for (const [width, strip] of displays.widthAndStrip) assert.equal(barStrip(width), strip, `width ${width}`);
});

// The map colour scales replay the Swift reference cases (OverlayColorScale at the same t, in
// 32-bit floats), and the display rules hold: what is under the threshold is not drawn.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { barStrip, color, cool, normalised, shownValues, vertexOverlay, viridis, warm } from "../map-colours.js";

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

const vertices = JSON.parse(readFileSync(new URL("cases/map-vertices.json", import.meta.url), "utf8"));

test("each sign choice shows the value the renderer samples, ties to the positive one", () => {
  // Swift writes each Float in its shortest form; read back into 32 bits it is the same number.
  const floats = (/** @type {number[]} */ list) => list.map(Math.fround);
  const positive = Float32Array.from(vertices.positive), negative = Float32Array.from(vertices.negative);
  assert.deepEqual(Array.from(shownValues(positive, negative, "both")), floats(vertices.both));
  assert.equal(vertices.both[2], 2);  // −2 met first along the line, +2 below it
  for (const c of vertices.displays) {
    assert.deepEqual(Array.from(shownValues(positive, negative, c.display.signs)), floats(c.values), JSON.stringify(c.display));
  }
});

test("per-vertex colour, rim colour and alpha are the lit pass's for every drawn vertex", () => {
  assert.ok(vertices.displays.length >= 12 && vertices.sourceVertex.length > vertices.both.length);
  for (const c of vertices.displays) {
    const rgba = vertexOverlay(c.display, Float32Array.from(c.values), Uint32Array.from(vertices.triangles), vertices.sourceVertex);
    assert.deepEqual(Array.from(rgba), c.rgba, JSON.stringify(c.display));
  }
});

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Camera, refitViews } from "../gl-camera.js";

const preset = { forward: [0, 1, 0], up: [0, 0, 1], center: [1, 2, 3], halfWidth: 80, halfHeight: 60, halfDepth: 100 };
const dot = (/** @type {number[]} */ a, /** @type {number[]} */ b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
/** Clip coordinates of a point through a column-major matrix. @param {Float32Array} m @param {number[]} p */
const apply = (m, p) => [0, 1, 2].map((r) => m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r]);

test("the matrix maps the centre to the origin and the half sizes to ±1", () => {
  const camera = new Camera(preset);
  apply(camera.mvp, preset.center).forEach((v) => assert.ok(Math.abs(v) < 1e-6));
  const right = camera.right;  // forward × up = +y × +z = +x
  assert.deepEqual(right, [1, 0, 0]);
  const edge = apply(camera.mvp, [1 + 80, 2, 3 + 60]);
  assert.ok(Math.abs(edge[0] - 1) < 1e-6 && Math.abs(edge[1] - 1) < 1e-6);
});

test("a drag keeps forward and up unit length and at right angles", () => {
  const camera = new Camera(preset);
  for (let i = 0; i < 50; i += 1) camera.drag(37, -23, 120);
  assert.ok(Math.abs(Math.hypot(...camera.forward) - 1) < 1e-9);
  assert.ok(Math.abs(Math.hypot(...camera.up) - 1) < 1e-9);
  assert.ok(Math.abs(dot(camera.forward, camera.up)) < 1e-9);
  assert.equal(camera.halfDepth, 120);
  assert.equal(camera.exact, null);
});

test("a zoom at a point keeps that point in place; between reaches the preset at t = 1", () => {
  const camera = new Camera(preset);
  const point = [1 + 40, 2, 3 + 30];  // at (½, ½) of the view
  const before = apply(camera.mvp, point);
  camera.zoomAt(0.5, 0.5, 0.5);
  const after = apply(camera.mvp, point);
  assert.ok(Math.abs(before[0] - after[0]) < 1e-5 && Math.abs(before[1] - after[1]) < 1e-5);
  const exact = { ...preset, mvp: new Array(16).fill(0).map((_, i) => i), normalMatrix: new Array(16).fill(1) };
  const end = Camera.between(camera, exact, 1);
  assert.deepEqual(Array.from(end.mvp), exact.mvp);
});

const cases = JSON.parse(readFileSync(new URL("cases/camera.json", import.meta.url), "utf8"));

test("a camera rebuilt on the device has the renderer's matrices (Camera.mvp, normalMatrix)", () => {
  assert.ok(cases.cameras.length >= 8);
  const near = (/** @type {ArrayLike<number>} */ a, /** @type {number[]} */ b, /** @type {string} */ what) => {
    assert.equal(a.length, b.length, what);
    for (let i = 0; i < b.length; i += 1) assert.ok(Math.abs(a[i] - b[i]) <= 1e-5 * Math.max(1, Math.abs(b[i])), `${what}[${i}]: ${a[i]} vs ${b[i]}`);
  };
  for (const c of cases.cameras) {
    const { mvp, normalMatrix, right, view, ...preset } = c;  // no mvp given: the device computes it
    const camera = new Camera(preset);
    near(camera.right, right, `${view} right`);
    near(camera.mvp, mvp, `${view} mvp`);
    near(camera.normalMatrix, normalMatrix, `${view} normalMatrix`);
  }
});

test("a scene kept at another canvas size is framed again for this one: all the server's view shows, unstretched", () => {
  // The server framed 713 × 535 (4:3); Learn's canvas on a phone is 362 × 405 (taller), a
  // laptop's 1000 × 400 (wider).
  const kept = { lateral: { ...preset, halfWidth: 80, halfHeight: 60, mvp: [1], normalMatrix: [1] } };
  for (const to of [{ width: 362, height: 405 }, { width: 1000, height: 400 }]) {
    const fitted = refitViews(kept, { width: 713, height: 535 }, to).lateral;
    assert.ok(Math.abs(fitted.halfWidth / fitted.halfHeight - to.width / to.height) < 1e-9, "the canvas's shape");
    assert.ok(fitted.halfWidth >= 80 && fitted.halfHeight >= 60, "the server's whole view still shows");
    assert.ok(fitted.halfWidth === 80 || fitted.halfHeight === 60, "grown along one axis only");
    assert.equal(fitted.mvp, undefined, "the server's matrices were for the other shape");
    // The corners of the server's view stay inside the clip square.
    const camera = new Camera(fitted);
    for (const [dx, dz] of [[80, 60], [-80, -60]]) {
      apply(camera.mvp, [1 + dx, 2, 3 + dz]).slice(0, 2).forEach((v) => assert.ok(Math.abs(v) <= 1 + 1e-6));
    }
  }
  // The same shape at another size: the presets as they are, matrices and all.
  assert.equal(refitViews(kept, { width: 713, height: 535 }, { width: 1426, height: 1070 }), kept);
});

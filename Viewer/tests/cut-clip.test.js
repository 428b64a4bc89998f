// The cut-away sorted on the CPU must agree with lit.frag's per-fragment test for every corner
// within the sorting margin of the one sorted for: a triangle left out is cut away at every point
// of it, a triangle drawn without the test at none, and every triangle not left out is drawn
// exactly once, in its own range.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SORT_MARGIN, sortByCut, vertexSides } from "../cut-clip.js";

/** lit.frag's CUT_AWAY rule at point p. */
const cutAway = (p, cut) => [0, 1, 2].every((a) => (cut.side[a] === 0 ? 1 : (p[a] - cut.corner[a]) * cut.side[a]) > 0);

/** A seeded grid of jittered triangles, some large enough to pass through the cut's corner. */
function mesh() {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const positions = [], indices = [];
  for (let t = 0; t < 3000; t += 1) {
    const centre = [rand() * 80 - 40, rand() * 80 - 40, rand() * 80 - 40];
    const size = t % 10 === 0 ? 40 : 6;
    for (let k = 0; k < 3; k += 1) {
      positions.push(...centre.map((c) => c + (rand() - 0.5) * size));
      indices.push(3 * t + k);
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

for (const cut of [{ corner: [-5, 3, 10], side: [1, -1, 1] }, { corner: [0, 0, 0], side: [-1, 0, 1] }]) {
  test(`triangles sorted by the cut ${JSON.stringify(cut)} agree with the shader's test`, () => {
    const { positions, indices } = mesh();
    const ranges = [{ start: 0, count: 1000 }, { start: 1000, count: 2000 }];
    const sides = new Uint8Array(positions.length / 3);
    vertexSides(positions, cut, sides, SORT_MARGIN);
    // The corner sorted for and the corners of the box it may move in before a new sort.
    const m = SORT_MARGIN;
    const cuts = [[0, 0, 0], [m, m, m], [-m, -m, -m], [m, -m, m], [-m, m, -m], [m, 0, -m]]
      .map((o) => ({ corner: cut.corner.map((c, a) => c + o[a]), side: cut.side }));
    const out = new Uint32Array(indices.length), scratch = new Uint32Array(indices.length);
    const { parts, triangles } = sortByCut(indices, sides, ranges, out, scratch);
    const corner = (t, k) => Array.from(positions.subarray(3 * out[3 * t + k], 3 * out[3 * t + k] + 3));
    // Points of a triangle: its corners, its centre and points along its edges.
    const samples = (t) => {
      const [a, b, c] = [0, 1, 2].map((k) => corner(t, k));
      const pts = [];
      for (let i = 0; i <= 8; i += 1) for (let j = 0; j <= 8 - i; j += 1) {
        const u = i / 8, v = j / 8;
        pts.push([0, 1, 2].map((x) => a[x] * (1 - u - v) + b[x] * u + c[x] * v));
      }
      return pts;
    };
    const seen = new Set();
    let kept = 0, edge = 0;
    parts.forEach((part, r) => {
      for (const [what, [start, count]] of Object.entries(part)) {
        for (let t = start; t < start + count; t += 1) {
          const first = out[3 * t];
          assert.ok(first >= 3 * ranges[r].start && first < 3 * (ranges[r].start + ranges[r].count), "a triangle stays in its range");
          seen.add(first);
          if (what === "kept") { kept += 1; const pts = samples(t);
            for (const moved of cuts) assert.ok(pts.every((p) => !cutAway(p, moved)), `kept triangle ${t} is cut somewhere`);
          }
          else edge += 1;
        }
      }
    });
    assert.equal(seen.size, triangles);
    // Every triangle left out is cut away at all its points.
    for (let t = 0; t < indices.length / 3; t += 1) {
      if (seen.has(3 * t)) continue;
      const [a, b, c] = [0, 1, 2].map((k) => Array.from(positions.subarray(9 * t + 3 * k, 9 * t + 3 * k + 3)));
      for (const p of [a, b, c, a.map((v, x) => (v + b[x] + c[x]) / 3)]) {
        for (const moved of cuts) assert.ok(cutAway(p, moved), `left-out triangle ${t} is kept somewhere`);
      }
    }
    const dropped = indices.length / 3 - triangles;
    assert.ok(kept > 1000 && edge > 10 && dropped > 50, `kept ${kept}, straddling ${edge}, left out ${dropped}`);
  });
}

// The coarse mesh drawn while dragging must stay the same surface: fewer triangles, none
// degenerate, every range in its place and none emptied, vertices on the surface and facing the
// same way, the area kept, and the two banks of a sulcus (facing each other closer than a cell)
// never merged into one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { COARSE_CELL, clusterVertices, coarseMesh } from "../coarse-mesh.js";

/** A sphere of `radius` mm from a latitude-longitude grid, its triangles counter-clockwise seen
 * from outside, in two ranges: the northern triangles, then the southern. */
function sphere(radius, rings, segments) {
  const positions = [], normals = [], curvature = [], north = [], south = [];
  for (let i = 0; i <= rings; i += 1) {
    const theta = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j += 1) {
      const phi = (2 * Math.PI * j) / segments;
      const n = [Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)];
      normals.push(...n);
      positions.push(...n.map((x) => x * radius));
      curvature.push(n[2]);
    }
  }
  const at = (i, j) => i * segments + (j % segments);
  for (let i = 0; i < rings; i += 1) {
    for (let j = 0; j < segments; j += 1) {
      const into = i < rings / 2 ? north : south;
      if (i > 0) into.push(at(i, j), at(i + 1, j), at(i, j + 1));
      if (i < rings - 1) into.push(at(i, j + 1), at(i + 1, j), at(i + 1, j + 1));
    }
  }
  return {
    positions: new Float32Array(positions), normals: new Float32Array(normals), curvature: new Float32Array(curvature),
    occlusion: null, indices: new Uint32Array([...north, ...south]),
    ranges: [{ label: 3, start: 0, count: north.length / 3 }, { label: 9, start: north.length / 3, count: south.length / 3 }],
  };
}

const corner = (g, t, k) => { const i = 3 * g.indices[3 * t + k]; return [g.positions[i], g.positions[i + 1], g.positions[i + 2]]; };
/** Triangle t's area-weighted normal (twice its area long). */
function faceNormal(g, t) {
  const [a, b, c] = [0, 1, 2].map((k) => corner(g, t, k));
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
}
const area = (g) => {
  let sum = 0;
  for (let t = 0; t < g.indices.length / 3; t += 1) sum += Math.hypot(...faceNormal(g, t)) / 2;
  return sum;
};

test("a fine sphere keeps its surface, ranges and winding with far fewer triangles", () => {
  const fine = sphere(40, 120, 240);  // about 1 mm between vertices, as the pial cortex
  const coarse = coarseMesh(fine);
  const triangles = coarse.indices.length / 3, vertices = coarse.positions.length / 3;
  assert.ok(triangles < fine.indices.length / 3 / 3, `${triangles} of ${fine.indices.length / 3} triangles`);
  // The ranges: same labels, in order, back to back, none emptied.
  assert.deepEqual(coarse.ranges.map((r) => r.label), [3, 9]);
  assert.equal(coarse.ranges[0].start, 0);
  assert.equal(coarse.ranges[1].start, coarse.ranges[0].count);
  assert.equal(coarse.ranges[1].start + coarse.ranges[1].count, triangles);
  assert.ok(coarse.ranges.every((r) => r.count > 0));
  for (let t = 0; t < triangles; t += 1) {
    const [a, b, c] = [0, 1, 2].map((k) => coarse.indices[3 * t + k]);
    assert.ok(a < vertices && b < vertices && c < vertices && a !== b && b !== c && a !== c, `triangle ${t}: ${a} ${b} ${c}`);
  }
  // Each vertex lies near the sphere (a mean of points of one cell) and faces out; its
  // convexity is that of its members (here the height on the unit sphere).
  for (let v = 0; v < vertices; v += 1) {
    const p = Array.from(coarse.positions.subarray(3 * v, 3 * v + 3));
    const n = Array.from(coarse.normals.subarray(3 * v, 3 * v + 3));
    const r = Math.hypot(...p);
    assert.ok(Math.abs(r - 40) < COARSE_CELL / 2, `vertex ${v} at radius ${r}`);
    assert.ok(Math.abs(Math.hypot(...n) - 1) < 1e-5);
    assert.ok(n[0] * p[0] + n[1] * p[1] + n[2] * p[2] > 0.9 * r, `vertex ${v}'s normal points inward`);
    assert.ok(Math.abs(coarse.curvature[v] - p[2] / r) < COARSE_CELL / 40, `vertex ${v}'s convexity ${coarse.curvature[v]}`);
  }
  // Winding kept: seen from outside, triangles stay counter-clockwise.
  let outward = 0;
  for (let t = 0; t < triangles; t += 1) {
    const n = faceNormal(coarse, t), c = corner(coarse, t, 0);
    if (n[0] * c[0] + n[1] * c[1] + n[2] * c[2] > 0) outward += 1;
  }
  assert.ok(outward >= 0.99 * triangles, `${triangles - outward} triangles turned inside out`);
  const kept = area(coarse) / area(fine);
  assert.ok(kept > 0.97 && kept < 1.03, `area ${kept} of the fine sphere's`);
});

test("the banks of a sulcus closer than a cell stay apart", () => {
  // Two sheets 1 mm apart facing each other, 40 mm square at 0.5 mm spacing.
  const positions = [], normals = [];
  for (const [z, nz] of [[0, 1], [1, -1]]) {
    for (let i = 0; i < 80; i += 1) for (let j = 0; j < 80; j += 1) { positions.push(i * 0.5, j * 0.5, z); normals.push(0, 0, nz); }
  }
  const { cluster } = clusterVertices(new Float32Array(positions), new Float32Array(normals), COARSE_CELL);
  const lower = new Set(cluster.subarray(0, 6400));
  for (let v = 6400; v < 12800; v += 1) assert.ok(!lower.has(cluster[v]), `upper vertex ${v} merged with the lower bank`);
});

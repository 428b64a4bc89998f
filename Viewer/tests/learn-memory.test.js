// Leitner boxes in a stand-in localStorage: a first-try answer moves a region one box up, a
// miss puts it back in box 1, and a corrupt entry costs only itself.
import assert from "node:assert/strict";
import { test } from "node:test";

/** @type {Map<string, string>} */
const items = new Map();
/** @type {any} */ (globalThis).window = {
  localStorage: { getItem: (/** @type {string} */ k) => items.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => { items.set(k, v); } },
};
const Memory = await import("../learn-memory.js");
const region = (/** @type {number} */ id, hemisphere = "left") => ({ id, atlas: "gyri", hemisphere });

test("boxes rise on first tries, fall to 1 on a miss, and due follows the waits", () => {
  Memory.beginRound("gyri");
  Memory.record(region(7), "first");
  Memory.record(region(8), "missed");
  Memory.record(region(9, "right"), "late");
  const stored = JSON.parse(/** @type {string} */ (items.get(Memory.KEY)));
  assert.deepEqual(stored.atlases.gyri.regions["7"], { box: 2, last: 1, hemi: "left" });
  assert.equal(stored.atlases.gyri.regions["8"].box, 1);
  assert.equal(stored.atlases.gyri.regions["9"].box, 1);
  // Next round: box 1 waits WAIT[1] = 1 round (due), box 2 waits 2 (not yet); weakest first.
  assert.deepEqual(Memory.due("gyri", "both", 10), [8, 9]);
  assert.deepEqual(Memory.due("gyri", "left", 10), [8]);
  assert.deepEqual(Memory.due("gyri", "both", 1), [8]);
  Memory.beginRound("gyri");
  assert.deepEqual(Memory.due("gyri", "both", 10), [8, 9, 7]);
  assert.deepEqual(Memory.summary("gyri", "both"), { due: 3, seen: 3 });
});

test("corrupt storage is cleaned entry by entry", () => {
  items.set(Memory.KEY, JSON.stringify({ version: 1, atlases: { lobes: { round: 2, regions: {
    1: { box: 3, last: 1, hemi: "left" }, 2: { box: 99, last: 1 }, x: { box: 1, last: 0 }, 3: { box: 1, last: 5 } } },
  broken: { round: -1 } } }));
  const data = Memory.read();
  assert.deepEqual(Object.keys(data.atlases), ["lobes"]);
  assert.deepEqual(data.atlases.lobes.regions, { 1: { box: 3, last: 1, hemi: "left" } });
  items.set(Memory.KEY, "not json");
  assert.deepEqual(Memory.read().atlases, { lobes: data.atlases.lobes });
});

// The lit highlight replays the Swift reference cases (HighlightColors, which the native lit
// render uses), so the viewer and `braintutor render --highlight` colour a region alike.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { emphasised, faded, tinted } from "../highlight.js";

const cases = JSON.parse(readFileSync(new URL("cases/highlight.json", import.meta.url), "utf8"));

test("the selected region and the others take the renderer's colours", () => {
  assert.ok(cases.cases.length >= 10);
  for (const c of cases.cases) {
    assert.deepEqual(emphasised(c.color), c.emphasised, `emphasised ${c.color}`);
    assert.deepEqual(faded(c.color, cases.tint.soft), c.soft, `soft ${c.color}`);
    assert.deepEqual(faded(c.color, cases.tint.dim), c.dim, `dim ${c.color}`);
  }
});

test("flat frames mix the others toward white as the renderer does", () => {
  for (const c of cases.cases) {
    assert.deepEqual(tinted(c.color, cases.tint.soft), c.flatSoft, `soft ${c.color}`);
    assert.deepEqual(tinted(c.color, cases.tint.dim), c.flatDim, `dim ${c.color}`);
  }
});

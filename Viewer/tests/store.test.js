import assert from "node:assert/strict";
import { test } from "node:test";
import { shownSelection, state, update } from "../store.js";

test("update merges a patch and leaves the rest", () => {
  update({ atlas: "lobes", view: "medial" });
  assert.equal(state.atlas, "lobes");
  assert.equal(state.view, "medial");
  assert.equal(state.surface, "pial");
});

test("the selection shows only while its atlas does", () => {
  const region = { id: 3, atlas: "lobes", name: "x", hemisphere: "left", color: [1, 2, 3] };
  update({ atlas: "lobes", selected: region });
  assert.equal(shownSelection(), region);
  update({ atlas: "gyri" });
  assert.equal(shownSelection(), null);
});

// @ts-check
// Brain Tutor web viewer: starts the page. Everything it shows comes from the braintutor
// server's /api/*; nothing is fetched from elsewhere.
import { getJSON } from "./api.js";
import { $, failed, isPhone, showStatus } from "./dom.js";
import { brainShown, setOnSelect, theBrain } from "./brain.js";
import { wireControls } from "./controls.js";
import { setTab, updateButtons } from "./tabs.js";
import { installHook } from "./hook.js";
import { learnHook, learnSetup, wireLearn } from "./learn.js";
import { search, select, setAtlas, setLearnSetupSource } from "./selection.js";
import { wireTable } from "./table.js";
import { wireGuide } from "./guide.js";
import { registerWorker } from "./offline.js";
import { wirePlanes } from "./planes.js";
import { setOnSliceRegion } from "./slices.js";
import { state, update } from "./store.js";

/** @param {import("./store.js").Region} region */
async function chooseFromTable(region) {
  // Finish the selection (and its view choice) before showing the brain: on a phone the
  // brain pane is hidden until then, and a render for a hidden pane would be wasted.
  await select(region, {});
  if (isPhone()) setTab("brain");
}

async function start() {
  theBrain();
  setOnSelect((region, pick) => {
    const size = theBrain().canvasSize();
    // Where it was tapped, as fractions of the drawing: the name is pinned there.
    const pin = size.width ? { x: pick.x / size.width, y: pick.y / size.height } : null;
    if (state.map) import("./map-panel.js").then((maps) => maps.showTapValue(pick));
    return select(region, { point: pick.mni, pin, keepView: true });
  });
  setOnSliceRegion((region, mni) => select(region, { point: mni, keepView: true }));
  setLearnSetupSource(learnSetup);
  wireControls();
  wirePlanes();
  wireTable(chooseFromTable);
  $("search-form").addEventListener("submit", (/** @type {Event} */ event) => { event.preventDefault(); search($("search").value); });
  wireLearn();
  /** @type {(v?: any) => void} */
  let resolveReady = () => {};
  /** @type {(e: any) => void} */
  let rejectReady = () => {};
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  installHook(/** @type {Promise<void>} */ (ready), learnHook());
  wireGuide(/** @type {Promise<void>} */ (ready));
  setTab("brain");
  updateButtons();
  // The maps list (a few hundred bytes) is asked for at once, so the row offering them shows
  // before anything under the brain is drawn and never pushes the 2D slice down later; the maps
  // code loads once the first view is complete, and only when there are maps.
  const listed = getJSON("/api/maps").then(({ maps }) => {
    const drawable = maps.filter((/** @type {{name: string, surface: boolean}} */ m) => !m.surface);
    for (const m of drawable) $("map-choice").append(new Option(m.name, m.name));
    $("map-controls").hidden = !drawable.length;
    return drawable.length ? maps : null;
  });
  listed.catch(() => {});  // said below, once the first view is complete
  try {
    update({ atlases: await getJSON("/api/atlases") });
  } catch (error) {
    showStatus(failed("The server did not list its atlases", error));
    rejectReady(error);
    return;
  }
  const chooser = $("atlas");
  chooser.textContent = "";  // the placeholder the page paints with
  for (const atlas of state.atlases) {
    const option = document.createElement("option");
    option.value = atlas.name;
    option.textContent = atlas.title || atlas.name;
    chooser.appendChild(option);
  }
  const first = state.atlases.find((a) => a.name === "gyri") || state.atlases[0];
  if (first) await setAtlas(first.name);
  document.body.dataset.ready = "true";
  brainShown().then(resolveReady, rejectReady);
  try {
    const maps = await listed;
    if (maps) (await import("./map-panel.js")).wireMaps(maps);
  } catch (error) {
    showStatus(failed("The server did not list its maps", error));
  }
}

registerWorker();
start();

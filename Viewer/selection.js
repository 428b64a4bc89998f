// @ts-check
// Brain Tutor selection: the chosen atlas and region, the info panel and caption about it,
// and search by name; a change of atlas carries the selection over or clears it.
import { fitSelect } from "./select-fit.js";
import { getJSON, query } from "./api.js";
import { $, SIDE_VIEWS, atlasTitle, colorCSS, failed, isPhone, linkButton, regionLabel, showStatus, sideText } from "./dom.js";
import { renderBrain, pinName, turnToRegion } from "./brain.js";
import { moveSliceTo, renderSlice } from "./slices.js";
import { fillTable, markSelectedRow } from "./table.js";
import { state, update } from "./store.js";
import { setTab, updateButtons } from "./tabs.js";
import { keepForOffline } from "./offline.js";

/** @typedef {import("./store.js").Region} Region */
/** @typedef {{region: Region, alternatives?: any[]}} Details */

/** The info endpoint, asked for exactly this region: its id within its atlas.
 * @param {Region} region @returns {Promise<Details>} */
export async function describe(region) {
  try {
    const result = await getJSON(`/api/info?${query({ q: String(region.id), atlas: region.atlas })}`);
    if (result && result.region && result.region.id === region.id && result.region.atlas === region.atlas) return result;
  } catch (error) {
    showStatus(failed(`Could not load the text about ${region.name}`, error));
  }
  return { region, alternatives: [] };
}

/** The Learn set-up kept for offline use with an atlas (main.js: learn.js's).
 * @type {() => any} */
let learnSetup = () => ({});
/** @param {() => any} source */
export function setLearnSetupSource(source) { learnSetup = source; }

/** Selects `region`: the panel names it at once, then its text follows. `point`: the MNI point
 * tapped (the slices go there, else to the region's anchor); `pin`: where it was tapped (CSS px);
 * `keepView`: no turning (a tap), else the brain turns to a view that shows it well.
 * @param {Region} region
 * @param {{point?: number[] | null, pin?: {x: number, y: number} | null, info?: Details | null, keepView?: boolean}} [options] */
export async function select(region, options = {}) {
  const { point = null, pin = null, info = null, keepView = false } = options;
  if (region.atlas !== state.atlas) await setAtlas(region.atlas, { keepSelection: true });
  update({ selected: region, pin });
  $("view-note").textContent = "";
  // Show the selected side: a right-hemisphere region is invisible in the left lateral view.
  if (SIDE_VIEWS.has(state.view) && (region.hemisphere === "left" || region.hemisphere === "right")) {
    update({ hemi: region.hemisphere });
  }
  markSelectedRow();
  showInfo({ region, alternatives: [] });
  const details = info || await describe(region);
  if (state.selected !== region) return;  // a newer selection won
  if (!keepView) await turnToRegion(region);
  if (state.selected !== region) return;
  const full = Object.assign({}, region, details.region);
  update({ selected: full });
  showInfo(details);
  moveSliceTo(point || full.anchorMni || full.centroidMni);  // the anchor lies inside the region
  showBorder(region, point);
  updateButtons();
  await Promise.all([renderBrain(), renderSlice()]);
}

/** No region selected: the panel and caption say what to do. */
export function clearSelection() {
  // The 3D slices keep their point (the planes stay where they are); otherwise the marked point goes.
  update({ selected: null, pin: null, slicePoint: state.slicing ? state.slicePoint : null });
  $("info-name").textContent = "Tap the brain or pick a region from the table.";
  $("info-swatch").hidden = true;
  for (const id of ["info-atlas", "info-side", "info-lobe", "info-synonyms", "info-volume"]) $(id).textContent = "–";
  $("info-caveat").hidden = true;
  $("info-border").hidden = true;
  $("info-text").textContent = "";
  $("info-alternatives").textContent = "";
  $("brain-caption").textContent = "";
  $("view-note").textContent = "";
  $("brain").alt = "Brain rendering: click or tap a region to name it";
  markSelectedRow();
  pinName();
}

/** How sure the answer at a tapped point is, as `where` says it: the nearest other region of the
 * atlas within 3 mm of the point, what the answer rests on there (the voxel's answer, or the
 * nearest when the surface point lies just outside the atlas's volume), and a disagreement of the
 * Brodmann atlases. Hidden for a region chosen by name (no point).
 * @param {Region} region @param {number[] | null} point */
async function showBorder(region, point) {
  const note = $("info-border");
  note.hidden = true;
  note.textContent = "";
  if (!point) return;
  let answer;
  try {
    answer = await getJSON(`/api/where?${query({ x: point[0], y: point[1], z: point[2], radius: 3 })}`);
  } catch (error) {
    return;  // the panel already names the region; the border is extra
  }
  if (!state.selected || state.selected.id !== region.id || state.atlas !== region.atlas) return;  // a newer selection won
  const atlas = region.atlas;
  const own = (answer.atlases && answer.atlases[atlas]) || (answer.nearest && answer.nearest[atlas] && answer.nearest[atlas].region);
  const other = ((answer.within && answer.within[atlas]) || []).find((/** @type {any} */ n) => n.region.id !== region.id);
  const parts = [];
  if (other) parts.push(`${other.distanceMm} mm from ${regionLabel(other.region)}`);
  if (own && own.id === region.id && own.provenance) parts.push(`here: ${own.provenance.kind}`);
  if (answer.disagreement && atlas.startsWith("brodmann")) parts.push(answer.disagreement.text);
  note.textContent = parts.join("; ");
  note.hidden = parts.length === 0;
}

/** @param {Details} details */
function showInfo(details) {
  const region = details.region;
  $("info-name").textContent = region.name;
  $("info-swatch").hidden = false;
  $("info-swatch").style.background = colorCSS(region.color);
  $("info-atlas").textContent = atlasTitle(region.atlas);
  $("info-side").textContent = sideText(region.hemisphere);
  $("info-lobe").textContent = region.lobe || (region.lobes && region.lobes.length ? region.lobes.join(", ") : "–");
  $("info-caveat").textContent = region.caveat ? `Approximate: ${region.caveat}` : "";
  $("info-caveat").hidden = !region.caveat;
  $("info-synonyms").textContent = region.synonyms && region.synonyms.length ? region.synonyms.join(", ") : "–";
  $("info-volume").textContent = typeof region.volumeMl === "number" ? `${region.volumeMl.toFixed(1)} ml` : "–";
  $("info-text").textContent = region.text || "";
  const alternatives = $("info-alternatives");
  alternatives.textContent = "";
  const others = (details.alternatives || []).slice(0, 6);
  if (others.length) {
    alternatives.append("See also: ");
    others.forEach((alt, i) => {
      const target = alt.region || alt;
      alternatives.append(linkButton(`${regionLabel(target)} – ${atlasTitle(target.atlas)}`, () => select(target, {})));
      if (i < others.length - 1) alternatives.append(" ");
    });
  }
  $("brain").alt = `Brain rendering, ${region.name} selected: click or tap a region to name it`;
  const caption = $("brain-caption");
  caption.textContent = `${regionLabel(region)} `;
  caption.appendChild(linkButton("About this region", () => {
    if (isPhone()) setTab("text"); else $("text-pane").scrollIntoView({ block: "nearest" });
  }));
  pinName();
}

/** The best match for `text` in `atlas` (any atlas when null), or null.
 * @param {string} text @param {string | null} atlas @returns {Promise<Region | null>} */
async function bestMatch(text, atlas) {
  const result = await getJSON(`/api/search?${query({ q: text, atlas, limit: 1 })}`);
  return result.regions && result.regions.length ? result.regions[0] : null;
}

/** Selects the region `text` names (this atlas first, else any) and turns to it; false if none.
 * @param {string} text */
export async function search(text) {
  const q = text.trim();
  if (!q) return false;
  let region;
  try {
    region = await bestMatch(q, state.atlas) || await bestMatch(q, null);
  } catch (error) {
    showStatus(failed("The search failed", error));
    return false;
  }
  if (!region) { showStatus(`No region matches "${q}".`); return false; }
  showStatus("");
  await select(region);
  if (isPhone()) setTab("brain");
  return true;
}

/** A region of the shown atlas that is `region` under another atlas: same name and side.
 * @param {Region} region */
function counterpart(region) {
  const name = region.name.toLowerCase();
  return state.regions.find((r) => r.name.toLowerCase() === name && r.hemisphere === region.hemisphere) || null;
}

/** Shows atlas `name`. The selection is kept when asked (a region of that atlas is being
 * selected), carried over when the atlas has the same region, else cleared.
 * @param {string} name @param {{keepSelection?: boolean}} [options] */
export async function setAtlas(name, options = {}) {
  const keepSelection = !!options.keepSelection;
  const before = state.selected;
  update({ atlas: name });
  $("atlas").value = name;
  fitSelect($("atlas"));
  if (!keepSelection) clearSelection();
  // With nothing to carry over, the brain loads while the regions arrive: it does not need them.
  const drawing = !keepSelection && !before ? Promise.all([renderBrain(), renderSlice()]) : null;
  try {
    update({ regions: await getJSON(`/api/regions?${query({ atlas: name })}`) });
  } catch (error) {
    update({ regions: [] });
    showStatus(failed("Could not load the regions", error));
  }
  await fillTable();
  if (keepSelection || state.atlas !== name) return;
  const same = before && counterpart(before);
  if (same) await select(same, { keepView: true });
  else await (drawing || Promise.all([renderBrain(), renderSlice()]));
  keepForOffline(name, learnSetup());
}

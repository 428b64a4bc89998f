// @ts-check
// Brain Tutor brain figure: picks the renderer (WebGL, else server images; both offer the same
// members), draws the scene the store describes, shows load progress, and turns taps into
// selections or quiz answers.
import { getJSON, query } from "./api.js";
import { $, SIDE_VIEWS, VIEWS, failed, isShown, regionLabel, showStatus } from "./dom.js";
import { glBrain } from "./brain-gl.js";
import { SURVEY } from "./contract.js";
import { imageBrain } from "./brain-image.js";
import { shownSelection, state, update } from "./store.js";

/** @typedef {import("./store.js").Region} Region */
/** @typedef {{region: Region | null, surface: string | null, mni: number[] | null, x: number, y: number}} Pick */
/** @typedef {{atlas: string, view: string, hemi: string | null, surface: string, head: string | null, palette: string | null,
 *   planes: string | null, subcortical: string | null, overlay: string | null, ao: string | null,
 *   highlight: number | null, dimOthers: string | null, region: Region | null}} SceneParams */
/** @typedef {NonNullable<ReturnType<typeof glBrain>> | ReturnType<typeof imageBrain>} Brain */

// SURVEY (contract.js): the quiz's visibility rule, and the share of its best preset's pixels a
// view must show to count as showing the region well: a sliver at the edge of the medial view is
// not the superior temporal gyrus "shown". A view showing `clearPixels` shows it well outright.

/** @type {{tapTaker: ((pick: Pick) => any) | null, onSelect: ((region: Region, pick: Pick) => any) | null,
 *   onPoint: ((pick: Pick) => any) | null}} */
const handlers = { tapTaker: null, onSelect: null, onPoint: null };

/** Learn takes the taps while it asks (null: taps select). @param {((pick: Pick) => any) | null} taker */
export function setTapTaker(taker) { handlers.tapTaker = taker; }
/** @param {(region: Region, pick: Pick) => any} onSelect */
export function setOnSelect(onSelect) { handlers.onSelect = onSelect; }
/** A tap outside every region at a known MNI point (a plane's voxel). @param {(pick: Pick) => any} onPoint */
export function setOnPoint(onPoint) { handlers.onPoint = onPoint; }

/** What a tap without a region touched, in the same words for both renderers. @param {string | null} surface */
function nothingThere(surface) {
  if (!surface) return "No region there: that is background.";
  if (surface === "cortex") return "No region there: unlabelled cortex (medial wall, or cortex this atlas does not map).";
  if (surface === "head") return "No region there: the head surface.";
  return `No region there: ${surface}.`;
}

/** @param {Pick} pick */
async function picked(pick) {
  if (handlers.tapTaker) return handlers.tapTaker(pick);
  if (!pick.region) {
    showStatus(nothingThere(pick.surface));
    if (pick.mni && handlers.onPoint) await handlers.onPoint(pick);
    return null;
  }
  showStatus("");
  if (handlers.onSelect) await handlers.onSelect(pick.region, pick);
  return pick.region;
}

const progress = {
  /** The old brain never shows under a new name: hidden until the new one is drawn. */
  onLoadStart() {
    $("brain-figure").dataset.loading = "true";
    setProgress(0, 0);
  },
  onProgress: setProgress,
  /** A turn, move or zoom unpins the selected region's name (the region moved away from it). */
  onMove() {
    if (!state.pin) return;
    update({ pin: null });
    pinName();
  },
};

/** The determinate indicator: bytes of scene data arrived of those expected.
 * @param {number} done @param {number} total */
function setProgress(done, total) {
  const bar = $("brain-spinner");
  bar.hidden = false;
  const percent = total > 0 ? Math.round((100 * done) / total) : 0;
  bar.setAttribute("aria-valuenow", String(percent));
  bar.style.setProperty("--done", `${percent}%`);
  $("brain-progress-text").textContent = total > 0
    ? `Loading the brain: ${(done / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB`
    : "Loading the brain";
}

/** @returns {Brain} */
function chooseBrain() {
  const asked = new URLSearchParams(window.location.search).get("renderer");
  const gl = asked === "server" ? null : glBrain(picked, progress);
  const brain = gl || imageBrain(picked);
  document.body.dataset.renderer = brain.kind;
  $("brain-canvas").hidden = !gl;
  $("brain").hidden = !!gl;
  for (const el of document.querySelectorAll(".gl-only")) /** @type {HTMLElement} */ (el).hidden = !gl;
  return brain;
}

/** @type {Brain | null} */
let brain = null;
export function theBrain() {
  if (!brain) brain = chooseBrain();
  return brain;
}

/** The scene the store describes. @param {string} [view] @param {string} [hemi] @returns {SceneParams} */
export function sceneParams(view = state.view, hemi = state.hemi) {
  const region = shownSelection();
  const crossing = state.planesPoint || state.slicePoint;
  const point = state.slicing && crossing ? crossing.map(Math.round).join(",") : null;
  return {
    atlas: /** @type {string} */ (state.atlas), view, hemi: point && !state.slicingCortex ? null : hemi, surface: state.surface,
    head: state.head && !point ? "true" : null, planes: point, subcortical: point && state.slicingDeep ? "true" : null,
    palette: state.cvd ? "cvd" : null, overlay: state.map && !point ? state.map.name : null, ao: state.ao ? null : "off",
    highlight: region ? region.id : null, dimOthers: state.dimOthers && region ? "true" : null, region,
  };
}

/** @type {Promise<void>} */
let drawn = Promise.resolve();

/** Draws the brain as the store describes it; resolves once drawn (or failed, with the status saying so). */
export function renderBrain() {
  if (!state.atlas || !isShown("brain-pane")) return drawn;
  const figure = $("brain-figure");
  const { region, ...params } = sceneParams();
  const b = theBrain();
  drawn = b.render({ ...params, region }).then(() => {
    showStatus("");
  }, (error) => {
    showStatus(failed("Could not load the brain", error));
  }).finally(() => {
    if (b.kind === "webgl") { delete figure.dataset.loading; $("brain-spinner").hidden = true; }
    pinName();
  });
  return drawn;
}

/** Resolves once the latest brain asked for is drawn. */
export async function brainShown() {
  let last;
  do { last = drawn; await last; await theBrain().shown(); } while (last !== drawn);
}

/** The selected region's name pinned where it was tapped (cleared by any other selection). */
export function pinName() {
  const pin = $("brain-pin");
  const region = shownSelection();
  if (!region || !state.pin) { pin.hidden = true; return; }
  const drawing = theBrain().kind === "webgl" ? $("brain-canvas") : $("brain");
  pin.textContent = regionLabel(region);
  pin.style.top = `${drawing.offsetTop + state.pin.y * drawing.clientHeight}px`;
  pin.hidden = false;
  // Kept inside the drawing (a name tapped near its edge was clipped); the arrow still points
  // at the spot tapped.
  const x = drawing.offsetLeft + state.pin.x * drawing.clientWidth;
  const half = pin.offsetWidth / 2;
  const left = Math.max(drawing.offsetLeft + half + 4, Math.min(drawing.offsetLeft + drawing.clientWidth - half - 4, x));
  pin.style.left = `${left}px`;
  pin.style.setProperty("--arrow", `${half + x - left}px`);
}

/** @param {any} report @param {Region} region */
function pixelsOf(report, region) {
  const entry = (report.regions || []).find((/** @type {any} */ r) => r.atlas === region.atlas && r.id === region.id);
  return entry ? entry.pixels : 0;
}

/** Turns to a view where `region` is well visible, as the quiz chooses views: the current one if
 * it shows the region clearly, or the quiz's minimum and at least half of what the best preset
 * shows; else the preset (and side) that shows most of it.
 * @param {Region} region */
export async function turnToRegion(region) {
  if (region.atlas !== state.atlas || state.slicing) return;  // the 3D slices keep their view
  /** @param {string} view @param {string} hemi */
  const survey = (view, hemi) => {
    const { region: _r, highlight, dimOthers, ...p } = sceneParams(view, /** @type {any} */ (hemi));
    return getJSON(`/api/render.json?${query({ ...p, w: SURVEY.w, h: SURVEY.h })}`);
  };
  try {
    const here = await survey(state.view, state.hemi);
    if (state.selected !== region || pixelsOf(here, region) >= SURVEY.clearPixels) return;
    const sides = region.hemisphere === "none" ? ["left", "right"] : [region.hemisphere];
    /** @type {{view: string, hemi: string}[]} */
    const candidates = [];
    for (const view of VIEWS) {
      for (const hemi of SIDE_VIEWS.has(view) ? sides : ["both"]) {
        if (view !== state.view || hemi !== state.hemi) candidates.push({ view, hemi });
      }
    }
    const reports = await Promise.all(candidates.map((c) => survey(c.view, c.hemi).catch(() => ({ regions: [] }))));
    if (state.selected !== region) return;  // a newer selection won
    /** @type {{view: string, hemi: string} | null} */
    let best = null;
    const shown = pixelsOf(here, region);
    let most = shown;
    reports.forEach((report, i) => {
      const pixels = pixelsOf(report, region);
      if (pixels > most) { most = pixels; best = candidates[i]; }
    });
    if (shown >= SURVEY.minPixels && shown >= SURVEY.shareOfBest * most) best = null;  // shown well here
    if (best) {
      const chosen = /** @type {{view: string, hemi: string}} */ (best);
      update({ view: chosen.view, hemi: /** @type {"left" | "right" | "both"} */ (chosen.hemi) });
      $("view-note").textContent = `Turned to the ${chosen.view} view, where ${regionLabel(region)} shows best.`;
    } else if (most === 0) {
      $("view-note").textContent = `${regionLabel(region)} lies under the surface: the slices show it.`;
    }
  } catch (error) {
    showStatus(failed("Could not choose a view for the region", error));
  }
}

// @ts-check
// Brain Tutor slices: the MRI with the atlas overlay in one plane, through the picked point or
// the selected region's anchor (/api/slice). A tap on the slice names the region under it
// (/api/slice/pick, for exactly the image shown) and moves the point, so every plane goes through it.
import { ApiError, getJSON, query } from "./api.js";
import { brainShown } from "./brain.js";
import { $, failed, isShown, regionLabel, showStatus } from "./dom.js";
import { imageSettled, loadImage } from "./images.js";
import { shownSelection, state, update } from "./store.js";

/** @typedef {{x: number, y: number, region: import("./store.js").Region | null, mni: number[] | null, plane: string}} SlicePick */

/** @type {Record<string, number>} */
export const PLANE_AXIS = { sagittal: 0, coronal: 1, axial: 2 };
/** @type {Record<string, string>} */
const PLANE_LETTER = { sagittal: "x", coronal: "y", axial: "z" };

function label() {
  $("slice-label").textContent = `${PLANE_LETTER[state.plane]} = ${state.sliceMni} mm (MNI)`;
}

// The slice is an image the server draws for each point, the largest part of an atlas switch:
// it is asked for only when its pane is on screen or about to be (within AHEAD px below the
// fold), and the observer asks for it once the pane scrolls into view. On a phone the pane is
// far below the brain, and most switches never need it.
const AHEAD = 200;
/** A slice was wanted while its pane was off screen. */
let due = false;
/** @type {IntersectionObserver | null} */
let watcher = null;

/** Whether the slice's figure is on screen or within AHEAD px of it. */
function nearScreen() {
  const box = $("slice-figure").getBoundingClientRect();
  return box.top < window.innerHeight + AHEAD && box.bottom > 0;
}

/** Asks for the slice once its figure comes into view. */
function drawWhenSeen() {
  due = true;
  if (watcher) return;
  watcher = new IntersectionObserver((entries) => {
    if (due && entries.some((e) => e.isIntersecting)) { due = false; renderSlice(); }
  }, { rootMargin: `0px 0px ${AHEAD}px 0px` });
  watcher.observe($("slice-figure"));
}

/** Brings the slice into view (a script acting on the slice wants to see it). */
export function revealSlice() {
  $("slice-figure").scrollIntoView({ block: "nearest" });
}

/** @type {Promise<void> | null} the first slice, waiting for the first brain */
let afterFirstBrain = null;
let firstBrainDrawn = false;

/** @returns {Promise<void> | undefined} */
export function renderSlice() {
  if (!state.atlas) return;
  $("slice-index").value = String(state.sliceMni);
  label();
  if (!isShown("slice-pane")) return;
  if (!firstBrainDrawn) {
    // The first brain gets the whole link: on a slow phone the slice would halve its bandwidth.
    const next = () => { firstBrainDrawn = true; return renderSlice(); };
    afterFirstBrain = afterFirstBrain || brainShown().then(next, next);
    return afterFirstBrain;
  }
  // Slices are drawn by the server for each point: offline there are none to show.
  $("slice-offline").hidden = navigator.onLine;
  if (!navigator.onLine) return;
  // (A browser without IntersectionObserver could not ask later: it asks now.)
  if (!nearScreen() && "IntersectionObserver" in window) { drawWhenSeen(); return; }
  due = false;
  const region = shownSelection();
  /** @type {Record<string, unknown>} */
  const params = { plane: state.plane, atlas: state.atlas, highlight: region ? region.id : null,
    dimOthers: region && state.dimOthers ? "true" : null, radiological: state.radiological ? "true" : null,
    palette: state.cvd ? "cvd" : null };
  if (state.slicePoint) {
    // The point, moved onto this slice: the crosshair marks it (the picked spot or region anchor).
    const p = state.slicePoint.slice();
    p[PLANE_AXIS[state.plane]] = state.sliceMni;
    params.at = p.map((v) => Math.round(v * 10) / 10).join(",");
  } else {
    params.index = 128 - state.sliceMni;   // BV index along the plane's axis (CONVENTIONS.md)
  }
  return loadImage("slice", "slice-spinner", `/api/slice?${query(params)}`, "slice");
}

/** Marks `point` (MNI mm) on the slices and moves the plane through it. @param {number[] | null | undefined} point */
export function moveSliceTo(point) {
  if (!Array.isArray(point) || point.length !== 3) return;
  const slicePoint = point.map((v) => Math.max(-127, Math.min(128, v)));
  update({ slicePoint, sliceMni: Math.round(slicePoint[PLANE_AXIS[state.plane]]) });
}

/** @param {string} plane */
export function setPlane(plane) {
  update({ plane });
  if (state.slicePoint) update({ sliceMni: Math.round(state.slicePoint[PLANE_AXIS[plane]]) });
  return renderSlice();
}

/** Neurological (the subject's left on the image left) or radiological (mirrored) slices. @param {boolean} on */
export function setRadiological(on) {
  update({ radiological: on });
  $("slice-radiological").setAttribute("aria-pressed", on ? "true" : "false");
  return renderSlice();
}

/** The region under pixel (x, y) of the slice image shown (its own pixels, from the top-left),
 * as a tap there: named, selected (no turning of the brain) and marked; resolves with the answer
 * once the slice is redrawn through the point. @param {number} x @param {number} y @returns {Promise<SlicePick | null>} */
export async function tapSlice(x, y) {
  const img = /** @type {HTMLImageElement} */ ($("slice"));
  await imageSettled("slice");
  const shown = img.dataset.url;
  if (!shown || img.dataset.state !== "ready") return null;
  const note = $("slice-note");
  /** @type {SlicePick} */
  let pick;
  try {
    pick = await getJSON(shown.replace("/api/slice?", "/api/slice/pick?") + `&${query({ x, y })}`);
  } catch (error) {
    // A tap on the caption or the black band: say where to tap rather than the server's field name.
    if (error instanceof ApiError && error.status === 400) note.textContent = "Tap on the slice itself to name a region.";
    else showStatus(failed("Could not name the region on the slice", error));
    return null;
  }
  const where = pick.mni ? ` at MNI (${pick.mni.map((v) => Math.round(v)).join(", ")})` : "";
  note.textContent = pick.region ? `${regionLabel(pick.region)}${where}` : `No region of this atlas here${where}.`;
  if (pick.region && pick.mni) {
    await onRegion(pick.region, pick.mni);
  } else if (pick.mni) {
    moveSliceTo(pick.mni);
    await renderSlice();
  }
  await imageSettled("slice");
  return pick;
}

/** What a tap naming a region on the slice does (main.js: selects it there).
 * @type {(region: import("./store.js").Region, mni: number[]) => Promise<any>} */
let onRegion = async (_region, _mni) => {};
/** @param {(region: import("./store.js").Region, mni: number[]) => Promise<any>} handler */
export function setOnSliceRegion(handler) { onRegion = handler; }

export function wireSlices() {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  $("slice-index").addEventListener("input", (/** @type {Event} */ event) => {
    update({ sliceMni: Number(/** @type {HTMLInputElement} */ (event.target).value) });
    label();
    clearTimeout(timer);
    timer = setTimeout(renderSlice, 60);
  });
  const img = /** @type {HTMLImageElement} */ ($("slice"));
  img.addEventListener("click", (/** @type {MouseEvent} */ event) => {
    const box = img.getBoundingClientRect();
    if (!img.naturalWidth || box.width === 0) return;
    // CSS pixels to the image's own pixels (the image is scaled to fit, never cropped).
    const x = Math.floor((event.clientX - box.left) * img.naturalWidth / box.width);
    const y = Math.floor((event.clientY - box.top) * img.naturalHeight / box.height);
    tapSlice(x, y);
  });
  $("slice-radiological").addEventListener("click", () => setRadiological(!state.radiological));
}

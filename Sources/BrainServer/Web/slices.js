// @ts-check
// Brain Tutor slices: the MRI with the atlas overlay in one plane, through the picked point or
// the selected region's anchor (/api/slice).
import { query } from "./api.js";
import { $, isShown } from "./dom.js";
import { loadImage } from "./images.js";
import { shownSelection, state, update } from "./store.js";

/** @type {Record<string, number>} */
export const PLANE_AXIS = { sagittal: 0, coronal: 1, axial: 2 };
/** @type {Record<string, string>} */
const PLANE_LETTER = { sagittal: "x", coronal: "y", axial: "z" };

function label() {
  $("slice-label").textContent = `${PLANE_LETTER[state.plane]} = ${state.sliceMni} mm (MNI)`;
}

export function renderSlice() {
  if (!state.atlas) return;
  $("slice-index").value = String(state.sliceMni);
  label();
  if (!isShown("slice-pane")) return;
  // Slices are drawn by the server for each point: offline there are none to show.
  $("slice-offline").hidden = navigator.onLine;
  if (!navigator.onLine) return;
  const region = shownSelection();
  /** @type {Record<string, unknown>} */
  const params = { plane: state.plane, atlas: state.atlas, highlight: region ? region.id : null, palette: state.cvd ? "cvd" : null };
  if (state.slicePoint) {
    // The point, moved onto this slice: the crosshair marks it (the picked spot or region anchor).
    const p = state.slicePoint.slice();
    p[PLANE_AXIS[state.plane]] = state.sliceMni;
    params.at = p.map((v) => Math.round(v * 10) / 10).join(",");
  } else {
    params.index = 128 - state.sliceMni;   // BV index along the plane's axis (CONVENTIONS.md)
  }
  loadImage("slice", "slice-spinner", `/api/slice?${query(params)}`, "slice");
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
  renderSlice();
}

export function wireSlices() {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  $("slice-index").addEventListener("input", (/** @type {Event} */ event) => {
    update({ sliceMni: Number(/** @type {HTMLInputElement} */ (event.target).value) });
    label();
    clearTimeout(timer);
    timer = setTimeout(renderSlice, 60);
  });
}

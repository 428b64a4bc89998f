// @ts-check
// Brain Tutor 3D slices: the mode's switch and sliders, dragging a plane along its axis, and the
// link with the 2D slice both ways: the planes go through the slices' marked point (store
// `slicePoint`), so moving either moves the other. The drawing itself is planes-gl.js.
import { renderBrain, setOnPoint, theBrain } from "./brain.js";
import { $ } from "./dom.js";
import { PLANE_NAMES } from "./contract.js";
import { PlaneCutter } from "./plane-volume.js";
import { planeCutter, showPlanes } from "./planes-gl.js";
import { meshPoint } from "./planes-ray.js";
import { PLANE_AXIS, moveSliceTo, renderSlice } from "./slices.js";
import { shownSelection, state, update } from "./store.js";

/** Where the planes start when nothing is marked: through the left thalamus, near the midline. */
const START = [-12, -10, 6];
const LIMITS = [-127, 128];
const TAP_SLOP = 6;
const LETTERS = ["x", "y", "z"];

/** Whole mm, halves away from zero as the server snaps planes, within the volume. @param {number} v */
function snap(v) {
  const r = Math.sign(v) * Math.round(Math.abs(v));
  return Math.max(LIMITS[0], Math.min(LIMITS[1], r));
}

/** The planes' crossing point (whole MNI mm). */
export function planePoint() {
  return (state.planesPoint || state.slicePoint || START).map(snap);
}

/** The sliders and readouts show where the planes are; "Move planes here" is offered when a
 * tap marked another point. */
function updateSliders() {
  const p = planePoint();
  p.forEach((v, axis) => {
    /** @type {HTMLInputElement} */ ($(`plane-${LETTERS[axis]}`)).value = String(v);
    $(`plane-${LETTERS[axis]}-out`).textContent = `${v} mm`;
  });
  const marked = state.slicePoint ? state.slicePoint.map(snap) : null;
  /** @type {HTMLButtonElement} */ ($("planes-here")).disabled = !marked || marked.every((v, axis) => v === p[axis]);
}

/** The WebGL viewer, or null with server images. */
function glViewer() {
  const brain = theBrain();
  return brain.kind === "webgl" ? brain.viewer : null;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let sliceTimer;

/** Moves the planes (and the 2D slice's point) through `point`; resolves once the 3D planes are
 * drawn and, unless `slice` is false (a slider: the slice follows when it pauses) or "drag" (the
 * slice follows when the finger lifts), the slice too.
 * @param {number[]} point @param {{slice?: boolean | "drag"}} [options] */
export async function movePlanes(point, options = {}) {
  const slice = options.slice === undefined || options.slice === true;
  const p = point.map(snap);
  update({ planesPoint: p });
  moveSliceTo(p);
  updateSliders();
  clearTimeout(sliceTimer);
  const sliceDrawn = slice ? renderSlice() : undefined;
  if (options.slice === false) sliceTimer = setTimeout(renderSlice, 150);
  const viewer = glViewer();
  if (!state.slicing) { await sliceDrawn; return; }
  if (viewer) {
    const region = shownSelection();
    await showPlanes(viewer, p.join(","), region ? region.id : null, state.dimOthers && !!region);
  } else {
    await renderBrain();
  }
  await sliceDrawn;
}

/** Turns the slicing mode on or off; resolves with the milliseconds until its first planes
 * were drawn (the head follows them; the 2D slice through the same point is asked for once they
 * are drawn, so it does not share a slow link with their volumes). @param {boolean} on */
export async function setSlicing(on) {
  const started = performance.now();
  if (on && !state.slicePoint) {
    const region = shownSelection();
    moveSliceTo(region && region.anchorMni ? region.anchorMni : START);
  }
  if (on) moveSliceTo(planePoint());
  // The planes start through the marked point and stay until asked to move.
  update({ slicing: on, pin: null, planesPoint: on ? planePoint() : null });
  /** @type {HTMLInputElement} */ ($("show-planes")).checked = on;
  $("planes-panel").hidden = !on;
  // The head is part of the 3D slices (opaque and cut open), not the see-through one.
  /** @type {HTMLInputElement} */ ($("show-head")).disabled = on;
  updateSliders();
  const viewer = glViewer();
  // The point a tap marked (the one the 2D slice marks) shows in 3D too.
  if (viewer) viewer.markerOf = () => (state.slicing ? state.slicePoint : null);
  await renderBrain();
  const ms = performance.now() - started;
  renderSlice();
  return ms;
}

/** How far plane `name` moves per CSS pixel of drag: its axis as seen on the canvas.
 * @param {any} viewer @param {string} name */
function axisOnScreen(viewer, name) {
  const axis = PLANE_NAMES.indexOf(name);
  const m = viewer.camera.mvp;
  const rect = viewer.canvas.getBoundingClientRect();
  /** @param {number[]} p */
  const screen = (p) => {
    const w = m[3] * p[0] + m[7] * p[1] + m[11] * p[2] + m[15];
    const x = (m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12]) / w;
    const y = (m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13]) / w;
    return [((x + 1) / 2) * rect.width, ((1 - y) / 2) * rect.height];
  };
  const from = planePoint();
  const to = from.slice();
  to[axis] += 10;
  const a = screen(from), b = screen(to);
  return { axis, dx: (b[0] - a[0]) / 10, dy: (b[1] - a[1]) / 10 };
}

/** A drag that starts on a plane moves that plane along its axis; a tap on it names the region
 * and moves the planes there. Listening in the capture phase, these take the pointer before the
 * viewer turns the brain; anywhere else the brain turns as usual. @param {HTMLCanvasElement} canvas */
function wireDrag(canvas) {
  /** @type {{id: number, x: number, y: number, start: number[], moved: boolean, screen: {axis: number, dx: number, dy: number}} | null} */
  let drag = null;
  canvas.addEventListener("pointerdown", (/** @type {PointerEvent} */ e) => {
    const viewer = glViewer();
    if (!state.slicing || !viewer || !viewer.planes || !viewer.camera || e.button !== 0 || e.shiftKey || drag) return;
    const point = viewer.bufferPoint(e);
    viewer.ensurePick();
    const hit = viewer.planes.planeOf(viewer.renderer.readPick(Math.floor(point.x), Math.floor(point.y)));
    if (!hit) return;
    e.stopImmediatePropagation();
    try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* synthetic events have no capturable pointer */ }
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, start: planePoint(), moved: false, screen: axisOnScreen(viewer, hit.name) };
  }, { capture: true });
  canvas.addEventListener("pointermove", (/** @type {PointerEvent} */ e) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.stopImmediatePropagation();
    const mx = e.clientX - drag.x, my = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(mx, my) < TAP_SLOP) return;
    drag.moved = true;
    const { axis, dx, dy } = drag.screen;
    const length2 = dx * dx + dy * dy;
    // Seen end-on the axis has no direction on screen: then up moves the plane toward +axis.
    const mm = length2 > 0.05 ? (mx * dx + my * dy) / length2 : -my * 0.5;
    const p = drag.start.slice();
    p[axis] = drag.start[axis] + mm;
    movePlanes(p, { slice: "drag" });
  }, { capture: true });
  const end = (/** @type {PointerEvent} */ e) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.stopImmediatePropagation();
    const wasDrag = drag.moved;
    drag = null;
    // The 2D slice follows a dragged plane once the finger lifts: nothing is asked for meanwhile.
    if (wasDrag) renderSlice();
    const viewer = glViewer();
    if (wasDrag || e.type === "pointercancel" || !viewer) return;
    const point = viewer.bufferPoint(e);
    viewer.callbacks.onPick(viewer.pickAt(point.x, point.y), point);
  };
  canvas.addEventListener("pointerup", end, { capture: true });
  canvas.addEventListener("pointercancel", end, { capture: true });
}

export function wirePlanes() {
  $("show-planes").addEventListener("change", (/** @type {Event} */ e) => setSlicing(/** @type {HTMLInputElement} */ (e.target).checked));
  LETTERS.forEach((letter, axis) => {
    $(`plane-${letter}`).addEventListener("input", (/** @type {Event} */ e) => {
      const p = planePoint();
      p[axis] = Number(/** @type {HTMLInputElement} */ (e.target).value);
      movePlanes(p, { slice: false });
    });
  });
  /** @param {string} id @param {"slicingCortex" | "slicingDeep"} key */
  const meshSwitch = (id, key) => $(id).addEventListener("change", (/** @type {Event} */ e) => {
    update({ [key]: /** @type {HTMLInputElement} */ (e.target).checked });
    renderBrain();
  });
  meshSwitch("planes-cortex", "slicingCortex");
  meshSwitch("planes-deep", "slicingDeep");
  // The 2D slice's own slider moves its plane in 3D too.
  $("slice-index").addEventListener("input", () => {
    if (!state.slicing) return;
    const p = planePoint();
    p[PLANE_AXIS[state.plane]] = state.sliceMni;
    movePlanes(p, { slice: false });
  });
  // A tap on a plane outside every region marks its voxel on the 2D slice; the planes stay.
  setOnPoint((pick) => {
    if (!state.slicing || !pick.mni) return undefined;
    moveSliceTo(pick.mni);
    updateSliders();
    const viewer = glViewer();
    if (viewer) viewer.redraw();
    return renderSlice();
  });
  // The planes move only when asked: to the marked point, by a double tap, or a step at a time.
  $("planes-here").addEventListener("click", () => (state.slicePoint ? movePlanes(state.slicePoint) : undefined));
  $("brain-canvas").addEventListener("dblclick", (/** @type {MouseEvent} */ e) => {
    const viewer = glViewer();
    if (!state.slicing || !viewer) return;
    const point = viewer.bufferPoint(e);
    viewer.pickAt(point.x, point.y);
    const mni = viewer.lastPickMni || meshPoint(viewer, point.x, point.y);
    if (mni) movePlanes(mni);
  });
  for (const button of document.querySelectorAll(".plane-step")) {
    button.addEventListener("click", () => {
      const el = /** @type {HTMLElement} */ (button);
      const p = planePoint();
      p[LETTERS.indexOf(el.dataset.axis || "")] += Number(el.dataset.step);
      movePlanes(p, { slice: false });
    });
  }
  wireDrag(/** @type {HTMLCanvasElement} */ ($("brain-canvas")));
  // However the planes moved (a tap, a selection, the hook), the sliders show where they are.
  $("brain-canvas").addEventListener("planesshown", updateSliders);
  $("slice").addEventListener("load", updateSliders);
}

/** Frame times (ms, median of `frames`, each waited for with a one-pixel read): the view with
 * the head whole and no planes, and the same view while the sagittal plane moves one mm per
 * frame (as during a drag: each frame cuts the new plane, uploads what it needs and draws),
 * drawn from the plane's voxels with smooth borders when the drawer does (`movingMs`) and, for
 * comparison, as the renderer draws them (`cpuMovingMs`: per-plane grey and id textures, as a
 * GL without high-precision fragment floats draws them); and what cutting and uploading one plane
 * costs. @param {number} frames */
async function benchFrames(frames = 40) {
  const viewer = glViewer();
  if (!viewer || !viewer.planes) throw new Error("the 3D slices are not shown");
  const drawer = viewer.planes;
  const gl = viewer.renderer.gl;
  const pixel = new Uint8Array(4);
  const start = planePoint();
  const at = (/** @type {number} */ i) => [start[0] + (i % 40) - 20, start[1], start[2]];
  const kept = await planeCutter(drawer.description);
  // A cutter of its own, so every frame cuts afresh as a drag over new positions does.
  const fresh = () => new PlaneCutter(kept.grey, kept.labels);
  let cutter = fresh();
  const onGPU = drawer.onGPU;
  /** Every plane shown, the sagittal one at frame i's position, for the voxel path or the renderer's. @param {number} i @param {boolean} gpu */
  const place = (i, gpu) => {
    drawer.onGPU = gpu;
    for (const name of Array.from(drawer.planes.keys())) {
      drawer.setPlane(name, cutter.plane(name, name === "sagittal" ? at(i)[0] : start[PLANE_NAMES.indexOf(name)], gpu));
    }
  };
  /** @param {number} n @param {(i: number) => void} draw */
  const median = (n, draw) => {
    const times = [];
    for (let i = 0; i < n; i += 1) {
      const t = performance.now();
      draw(i);
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  };
  const uploadMs = median(10, (i) => drawer.upload(cutter.plane("sagittal", at(i)[0], drawer.onGPU)));
  cutter = fresh();
  // Interleaved, so a busy machine slows all alike.
  const plain = [], moving = [], cpu = [];
  for (let i = 0; i < frames; i += 1) {
    viewer.planes = null;
    plain.push(median(1, () => viewer.renderer.draw(viewer.frame("lit"))));
    viewer.planes = drawer;
    if (i % 40 === 0) cutter = fresh();
    drawer.point = at(i);
    moving.push(median(1, () => { place(i, onGPU); viewer.renderer.draw(viewer.frame("lit")); }));
    if (onGPU) cpu.push(median(1, () => { place(i, false); viewer.renderer.draw(viewer.frame("lit")); }));
  }
  place(0, onGPU);
  const middle = (/** @type {number[]} */ t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
  const plainMs = middle(plain), movingMs = middle(moving), cpuMovingMs = cpu.length ? middle(cpu) : movingMs;
  const region = shownSelection();
  await showPlanes(viewer, start.join(","), region ? region.id : null, state.dimOthers && !!region);
  return { plainMs, movingMs, cpuMovingMs, uploadMs, ratio: movingMs / plainMs, onGPU, frames, step: kept.step };
}

/** The hook's members for the 3D slices (docs/VIEWER.md). */
export function planesHook() {
  return {
    /** Moves the planes through MNI (x, y, z) mm; resolves once drawn (the 2D slice too).
     * @param {{x: number, y: number, z: number}} p */
    setPlanes: (p) => movePlanes([Number(p.x), Number(p.y), Number(p.z)]),
    /** The 3D slices on or off; resolves with the milliseconds until drawn. @param {boolean} on */
    setSlicing: (on) => setSlicing(Boolean(on)),
    /** What `pick --json` answers at drawing-buffer pixel (x, y): on a plane, `surface` is its
     * name and `mni` the centre of the voxel drawn there. @param {number} x @param {number} y */
    pick(x, y) {
      const viewer = glViewer();
      if (!viewer) return null;
      const region = viewer.pickAt(x, y);
      const mni = viewer.lastPickMni || (region ? meshPoint(viewer, x, y) : null);
      return { x, y, region, mni, vertex: null, surface: viewer.lastPickSurface || null };
    },
    /** `step`: the voxel size (mm) the planes shown were cut at: 2 from the coarse volumes, 1
     * once the whole ones are here (0: none shown). */
    planes: () => {
      const viewer = glViewer();
      return { on: state.slicing, point: planePoint(), step: viewer && viewer.planes ? viewer.planes.step : 0 };
    },
    benchPlanes: benchFrames,
  };
}

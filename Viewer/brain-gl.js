// @ts-check
// Brain Tutor brain in WebGL: connects the WebGL viewer (gl-viewer.js) to the page, with the
// same members as the server-image brain (brain-image.js).
import { query } from "./api.js";
import { $, showStatus } from "./dom.js";
import * as GLCamera from "./gl-camera.js";
import * as GLRenderer from "./gl-renderer.js";
import { Viewer } from "./gl-viewer.js";
import { prefetchPlanes, showPlanes } from "./planes-gl.js";
import { meshPoint } from "./planes-ray.js";

/** @typedef {import("./brain.js").Pick} Pick */
/** @typedef {import("./brain.js").SceneParams} SceneParams */

/** A WebGL brain on the page's canvas, or null when the browser cannot draw one.
 * @param {(pick: Pick) => any} onPick
 * @param {{onLoadStart: () => void, onProgress: (done: number, total: number) => void, onMove: () => void}} loading */
export function glBrain(onPick, loading) {
  const canvas = $("brain-canvas");
  const gl = GLRenderer.context(canvas);
  if (!gl) return null;
  const reticle = $("brain-cursor");
  // In the 3D slices a tap on a mesh region reports the point tapped, so the planes go there.
  /** @param {any} region @param {{x: number, y: number}} point */
  const picked = (region, point) => onPick({ region, surface: region ? null : viewer.lastPickSurface,
    mni: viewer.lastPickMni || (region ? meshPoint(viewer, point.x, point.y) : null),
    x: point.x, y: point.y });
  const viewer = new Viewer(canvas, gl, {
    onPick: picked, tooltip: $("brain-tooltip"), orientation: $("brain-orientation"),
    onLoadStart: loading.onLoadStart, onProgress: loading.onProgress, onMove: loading.onMove,
    // The planes' data comes alongside the meshes rather than after them.
    onDescription: (/** @type {any} */ d, /** @type {() => Promise<any>} */ startLater) => prefetchPlanes(d.planes, planesAsked, startLater),
  });
  /** @type {string | null} the planes of the latest render ("x,y,z") */
  let planesAsked = null;
  /** @type {Promise<void> | null} the latest scene being shown */
  let latest = null;
  /** @type {number | null} when the first brain was drawn (ms since the page began loading) */
  let firstDrawnAt = null;

  // Enter names the region under the reticle in the canvas's centre, shown while focused.
  const placeReticle = () => {
    reticle.style.left = `${canvas.offsetLeft + canvas.clientWidth / 2}px`;
    reticle.style.top = `${canvas.offsetTop + canvas.clientHeight / 2}px`;
    reticle.hidden = document.activeElement !== canvas;
  };
  canvas.addEventListener("focus", placeReticle);
  canvas.addEventListener("blur", placeReticle);
  window.addEventListener("resize", placeReticle);

  // Keyboard: arrows turn the brain, + and − zoom, Enter names the region under the reticle.
  canvas.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (!viewer.camera) return;
    const step = event.shiftKey ? 45 : 15;
    /** @type {Record<string, number[]>} */
    const turns = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const px = 1 / GLCamera.DEGREES_PER_PIXEL;
    if (turns[event.key]) {
      viewer.camera.drag(turns[event.key][0] * px, turns[event.key][1] * px, viewer.radius);
      viewer.redraw();
    } else if (event.key === "+" || event.key === "=") {
      viewer.camera.zoom(0.8); viewer.redraw();
    } else if (event.key === "-") {
      viewer.camera.zoom(1.25); viewer.redraw();
    } else if (event.key === "Enter" || event.key === " ") {
      const { width, height } = viewer.canvasSize();
      picked(viewer.pickAt(width / 2, height / 2), { x: width / 2, y: height / 2 });
    } else {
      return;
    }
    event.preventDefault();
  });
  canvas.addEventListener("webglcontextlost", (/** @type {Event} */ event) => {
    event.preventDefault();
    showStatus("The graphics context was lost: reload the page, or add ?renderer=server to the address.");
  });

  /** @param {number} x @param {number} y @returns {Pick} */
  function pickAt(x, y) {
    const region = viewer.pickAt(x, y);
    return { region, surface: region ? null : viewer.lastPickSurface, mni: viewer.lastPickMni, x, y };
  }

  return {
    kind: /** @type {"webgl"} */ ("webgl"),
    viewer,
    /** @param {SceneParams} params */
    async render(params) {
      const { view, highlight, region, dimOthers, ...rest } = params;
      // Unset options stay out of the scene query (a null would be sent as the text "null").
      const scene = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null));
      planesAsked = params.planes;
      viewer.setHighlight(region, dimOthers === "true");
      const load = viewer.show(scene, view);
      latest = load;
      canvas.dataset.state = "loading";
      try {
        await load;
        if (latest === load) await showPlanes(viewer, params.planes, highlight, dimOthers === "true");
      } finally {
        if (latest === load && firstDrawnAt === null && viewer.scene) firstDrawnAt = performance.now();
        if (latest === load) {
          canvas.dataset.scene = query({ ...scene, view, highlight, dimOthers });
          canvas.dataset.state = "ready";
        }
      }
    },
    /** Resolves once the latest scene asked for is drawn. */
    async shown() {
      let load;
      do { load = latest; await load; } while (load !== latest);
    },
    /** @param {number} x @param {number} y */
    pickAt: (x, y) => Promise.resolve(pickAt(x, y)),
    /** Exactly what a tap at drawing-buffer pixel (x, y) does. @param {number} x @param {number} y */
    tap: (x, y) => Promise.resolve(onPick(pickAt(x, y))),
    canvasSize: () => viewer.canvasSize(),
    sceneQuery: () => canvas.dataset.scene,
    /** @param {string} shading */
    snapshot: (shading) => viewer.snapshot(shading),
    timings: () => ({ sceneReadyMs: viewer.sceneReadyMs, frameMs: viewer.frameTimes.slice(), firstDrawnAt }),
    /** The preset again, undoing the user's own turning. @param {string} view */
    setPreset: (view) => (viewer.camera ? viewer.setView(view, { animate: false }) : Promise.resolve()),
    /** @param {number} azimuth @param {number} elevation */
    setAngles: (azimuth, elevation) => viewer.setAngles(azimuth, elevation),
    /** Hover names would give a quiz's answers away. @param {boolean} on */
    setLearning(on) { viewer.namesOnHover = !on; viewer.hideTooltip(); },
    reset: () => viewer.setView(viewer.viewName),
  };
}

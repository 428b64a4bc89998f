// Brain Tutor: chooses WebGL or server images for the brain, connects the WebGL viewer to the
// page (panel, highlight, status) and offers the scripting hook `window.brainTutor`
// (docs/VIEWER.md). Loaded before app.js, whose functions it calls once the page runs.
"use strict";

let resolveReady = null;
let rejectReady = null;
const readyPromise = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
let glLoad = null;  // promise of the WebGL scene being shown

// WebGL unless the page asks for server images (?renderer=server) or the browser cannot.
function setupRenderer() {
  const asked = new URLSearchParams(window.location.search).get("renderer");
  const canvas = $("brain-canvas");
  const gl = asked === "server" ? null : GLRenderer.context(canvas);
  if (gl) {
    state.gl = new GLViewer.Viewer(canvas, gl, {
      onPick: glPicked, tooltip: $("brain-tooltip"), orientation: $("brain-orientation"),
    });
    canvas.addEventListener("keydown", glKey);
    canvas.addEventListener("webglcontextlost", (event) => {
      event.preventDefault();
      showStatus("The graphics context was lost: reload the page, or add ?renderer=server to the address.");
    });
    $("brain-reset").addEventListener("click", () => state.gl.setView(state.view));
  }
  document.body.dataset.renderer = gl ? "webgl" : "server";
  canvas.hidden = !gl;
  $("brain").hidden = !!gl;
  for (const el of document.querySelectorAll(".gl-only")) el.hidden = !gl;
  for (const el of document.querySelectorAll(".server-only")) el.hidden = !!gl;
}

function glRegion() {
  return state.selected && state.selected.atlas === state.atlas ? state.selected : null;
}

async function showGLBrain() {
  const viewer = state.gl;
  const canvas = $("brain-canvas");
  const params = { atlas: state.atlas, hemi: state.hemi, surface: state.surface };
  if (state.head) params.head = "true";
  canvas.dataset.state = "loading";
  $("brain-spinner").hidden = false;
  viewer.setHighlight(glRegion(), state.dimOthers);
  const load = viewer.show(params, state.view);
  glLoad = load;
  try {
    await load;
    if (glLoad !== load) return;
    canvas.dataset.scene = query({ ...params, view: state.view });
    canvas.dataset.state = "ready";
    showStatus("");
  } catch (error) {
    if (glLoad !== load) return;
    canvas.dataset.state = "error";
    showStatus(`Could not load the brain: ${error.message}`);
  } finally {
    if (glLoad === load) $("brain-spinner").hidden = true;
  }
}

// A tap on the canvas: the region from the device's own pick pass, at once.
function glPicked(region) {
  if (Learn.takesTaps()) return Learn.tapped(region, region ? null : state.gl.lastPickSurface);
  if (!region) {
    // As the server's pick says it: a hemisphere mesh without a region is unlabelled cortex.
    const surface = state.gl.lastPickSurface;
    showStatus(!surface ? "No region there: that is background."
      : /^(pial|inflated)-/.test(surface) ? "No region there: unlabelled cortex (medial wall, or cortex this atlas does not map)."
      : surface === "head" ? "No region there: head surface." : "No region there.");
    return;
  }
  showStatus("");
  state.gl.setHighlight(region, state.dimOthers);
  select(region, { keepView: true });
}

// Keyboard: arrows turn the brain, + and − zoom, Enter names the region in the centre.
function glKey(event) {
  const viewer = state.gl;
  if (!viewer.camera) return;
  const step = event.shiftKey ? 45 : 15;
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
    glPicked(viewer.pickAt(width / 2, height / 2));
  } else {
    return;
  }
  event.preventDefault();
}

// Resolves once the brain shows (a WebGL frame, or the server image).
async function brainShown() {
  if (state.gl) {
    while (!glLoad) await new Promise((r) => setTimeout(r, 20));
    let load;
    do { load = glLoad; await load; } while (load !== glLoad);
    return;
  }
  while ($("brain").dataset.state === "loading") await new Promise((r) => setTimeout(r, 20));
}

function readyHook(error) {
  if (error) rejectReady(error); else resolveReady();
}

window.brainTutor = {
  ready: readyPromise,
  renderer: () => (state.gl ? "webgl" : "server"),
  // A preset name, or {azimuth, elevation}; resolves once drawn.
  async setView(view) {
    if (typeof view === "string") {
      await setViewName(view);
      await brainShown();
      if (state.gl) await state.gl.setView(view, { animate: false });
      return;
    }
    if (!state.gl) throw new Error("free angles need the WebGL viewer");
    await state.gl.setAngles(view.azimuth || 0, view.elevation || 0);
  },
  canvasSize() {
    if (state.gl) return state.gl.canvasSize();
    return { width: $("brain").naturalWidth, height: $("brain").naturalHeight };
  },
  // The region at drawing-buffer pixel (x, y) from the top-left, or null (a promise in
  // server-image mode, where the server answers).
  pickAt(x, y) {
    if (state.gl) return state.gl.pickAt(x, y);
    return getJSON(`/api/pick?${$("brain").dataset.scene}&${query({ x: Math.floor(x), y: Math.floor(y) })}`)
      .then((r) => r.region);
  },
  select(regionQuery) { return search(String(regionQuery)); },
  // The scene query of the shown brain (atlas, hemi, surface, view), as /api/render takes it.
  sceneQuery() { return state.gl ? $("brain-canvas").dataset.scene : $("brain").dataset.scene; },
  // A frame as a PNG data URL ("flat": exact region colours, as /api/render?shading=flat).
  snapshot(shading = "flat") { return state.gl ? state.gl.snapshot(shading) : null; },
  // Figures for the bench: scene load time and recent frame times (ms).
  timings() {
    return state.gl ? { sceneReadyMs: state.gl.sceneReadyMs, frameMs: state.gl.frameTimes.slice() } : {};
  },
};

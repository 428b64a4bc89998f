// @ts-check
// Brain Tutor brain as server images (/api/render, /api/pick): the renderer for browsers without
// WebGL and for ?renderer=server. It offers the same members as the WebGL one (brain-gl.js).
import { getJSON, query } from "./api.js";
import { $ } from "./dom.js";
import { imageSettled, loadImage } from "./images.js";

/** @typedef {import("./brain.js").Pick} Pick */
/** @typedef {import("./brain.js").SceneParams} SceneParams */

let figureWidth = 0;  // last width of the brain figure while it was shown

/** The image size for the figure: 64 px steps, so that views repeat exactly and hit the
 * server's scene cache; while the brain pane is hidden (phone tabs) the last width stands in. */
export function imageSize() {
  const figure = $("brain-figure");
  if (figure.clientWidth > 0) figureWidth = figure.clientWidth;
  const width = figureWidth || Math.max(256, window.innerWidth - 32);
  const scale = Math.min(window.devicePixelRatio || 1, 2);
  const w = Math.max(256, Math.min(1024, Math.round((width * scale) / 64) * 64));
  return { w, h: Math.round((w * 3) / 4) };
}

/** The brain as server-rendered images. @param {(pick: Pick) => any} onPick */
export function imageBrain(onPick) {
  const img = $("brain");
  const mark = $("brain-cursor");
  /** @type {{fx: number, fy: number} | null} keyboard cursor as fractions of the image */
  let cursor = null;

  function cursorPixel() {
    if (!cursor || !img.naturalWidth) return null;
    return {
      x: Math.min(img.naturalWidth - 1, Math.floor(cursor.fx * img.naturalWidth)),
      y: Math.min(img.naturalHeight - 1, Math.floor(cursor.fy * img.naturalHeight)),
    };
  }

  function placeCursor() {
    const pixel = cursorPixel();
    if (!pixel || img.dataset.state !== "ready") { mark.hidden = true; return; }
    img.dataset.cursor = `${pixel.x},${pixel.y}`;
    mark.style.left = `${img.offsetLeft + ((pixel.x + 0.5) * img.clientWidth) / img.naturalWidth}px`;
    mark.style.top = `${img.offsetTop + ((pixel.y + 0.5) * img.clientHeight) / img.naturalHeight}px`;
    mark.hidden = false;
  }

  /** The server's answer for image pixel (x, y). @param {number} x @param {number} y @returns {Promise<Pick>} */
  async function pickAt(x, y) {
    const result = await getJSON(`/api/pick?${img.dataset.scene}&${query({ x: Math.floor(x), y: Math.floor(y) })}`);
    return { region: result.region || null, surface: result.surface || null, mni: result.mni || null,
             x: Math.floor(x), y: Math.floor(y) };
  }

  /** @param {number} x @param {number} y */
  async function tap(x, y) { return onPick(await pickAt(x, y)); }

  img.addEventListener("click", (/** @type {MouseEvent} */ event) => {
    if (img.dataset.state !== "ready" || !img.naturalWidth) return;
    const rect = img.getBoundingClientRect();
    const x = Math.floor(((event.clientX - rect.left) * img.naturalWidth) / rect.width);
    const y = Math.floor(((event.clientY - rect.top) * img.naturalHeight) / rect.height);
    if (x < 0 || y < 0 || x >= img.naturalWidth || y >= img.naturalHeight) return;
    cursor = { fx: (x + 0.5) / img.naturalWidth, fy: (y + 0.5) / img.naturalHeight };
    placeCursor();
    tap(x, y);
  });
  img.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    const step = event.shiftKey ? 0.1 : 0.02;
    /** @type {Record<string, number[]>} */
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[event.key]) {
      event.preventDefault();
      const at = cursor || { fx: 0.5, fy: 0.5 };
      const [dx, dy] = moves[event.key];
      cursor = { fx: Math.min(0.999, Math.max(0, at.fx + dx)), fy: Math.min(0.999, Math.max(0, at.fy + dy)) };
      placeCursor();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (img.dataset.state !== "ready") return;
      if (!cursor) { cursor = { fx: 0.5, fy: 0.5 }; placeCursor(); }
      const pixel = cursorPixel();
      if (pixel) tap(pixel.x, pixel.y);
    }
  });
  img.addEventListener("focus", () => { if (!cursor) cursor = { fx: 0.5, fy: 0.5 }; placeCursor(); });
  window.addEventListener("resize", placeCursor);

  return {
    kind: /** @type {"server"} */ ("server"),
    /** @param {SceneParams} params */
    async render(params) {
      const { w, h } = imageSize();
      const { region: _region, ...scene } = params;
      const full = { ...scene, w, h };
      img.dataset.scene = query(full);
      await loadImage("brain", "brain-spinner", `/api/render?${query(full)}`, "brain image");
      placeCursor();
    },
    shown: () => imageSettled("brain"),
    pickAt,
    tap,
    canvasSize: () => ({ width: img.naturalWidth, height: img.naturalHeight }),
    sceneQuery: () => img.dataset.scene,
    /** Server images have no frame of their own to hand out. */
    snapshot: () => null,
    timings: () => ({}),
    /** @param {string} _view */
    setPreset: (_view) => Promise.resolve(),
    setAngles: () => Promise.reject(new Error("free angles need the WebGL viewer")),
    setLearning: () => {},
  };
}

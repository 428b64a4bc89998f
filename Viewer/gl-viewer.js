// @ts-check
// Brain Tutor WebGL viewer: one canvas that loads a scene, turns with a finger or the mouse,
// zooms, names the region under the cursor and picks on the device from its own pick pass.
import * as GLCamera from "./gl-camera.js";
import * as GLRenderer from "./gl-renderer.js";
import * as SceneData from "./scene-data.js";
import { emphasised, faded, tinted } from "./highlight.js";
import { meshRangeOf } from "./pick-rules.js";

const TAP_SLOP = 6;           // px a tap may wander before it counts as a drag
const DOUBLE_TAP_MS = 320;
const ANIMATION_MS = 350;

class Viewer {
  // `gl` from GLRenderer.context; callbacks: onPick(region | null, how), onError(message).
  constructor(canvas, gl, callbacks) {
    this.canvas = canvas;
    this.renderer = new GLRenderer.Renderer(gl);
    this.callbacks = callbacks;
    this.scene = null;          // {description, layers}
    this.sceneKey = "";
    this.camera = null;
    this.viewName = "lateral";
    this.highlight = null;      // {atlas, id}
    this.dimOthers = false;
    this.pickFresh = false;
    this.frameWaiters = [];
    this.drawScheduled = false;
    this.animation = null;
    this.pointers = new Map();
    this.lastTap = 0;
    this.frameTimes = [];
    this.orientation = null;
    this.namesOnHover = true;   // off while a quiz asks for names
    /** @type {any} the slicing mode's planes (planes-gl.js PlaneDrawer), drawn after the opaque meshes */
    this.planes = null;
    this.overlays = null;       // (scene) => a map's colour buffer per layer (map-layer.js), or null
    this.markerOf = null;       // () => the MNI point marked in 3D with the planes (planes.js), or null
    this.wire();
  }

  // Drawing-buffer size: the canvas's CSS size times the pixel ratio (at most 2).
  bufferSize() {
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const rect = this.canvas.getBoundingClientRect();
    return {
      width: Math.max(64, Math.min(2048, Math.round(rect.width * ratio))),
      height: Math.max(64, Math.min(2048, Math.round(rect.height * ratio))),
    };
  }

  canvasSize() { return { width: this.canvas.width, height: this.canvas.height }; }

  // Loads (or reuses) the scene for `params` {atlas, hemi, surface} and shows preset `view`;
  // the camera stays where the user turned it unless the scene or the view changes.
  async show(params, view, { animate = true } = {}) {
    const size = this.bufferSize();
    const query = new URLSearchParams({ ...params, view, w: size.width, h: size.height }).toString();
    // Moving the planes keeps the scene: the planes' data comes per plane (planes-gl.js).
    const key = new URLSearchParams({ ...params, planes: params.planes ? "on" : "", w: size.width, h: size.height }).toString();
    let fresh = false;
    if (key !== this.sceneKey) {
      this.sceneKey = key;
      if (this.callbacks.onLoadStart) this.callbacks.onLoadStart();
      this.loading = this.load(query, key, size);
      fresh = true;
    }
    const loaded = await this.loading;
    if (this.sceneKey !== key) return;  // a newer request won
    if (fresh && !loaded) return;
    if (fresh || view !== this.viewName || !this.camera) {
      await this.setView(view, { animate: animate && !fresh && this.camera !== null });
    } else {
      await this.redraw();
    }
  }

  // Fetches and uploads a scene; false when a newer scene was asked for meanwhile.
  async load(query, key, size) {
    const started = performance.now();
    const scene = await SceneData.load(query, this.callbacks.onProgress, this.callbacks.onDescription);
    if (this.sceneKey !== key) return false;
    this.renderer.setShaders(scene.shaders);
    this.renderer.setLayers(scene.layers);
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    scene.description.views = GLCamera.refitViews(scene.description.views, scene.description, size);
    this.scene = scene;
    this.camera = null;
    this.pickFresh = false;
    this.sceneReadyMs = performance.now() - started;
    this.radius = this.sceneRadius();
    if (scene.pending) scene.pending.then((arrived) => this.addLater(scene, arrived), () => {});
    return true;
  }

  // The layers a scene drew as placeholders (the 3D slices' head), in their places once here.
  addLater(scene, arrived) {
    if (this.scene !== scene) return;
    scene.layers = scene.layers.map((layer) => arrived[scene.placeholders.indexOf(layer.json)] || layer);
    this.renderer.setLayers(scene.layers);
    this.radius = this.sceneRadius();
    if (this.camera && !this.camera.exact) this.camera.halfDepth = Math.max(this.camera.halfDepth, this.radius);
    this.pickFresh = false;
    this.redraw();
  }

  // The farthest shown vertex from the scene's centre: the depth range that any turn needs.
  sceneRadius() {
    const c = this.scene.description.camera.center;
    let r2 = 0;
    for (const layer of this.scene.layers) {
      const p = layer.positions;
      for (let i = 0; i < p.length; i += 3) {
        const dx = p[i] - c[0], dy = p[i + 1] - c[1], dz = p[i + 2] - c[2];
        r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
      }
    }
    // A layer still to come (the head) lies within the server's depth range for the scene.
    const later = this.scene.layers.some((layer) => !layer.positions.length) ? this.scene.description.camera.halfDepth : 0;
    return Math.max(Math.sqrt(r2) * 1.05 + 1, later);
  }

  presets() { return this.scene ? this.scene.description.views : {}; }

  // Turns to preset `view` (animated from the current camera) and resolves once drawn.
  setView(view, { animate = true } = {}) {
    const target = typeof view === "string" ? this.presets()[view] : null;
    if (!target) return Promise.reject(new Error(`no preset view '${view}' for this hemisphere choice`));
    this.viewName = view;
    if (!animate || !this.camera) {
      this.animation = null;
      this.camera = new GLCamera.Camera(target);
      return this.redraw();
    }
    const from = this.camera;
    const start = performance.now();
    return new Promise((resolve) => {
      this.animation = { step: (now) => {
        const t = Math.min(1, (now - start) / ANIMATION_MS);
        const eased = t < 1 ? 1 - (1 - t) * (1 - t) : 1;
        this.camera = GLCamera.Camera.between(from, target, eased);
        if (t >= 1) { this.animation = null; this.redraw().then(resolve); }
      } };
      this.redraw();
    });
  }

  // Free angles as the renderer defines them: the camera at azimuth A, elevation E.
  setAngles(azimuth, elevation) {
    const a = (azimuth * Math.PI) / 180;
    const e = (elevation * Math.PI) / 180;
    const eye = [Math.sin(a) * Math.cos(e), Math.cos(a) * Math.cos(e), Math.sin(e)];
    const forward = eye.map((v) => -v);
    let up = Math.abs(eye[2]) > 0.999 ? [0, 1, 0] : [0, 0, 1];
    if (Math.abs(eye[2]) <= 0.999) {
      const d = up[0] * forward[0] + up[1] * forward[1] + up[2] * forward[2];
      up = up.map((v, i) => v - forward[i] * d);
      const n = Math.hypot(...up);
      up = up.map((v) => v / n);
    }
    const base = this.camera;
    this.camera = new GLCamera.Camera({ forward, up, center: base.center, halfWidth: base.halfWidth,
      halfHeight: base.halfHeight, halfDepth: this.radius });
    return this.redraw();
  }

  setHighlight(region, dimOthers) {
    this.highlight = region ? { atlas: region.atlas, id: region.id } : null;
    this.dimOthers = !!dimOthers;
    return this.redraw();
  }

  isHighlighted(region) {
    return region && this.highlight && region.atlas === this.highlight.atlas && region.id === this.highlight.id;
  }

  // Colours per layer and range. Flat frames: the server's, lightened around a highlight as it
  // does (exact colours to compare); lit frames: highlight.js, the server's lit rule. `moving`: a drag's frame (coarse meshes).
  frame(shading, moving = this.dragging) {
    const d = this.scene.description;
    const tint = this.dimOthers ? d.tint.dim : d.tint.soft;
    let outline = null;
    const colors = d.layers.map((layer, li) => layer.ranges.map((range, ri) => {
      const region = range.region;
      if (!this.highlight || !region) return range.color;
      if (this.isHighlighted(region)) {
        if (!outline && !layer.hiddenRanges.includes(ri)) outline = { layer: li, range: ri };
        return shading === "flat" ? range.color : emphasised(range.color);
      }
      return shading === "flat" ? tinted(range.color, tint) : faded(range.color, tint);
    }));
    const planes = this.planes && this.planes.planes.size ? this.planes : null;
    return {
      planes, cut: planes ? planes.cut(this.camera.forward) : null, marker: planes && this.markerOf ? this.markerOf() : null,
      width: this.canvas.width, height: this.canvas.height, camera: this.camera, shading, coarse: !!moving,
      background: d.background, colors, outline: shading === "flat" ? null : outline,
      opacities: d.layers.map((l) => l.opacity),
      hidden: d.layers.map((l) => new Set(l.hiddenRanges)),
      firstPickIds: d.layers.map((l) => l.firstPickId),
      overlays: this.overlays ? this.overlays(this.scene) : null,
    };
  }

  // Schedules a frame; resolves after it is drawn.
  redraw() {
    const done = new Promise((resolve) => this.frameWaiters.push(resolve));
    if (!this.drawScheduled) {
      this.drawScheduled = true;
      requestAnimationFrame((now) => this.drawNow(now));
    }
    return done;
  }

  drawNow(now) {
    this.drawScheduled = false;
    if (!this.scene || !this.camera) { this.flushWaiters(); return; }
    if (this.animation) this.animation.step(now);
    const started = performance.now();
    this.renderer.draw(this.frame("lit"));
    // A highlight keeps the pick pass; a new camera, size, scene or planes do not, nor the hover's name from it.
    if (this.pickKey !== this.cameraKey() || !this.pickFresh) { this.pickFresh = false; this.hideTooltip(); }
    this.frameTimes.push(performance.now() - started);
    if (this.frameTimes.length > 200) this.frameTimes.shift();
    this.updateOrientation();
    this.flushWaiters();
    if (this.animation) { this.redraw(); return; }
    // The pick pass follows once the camera rests, so a tap only reads a pixel.
    clearTimeout(this.pickTimer);
    this.pickTimer = setTimeout(() => { if (!this.dragging) this.ensurePick(); }, 60);
  }

  flushWaiters() { for (const resolve of this.frameWaiters.splice(0)) resolve(); }

  cameraKey() {
    return `${this.sceneKey}|${Array.from(this.camera.mvp).join(",")}`;
  }

  ensurePick() {
    if (this.pickFresh || !this.scene || !this.camera) return;
    this.renderer.drawPick(this.frame("flat"));
    this.renderer.readPickImage();
    this.pickKey = this.cameraKey();
    this.pickFresh = true;
  }

  // A flat-shaded frame (exact region colours) as a PNG data URL, then the lit frame again.
  snapshot(shading = "flat") {
    this.renderer.draw(this.frame(shading, false));
    const url = this.canvas.toDataURL("image/png");
    this.redraw();
    return url;
  }

  // The region at drawing-buffer pixel (x, y) from the top-left, or null.
  pickAt(x, y) {
    if (!this.scene || x < 0 || y < 0 || x >= this.canvas.width || y >= this.canvas.height) return null;
    this.ensurePick();
    const id = this.renderer.readPick(Math.floor(x), Math.floor(y));
    // What the last pick touched without a region: the layer's kind ("cortex", "head"), else null (background).
    this.lastPickSurface = null;
    this.lastPickMni = null;
    if (!id) return null;
    const onMesh = meshRangeOf(this.scene.description.layers, id);
    if (onMesh) {
      const layer = this.scene.description.layers[onMesh.layer], region = layer.ranges[onMesh.range].region || null;
      if (!region) this.lastPickSurface = layer.kind;
      return region;
    }
    const onPlane = this.planes ? this.planes.resolve(id, x, y, { ...this.canvasSize(), camera: this.camera }) : null;
    if (onPlane) { this.lastPickSurface = onPlane.surface; this.lastPickMni = onPlane.mni; }
    return onPlane ? onPlane.region : null;
  }

  // ---------- pointer, wheel and pinch ----------

  bufferPoint(event) {
    const rect = this.canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * this.canvas.width) / rect.width,
      y: ((event.clientY - rect.top) * this.canvas.height) / rect.height,
    };
  }

  wire() {
    const c = this.canvas;
    c.addEventListener("pointerdown", (e) => {
      try { c.setPointerCapture(e.pointerId); } catch (_) { /* synthetic events have no capturable pointer */ }
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY, t: e.timeStamp,
        pan: e.button === 2 || e.shiftKey });
      this.hideTooltip();
    });
    c.addEventListener("pointermove", (e) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) { if (e.pointerType === "mouse") this.hover(e); return; }
      if (this.pointers.size === 2) { this.updatePointer(e); this.pinch(); return; }
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      if (!this.dragging && Math.hypot(e.clientX - p.startX, e.clientY - p.startY) < TAP_SLOP) return;
      this.dragging = true;
      p.x = e.clientX;
      p.y = e.clientY;
      if (!this.camera) return;
      this.animation = null;
      this.moved();
      // The right button (or Shift) moves the brain; the left one turns it.
      if (p.pan) {
        const rect = c.getBoundingClientRect();
        this.camera.pan(dx / rect.width, dy / rect.height);
      } else {
        this.camera.drag(dx, dy, this.radius);
      }
      this.redraw();
    });
    const end = (e) => {
      const p = this.pointers.get(e.pointerId);
      this.pointers.delete(e.pointerId);
      if (!p) return;
      const wasDrag = this.dragging;
      if (this.pointers.size === 0) this.dragging = false;
      this.pinchDistance = null;
      if (wasDrag || p.pan || e.type === "pointercancel") { this.redraw(); return; }
      if (e.timeStamp - this.lastTap < DOUBLE_TAP_MS) {
        this.lastTap = 0;
        this.setView(this.viewName);
        return;
      }
      this.lastTap = e.timeStamp;
      const point = this.bufferPoint(e);
      const region = this.pickAt(point.x, point.y);
      this.callbacks.onPick(region, point);
    };
    c.addEventListener("pointerup", end);
    c.addEventListener("pointercancel", end);
    c.addEventListener("pointerleave", () => this.hideTooltip());
    c.addEventListener("wheel", (e) => {
      e.preventDefault();
      if (!this.camera) return;
      const f = this.screenPoint(e.clientX, e.clientY);
      this.moved();
      this.camera.zoomAt(Math.exp(e.deltaY * 0.0015), f.x, f.y);
      this.redraw();
    }, { passive: false });
    c.addEventListener("contextmenu", (e) => e.preventDefault());  // the right button pans
  }

  // The user turned, moved or zoomed the brain: what was pinned to the screen no longer fits.
  moved() { if (this.callbacks.onMove) this.callbacks.onMove(); }

  // (x, y) in client pixels as −1…+1 across the canvas (y up), as zoomAt takes it.
  screenPoint(x, y) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: ((x - rect.left) / rect.width) * 2 - 1, y: 1 - ((y - rect.top) / rect.height) * 2 };
  }

  // Two fingers: their spread zooms toward the point between them, and that point's travel pans.
  pinch() {
    const [a, b] = Array.from(this.pointers.values());
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    this.dragging = true;
    if (this.pinchDistance && distance > 0 && this.camera) {
      const rect = this.canvas.getBoundingClientRect();
      this.camera.pan((mid.x - this.pinchMid.x) / rect.width, (mid.y - this.pinchMid.y) / rect.height);
      const f = this.screenPoint(mid.x, mid.y);
      this.moved();
      this.camera.zoomAt(this.pinchDistance / distance, f.x, f.y);
      this.redraw();
    }
    this.pinchDistance = distance;
    this.pinchMid = mid;
  }

  updatePointer(e) {
    const p = this.pointers.get(e.pointerId);
    if (p) { p.x = e.clientX; p.y = e.clientY; }
  }

  // The region under a resting mouse, named in a tooltip (nothing is selected).
  hover(e) {
    const tip = this.callbacks.tooltip;
    if (!tip || this.dragging || !this.namesOnHover) return;
    this.ensurePick();
    const point = this.bufferPoint(e);
    const region = this.pickAt(point.x, point.y);
    if (!region) { this.hideTooltip(); return; }
    tip.textContent = `${region.name}${region.hemisphere === "none" ? "" : ` (${region.hemisphere})`}`;
    const rect = this.canvas.getBoundingClientRect();
    tip.style.left = `${e.clientX - rect.left + this.canvas.offsetLeft + 14}px`;
    tip.style.top = `${e.clientY - rect.top + this.canvas.offsetTop + 14}px`;
    tip.hidden = false;
  }

  hideTooltip() { if (this.callbacks.tooltip) this.callbacks.tooltip.hidden = true; }

  // Letters R/L, A/P, S/I where each direction points (gl-camera.js placeLetters).
  updateOrientation() { if (this.callbacks.orientation) GLCamera.placeLetters(this.callbacks.orientation, this.camera); }
}

export { Viewer };

// @ts-check
// Brain Tutor camera for the WebGL viewer: starts from the preset cameras the server computes
// (/api/scene "views"), turns freely (no Euler angles, so no gimbal lock over the poles),
// zooms, and animates back to a preset, where it uses the server's matrices unchanged; and
// places the orientation letters where each direction points.

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const scale = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const norm = (a) => scale(a, 1 / Math.hypot(a[0], a[1], a[2]));

// Rodrigues: v turned by `angle` radians about the unit axis k.
function rotate(v, k, angle) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return add(add(scale(v, c), scale(cross(k, v), s)), scale(k, dot(k, v) * (1 - c)));
}

/// Degrees the brain turns per pixel dragged.
const DEGREES_PER_PIXEL = 0.4;

class Camera {
  // `preset`: a camera of /api/scene (forward, up, center, half sizes, mvp, normalMatrix).
  constructor(preset) { this.set(preset); }

  set(preset) {
    this.forward = preset.forward.slice();
    this.up = preset.up.slice();
    this.center = preset.center.slice();
    this.halfWidth = preset.halfWidth;
    this.halfHeight = preset.halfHeight;
    this.halfDepth = preset.halfDepth;
    this.exact = preset.mvp ? preset : null;  // the server's own matrices while unchanged
  }

  get right() { return cross(this.forward, this.up); }

  // Dragging right by dx pixels turns the front of the brain to the right (about the screen's
  // vertical axis); dragging down by dy turns its top toward the viewer. The camera turns the
  // other way round the scene's centre.
  drag(dx, dy, minDepth) {
    const a = (dx * DEGREES_PER_PIXEL * Math.PI) / 180;
    const b = (dy * DEGREES_PER_PIXEL * Math.PI) / 180;
    const up = this.up;
    this.forward = rotate(this.forward, up, -a);
    const right = this.right;
    this.forward = norm(rotate(this.forward, right, -b));
    this.up = norm(rotate(up, right, -b));
    this.up = norm(add(this.up, scale(this.forward, -dot(this.up, this.forward))));
    this.halfDepth = Math.max(this.halfDepth, minDepth);
    this.exact = null;
  }

  zoom(factor) { this.zoomAt(factor, 0, 0); }

  // Zooms by `factor` (< 1: closer) keeping the point at (fx, fy) on screen where it is; fx, fy
  // from −1 (left, bottom) to +1 (right, top), 0 the centre.
  zoomAt(factor, fx, fy) {
    const f = Math.min(8, Math.max(0.125, factor));
    const shift = add(scale(this.right, fx * this.halfWidth * (1 - f)), scale(this.up, fy * this.halfHeight * (1 - f)));
    this.center = add(this.center, shift);
    this.halfWidth *= f;
    this.halfHeight *= f;
    this.exact = null;
  }

  // Frames `points` (RAS mm): centred, the farthest one `margin` (a fraction of the half size)
  // inside the nearer edge of the view, whose aspect stays as it is; the direction is kept.
  frame(points, margin) {
    const right = this.right, up = this.up;
    const lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
    for (const p of points) {
      const a = [dot(p, right), dot(p, up)];
      for (const k of [0, 1]) { lo[k] = Math.min(lo[k], a[k]); hi[k] = Math.max(hi[k], a[k]); }
    }
    const c = this.center, depth = dot(c, this.forward);
    this.center = add(scale(this.forward, depth), add(scale(right, (lo[0] + hi[0]) / 2), scale(up, (lo[1] + hi[1]) / 2)));
    const aspect = this.halfWidth / this.halfHeight;
    const half = Math.max((hi[0] - lo[0]) / 2, ((hi[1] - lo[1]) / 2) * aspect) / (1 - margin);
    this.halfWidth = half;
    this.halfHeight = half / aspect;
    this.exact = null;
  }

  // Moves the brain with the fingers: (dx, dy) in fractions of the view's width and height
  // (right and down positive).
  pan(dx, dy) {
    this.center = add(this.center, add(scale(this.right, -dx * 2 * this.halfWidth), scale(this.up, dy * 2 * this.halfHeight)));
    this.exact = null;
  }

  // Column-major RAS → clip space, the same formula as the renderer's Camera.mvp.
  get mvp() {
    if (this.exact) return new Float32Array(this.exact.mvp);
    const r = scale(this.right, 1 / this.halfWidth);
    const u = scale(this.up, 1 / this.halfHeight);
    const f = scale(this.forward, 1 / this.halfDepth);
    const c = this.center;
    return new Float32Array([r[0], u[0], f[0], 0, r[1], u[1], f[1], 0, r[2], u[2], f[2], 0,
      -dot(c, r), -dot(c, u), -dot(c, f), 1]);
  }

  get normalMatrix() {
    if (this.exact) return new Float32Array(this.exact.normalMatrix);
    const r = this.right;
    const u = this.up;
    const b = scale(this.forward, -1);
    return new Float32Array([r[0], u[0], b[0], 0, r[1], u[1], b[1], 0, r[2], u[2], b[2], 0, 0, 0, 0, 1]);
  }

  // Where a direction (RAS) points on screen: [x right, y up] for the orientation cue.
  screenDirection(v) { return [dot(v, this.right), dot(v, this.up), dot(v, this.forward)]; }

  // Interpolates toward `target` (t 0…1); at t = 1 the camera is the preset itself.
  static between(from, target, t) {
    if (t >= 1) return new Camera(target);
    const mix = (a, b) => a.map((v, i) => v + (b[i] - v) * t);
    let forward = norm(mix(from.forward, target.forward));
    if (!Number.isFinite(forward[0])) forward = target.forward;  // opposite directions
    let up = mix(from.up, target.up);
    up = norm(add(up, scale(forward, -dot(up, forward))));
    if (!Number.isFinite(up[0])) up = target.up;
    const camera = new Camera({
      forward, up, center: mix(from.center, target.center),
      halfWidth: from.halfWidth + (target.halfWidth - from.halfWidth) * t,
      halfHeight: from.halfHeight + (target.halfHeight - from.halfHeight) * t,
      halfDepth: Math.max(from.halfDepth, target.halfDepth),
    });
    return camera;
  }
}

/** Letters R/L, A/P, S/I where each direction points on screen, nearest first; hidden behind the
 * brain or where they would touch a letter already placed. @param {HTMLElement} box @param {Camera} camera */
function placeLetters(box, camera) {
  const axes = { R: [1, 0, 0], L: [-1, 0, 0], A: [0, 1, 0], P: [0, -1, 0], S: [0, 0, 1], I: [0, 0, -1] };
  const marks = Object.entries(axes).map(([letter, v]) => ({ letter, screen: camera.screenDirection(v) }));
  const placed = /** @type {number[][]} */ ([]);
  for (const { letter, screen: [x, y, z] } of marks.sort((a, b) => a.screen[2] - b.screen[2])) {
    const el = /** @type {HTMLElement | null} */ (box.querySelector(`[data-axis="${letter}"]`));
    const at = [50 + x * 38, 50 - y * 38];
    if (!el) continue;
    const free = placed.every(([px, py]) => Math.hypot(px - at[0], py - at[1]) >= 22);  // 12 px letters, 64 px disc
    Object.assign(el.style, { left: `${at[0]}%`, top: `${at[1]}%`, visibility: z > 0.7 || !free ? "hidden" : "visible" });
    if (z <= 0.7 && free) placed.push(at);
  }
}

// The preset cameras of a scene the server framed for a `from` canvas ({width, height}), framed
// for a `to` canvas of another shape: the same middle, one half size grown so that all the
// server's view still shows. Offline, the scene kept may have been asked for at another size
// (Learn's shorter canvas, a phone turned); its matrices would stretch the brain. Same shape:
// the presets as they are, the server's matrices kept.
function refitViews(views, from, to) {
  if (from.width * to.height === to.width * from.height) return views;
  const aspect = to.width / to.height;
  const fit = ({ mvp, normalMatrix, ...preset }) => (aspect >= preset.halfWidth / preset.halfHeight
    ? { ...preset, halfWidth: preset.halfHeight * aspect }
    : { ...preset, halfHeight: preset.halfWidth / aspect });
  return Object.fromEntries(Object.entries(views).map(([name, preset]) => [name, fit(preset)]));
}

export { Camera, DEGREES_PER_PIXEL, placeLetters, refitViews };

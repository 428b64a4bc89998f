// @ts-check
// Brain Tutor slicing mode in WebGL: the three MRI planes drawn with the renderer's own plane
// shaders (Shaders/plane.vert, plane.frag), each plane's ids drawn smooth on the GPU from a
// small texture of its voxels cut once per plane move (plane-tiles.js; plane.frag compiled with
// PLANE_VOXELS), beside its grey and inside-the-head flag (plane-volume.js: the renderer's
// texels); where the GL lacks high-precision fragment floats, from per-plane textures read as
// the renderer reads them. The head is cut open around them, the pick pass gives plane pixels
// `first pick id + region id`, and a pick is answered with the voxel's MNI centre.
import { getBytes } from "./api.js";
import { PALETTE_WIDTH, PLANE_DARKENING, PLANE_NAMES } from "./contract.js";
import { program } from "./gl-renderer.js";
import { PlaneMarker } from "./planes-marker.js";
import { drawOutlines } from "./planes-outline.js";
import { cutSide, labelAt, planeOf, planeVoxel } from "./pick-rules.js";
import { pixelRay } from "./planes-ray.js";
import { PlaneVoxels, volumeProgram } from "./plane-tiles.js";
import { headPoints, planeSource, visibleQuad } from "./plane-volume.js";
import { parseBinary } from "./scene-data.js";

/** @typedef {{header: any, arrays: Record<string, any>}} Body */
/** @typedef {{grey: WebGLTexture | null, ids: WebGLTexture | null}} PlaneGPU `ids`: the plane's voxels (the voxel path), else its ids as the renderer cuts them */
/** @typedef {{name: string, body: Body, gpu: PlaneGPU, outline?: {id: number, buffer: WebGLBuffer | null, count: number}}} DrawnPlane */

const POSITION = 0;
/** The unit vector along axis `a` (0, 1, 2: x, y, z). @param {number} a */
const oneHot = (a) => [0, 1, 2].map((k) => (k === a ? 1 : 0));
/** Palette and volume bodies by URL (each version is immutable). */
const KEPT_BODIES = 16;
/** The head framed this far (a fraction of the view's half size) inside the view's nearer edge. */
const HEAD_MARGIN = 0.04;
/** Plane textures kept on the GPU (about 300 KB each). */
const KEPT_ON_GPU = 24;

/** @type {Map<string, Promise<Body>>} */
const bodies = new Map();
/** @param {string} url @returns {Promise<Body>} */
function body(url) {
  let body = bodies.get(url);
  if (!body) {
    body = getBytes(url).then((b) => parseBinary(b, url));
    bodies.set(url, body);
    body.catch(() => bodies.delete(url));
    if (bodies.size > KEPT_BODIES) bodies.delete(/** @type {string} */ (bodies.keys().next().value));
  }
  return body;
}

/** The planes' GL side: textures per plane, the palette by highlight, the draw and pick passes. */
export class PlaneDrawer {
  /** @param {WebGLRenderingContext} gl @param {any} description the scene JSON's `planes` */
  constructor(gl, description) {
    this.gl = gl;
    this.description = description;
    /** @type {Map<string, DrawnPlane>} the planes shown, by name */
    this.planes = new Map();
    /** @type {Map<Body, PlaneGPU>} uploaded bodies, oldest first */
    this.gpu = new Map();
    /** @type {any} */
    this.program = null;
    /** @type {WebGLTexture | null} */
    this.palette = null;
    /** @type {Body | null} */
    this.paletteBody = null;
    this.paletteKey = "";
    /** @type {WebGLBuffer | null} the planes' quads, four corners each, and what they were filled with */
    this.quad = null;
    this.quadKey = "";
    /** @type {number | null} the highlighted region's id, outlined on the planes */
    this.highlight = null;
    /** @type {any} */
    this.flat = null;
    /** @type {number[]} where the planes cross (MNI mm) */
    this.point = [0, 0, 0];
    /** The point shown ("x,y,z"), whether "lighten the rest" is on, and the volumes' step (mm). */
    this.shown = "";
    this.dim = false;
    this.step = 0;
    /** @type {any} plane.frag compiled with PLANE_VOXELS, or null where it does not compile */
    this.volumeProgram = null;
    /** @type {PlaneVoxels | null} the volumes as the voxel path reads them, and (`voxelsOf`) the cutter they came from */
    this.planeVoxels = null;
    this.voxelsOf = /** @type {any} */ (null);
    /** Whether the planes' ids are drawn smooth on the GPU from their voxels (else as the renderer draws them). */
    this.onGPU = false;
    this.marker = new PlaneMarker(gl);
    this.framed = false;  // whether the camera was framed on the head
  }

  /** @param {Record<string, string>} shaders */
  setShaders(shaders) {
    if (this.program) return;
    const p = program(this.gl, shaders["plane.vert"], shaders["plane.frag"], ["plane.vert", "plane.frag"]);
    /** @param {string} n */
    const u = (n) => this.gl.getUniformLocation(p.id, n);
    this.flat = program(this.gl, shaders["pick.vert"], shaders["pick.frag"], ["pick.vert", "pick.frag"]);
    this.program = { ...p, texS: u("uTexS"), texT: u("uTexT"), grey: u("uGrey"), ids: u("uIDs"), pal: u("uPalette"),
      rows: u("uPaletteRows"), window: u("uWindow"), pick: u("uPick"), pickBase: u("uPickBase"), cut: u("uCut"), cutSide: u("uCutSide"),
      darken: u("uDarken") };
    this.volumeProgram = volumeProgram(this.gl, shaders);
  }

  /** The volumes the planes are cut from, with their per-voxel flags, once per pair (the coarse,
   * then the whole), when the GL can compile the voxel path. @param {import("./plane-volume.js").PlaneCutter} cutter */
  setVolume(cutter) {
    if (this.voxelsOf === cutter) return;
    this.planeVoxels = this.volumeProgram ? new PlaneVoxels(cutter.grey, cutter.labels) : null;
    this.voxelsOf = cutter;
    this.onGPU = !!this.planeVoxels;
  }

  /** @param {Body} body */
  setPaletteBody(body) { this.paletteBody = body; this.paletteKey = ""; }

  /** The palette texture for the highlight: the highlighted id strong, the others as they are
   * or faint ("lighten the rest"), all from the server's tints. @param {number | null} highlight @param {boolean} dim */
  updatePalette(highlight, dim) {
    const body = this.paletteBody;
    if (!body) return;
    const key = `${highlight}|${dim}`;
    this.highlight = highlight;
    if (key === this.paletteKey && this.palette) return;
    const count = body.header.idCount;
    const rows = Math.ceil(count / PALETTE_WIDTH);
    const rgba = new Uint8Array(PALETTE_WIDTH * rows * 4);
    const { normal, strong, faint } = body.arrays;
    for (let id = 0; id < count; id += 1) {
      const from = highlight === null ? normal : id === highlight ? strong : dim ? faint : normal;
      rgba.set(from.subarray(4 * id, 4 * id + 4), 4 * id);
    }
    this.palette = this.texture(this.palette, PALETTE_WIDTH, rows, this.gl.RGBA, this.gl.NEAREST, rgba);
    this.paletteRows = rows;
    this.paletteKey = key;
  }

  /** @param {WebGLTexture | null} texture @param {number} width @param {number} height @param {number} format @param {number} filter @param {Uint8Array} bytes */
  texture(texture, width, height, format, filter, bytes) {
    const gl = this.gl;
    const t = texture || gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.texImage2D(gl.TEXTURE_2D, 0, format, width, height, 0, format, gl.UNSIGNED_BYTE, bytes);
    for (const [name, value] of [[gl.TEXTURE_MIN_FILTER, filter], [gl.TEXTURE_MAG_FILTER, filter],
      [gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE], [gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE]]) gl.texParameteri(gl.TEXTURE_2D, name, value);
    return t;
  }

  /** The textures and quad of `body`, uploaded on first use and kept for the next `KEPT_ON_GPU`
   * bodies, so a plane dragged back and forth redraws without uploading. @param {Body} body */
  upload(body) {
    let gpu = this.gpu.get(body);
    if (gpu) { this.gpu.delete(body); this.gpu.set(body, gpu); return gpu; }
    const gl = this.gl;
    const h = body.header;
    // On the voxel path the ids texture is the plane's slice of the volumes (smooth borders drawn on the GPU).
    const voxels = h.onGPU && this.planeVoxels ? this.planeVoxels.slice(h.axes, h.slice) : null;
    gpu = { grey: this.texture(null, h.width, h.height, gl.LUMINANCE_ALPHA, gl.LINEAR, body.arrays.grey),
      ids: voxels ? this.texture(null, voxels.width, voxels.height, gl.RGBA, gl.NEAREST, voxels.bytes)
        : this.texture(null, h.width, h.height, gl.RGBA, gl.NEAREST, body.arrays.ids) };
    this.gpu.set(body, gpu);
    const shown = new Set(Array.from(this.planes.values(), (p) => p.body));
    for (const [old, g] of this.gpu) {
      if (this.gpu.size <= KEPT_ON_GPU) break;
      if (old === body || shown.has(old)) continue;
      this.free(g);
      this.gpu.delete(old);
    }
    return gpu;
  }

  /** @param {PlaneGPU} g */
  free(g) { this.gl.deleteTexture(g.grey); this.gl.deleteTexture(g.ids); }

  /** Shows `body` as plane `name` (nothing when the plane misses the head). @param {string} name @param {Body} body */
  setPlane(name, body) {
    const old = this.planes.get(name);
    if (old && old.body === body) return;
    if (old && old.outline) this.gl.deleteBuffer(old.outline.buffer);
    if (!body.header.width || !body.header.height) { this.planes.delete(name); return; }
    this.planes.set(name, { name, body, gpu: this.upload(body) });
  }

  /** Frees every texture and buffer (the scene changed or the mode ended). */
  dispose() {
    for (const g of this.gpu.values()) this.free(g);
    this.gpu.clear();
    for (const plane of this.planes.values()) if (plane.outline) this.gl.deleteBuffer(plane.outline.buffer);
    this.planes.clear();
    if (this.quad) this.gl.deleteBuffer(this.quad);
    this.quad = null;
    this.quadKey = "";
    if (this.palette) this.gl.deleteTexture(this.palette);
    this.palette = null;
    this.planeVoxels = null;
    this.voxelsOf = null;
    this.marker.dispose();
    this.onGPU = false;
  }

  /** The cut for a camera looking along `forward`: the planes' crossing, and per axis the
   * viewer's side (`cutSide`), as the renderer's CutAway.
   * @param {number[]} forward */
  cut(forward) {
    const side = [0, 1, 2].map((axis) => (this.planes.has(PLANE_NAMES[axis]) ? cutSide(forward[axis]) : 0));
    return { corner: this.point.slice(), side };
  }

  /** Draws the planes (`pick`: their pick ids) with the frame's camera and cut. The uniforms
   * shared by every plane are set once, before the planes' loop. @param {any} frame @param {boolean} pick */
  draw(frame, pick) {
    const gl = this.gl;
    const onGPU = this.onGPU && this.planeVoxels;
    const p = onGPU ? this.volumeProgram : this.program;
    if (!p || !this.palette || this.planes.size === 0) return;
    gl.useProgram(p.id);
    gl.uniformMatrix4fv(p.mvp, false, frame.camera.mvp);
    gl.uniform1f(p.pick, pick ? 1 : 0);
    const w = this.description.window;
    gl.uniform2f(p.window, w[0], w[1]);
    gl.uniform1f(p.rows, this.paletteRows);
    const cut = frame.cut;
    gl.uniform4f(p.cut, cut.corner[0], cut.corner[1], cut.corner[2], 1);
    gl.uniform3f(p.cutSide, cut.side[0], cut.side[1], cut.side[2]);
    gl.uniform1i(p.grey, 0);
    gl.uniform1i(p.ids, 1);
    gl.uniform1i(p.pal, 2);
    gl.activeTexture(gl.TEXTURE2);
    gl.bindTexture(gl.TEXTURE_2D, this.palette);
    if (onGPU) {
      const t = /** @type {PlaneVoxels} */ (this.planeVoxels);
      gl.uniform3f(p.origin, t.origin[0], t.origin[1], t.origin[2]);
      gl.uniform1f(p.step, t.step);
      // The camera is orthographic: one voxel covers the same pixels anywhere on a plane facing it.
      gl.uniform1f(p.pixelsPerVoxel, (frame.width / (2 * frame.camera.halfWidth)) * t.step);
      gl.uniform1f(p.highlight, this.highlight === null || pick ? -1 : this.highlight);
    }
    gl.disable(gl.CULL_FACE);
    gl.disableVertexAttribArray(1);
    gl.disableVertexAttribArray(2);
    // Every plane's quad in one buffer, filled only when one changes: refilling a buffer that a
    // draw of this frame still uses makes a software GL (llvmpipe) wait for that draw to finish.
    const drawn = Array.from(this.planes.values(), (plane) => ({ plane, quad: visibleQuad(plane.body.header, cut) }))
      .filter((s) => s.quad);
    const key = drawn.map((s) => /** @type {Float32Array} */ (s.quad).join(",")).join(";");
    if (!this.quad) this.quad = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.quad);
    if (key !== this.quadKey) {
      const all = new Float32Array(12 * drawn.length);
      drawn.forEach((s, i) => all.set(/** @type {Float32Array} */ (s.quad), 12 * i));
      gl.bufferData(gl.ARRAY_BUFFER, all, gl.DYNAMIC_DRAW);
      this.quadKey = key;
    }
    gl.enableVertexAttribArray(POSITION);
    gl.vertexAttribPointer(POSITION, 3, gl.FLOAT, false, 0, 0);
    for (const [i, { plane }] of drawn.entries()) {
      const h = plane.body.header;
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, plane.gpu.grey);
      gl.activeTexture(gl.TEXTURE1);
      gl.bindTexture(gl.TEXTURE_2D, plane.gpu.ids);
      if (onGPU) {
        const dims = /** @type {PlaneVoxels} */ (this.planeVoxels).dims;
        gl.uniform2f(p.planeSize, dims[h.axes[0]], dims[h.axes[1]]);
        gl.uniform3fv(p.planeAxis, oneHot(PLANE_NAMES.indexOf(plane.name)));
        gl.uniform3fv(p.axisU, oneHot(h.axes[0]));
        gl.uniform3fv(p.axisV, oneHot(h.axes[1]));
      }
      gl.uniform4f(p.texS, h.texS[0], h.texS[1], h.texS[2], h.texS[3]);
      gl.uniform4f(p.texT, h.texT[0], h.texT[1], h.texT[2], h.texT[3]);
      gl.uniform1f(p.pickBase, this.description.firstPickIds[plane.name]);
      gl.uniform1f(p.darken, PLANE_DARKENING[PLANE_NAMES.indexOf(plane.name)]);
      gl.drawArrays(gl.TRIANGLE_FAN, 4 * i, 4);
    }
    gl.activeTexture(gl.TEXTURE0);
    // The voxel path outlines the highlighted region itself, along its smooth border.
    if (!pick && !onGPU && this.highlight !== null) drawOutlines(this, frame);
    if (!pick && frame.marker) this.marker.draw(this.flat, frame, frame.marker);
  }

  /** The plane and region id behind pick id `id`, or null for a mesh's id. @param {number} id */
  planeOf(id) { return planeOf(this.description, (name) => this.planes.has(name), id); }

  /** What a pick at drawing-buffer pixel (x, y) with pick id `id` touched on a plane: its region,
   * the plane's name and the centre of the voxel drawn there, found where the ray through the
   * pixel centre meets the plane by the renderer's rule (`planeVoxel`); null when the id is not a plane's.
   * @param {number} id @param {number} x @param {number} y @param {{width: number, height: number, camera: any}} view */
  resolve(id, x, y, view) {
    const hit = this.planeOf(id);
    if (!hit) return null;
    const plane = /** @type {DrawnPlane} */ (this.planes.get(hit.name));
    const h = plane.body.header;
    const step = h.step || 1;
    const axis = PLANE_NAMES.indexOf(hit.name);
    const ray = pixelRay(view, x, y);
    let mni = null;
    if (ray) {
      const { near, far } = ray;
      const t = (h.position - near[axis]) / (far[axis] - near[axis]);
      const point = near.map((v, k) => v + (far[k] - v) * t);
      // Texel units from the texture's low corner: texel (i, j) is centred at uLow + step·i, vLow + step·j mm.
      const texel = [(point[h.axes[0]] - (h.uLow - step / 2)) / step, (point[h.axes[1]] - (h.vLow - step / 2)) / step];
      const ids = plane.body.arrays.ids;
      const [i, j] = planeVoxel(texel, hit.label, (i, j) => labelAt(ids, h.width, h.height, i, j));
      mni = [0, 0, 0];
      mni[axis] = h.position;
      mni[h.axes[0]] = h.uLow + step * i;
      mni[h.axes[1]] = h.vLow + step * j;
    }
    return { region: this.description.regions[hit.label] || null, surface: hit.name, mni };
  }
}

/** Starts fetching the palette and the coarse volumes a scene JSON's `planes` describes; once
 * they are in, what the scene left for later (the head, `startLater`), then the whole volumes, so
 * the first planes have the link to themselves. True when it took `startLater` on.
 * @param {any} d @param {string | null} text @param {() => Promise<any>} [startLater] */
export function prefetchPlanes(d, text, startLater) {
  if (!d || !text) return false;
  const palette = body(d.palette);
  palette.catch(() => {});
  const source = planeSource(d, body, startLater);
  source.coarse.catch(() => {});
  if (startLater) Promise.all([palette, source.coarse]).then(startLater, startLater);
  return true;
}

/** The cutter of the best volumes here for `d`: the whole ones once arrived, else the coarse.
 * @param {any} d */
export async function planeCutter(d) {
  const source = planeSource(d, body);
  return source.ready || source.coarse;
}

let asked = 0;
let shownTicket = 0;

/** Shows the scene's planes through `text` ("x,y,z", whole MNI mm; null: no planes) with the
 * highlight, and resolves once drawn. While planes are dragged the answers may come out of
 * order: an older one is still drawn unless a newer one already was.
 * @param {any} viewer the gl-viewer.js Viewer @param {string | null} text @param {number | null} highlight @param {boolean} dim */
export async function showPlanes(viewer, text, highlight, dim) {
  const d = viewer.scene && viewer.scene.description.planes;
  if (!d || !text) {
    if (viewer.planes) { viewer.planes.dispose(); viewer.planes = null; await viewer.redraw(); }
    return;
  }
  if (!viewer.planes || viewer.planes.description !== d) {
    if (viewer.planes) viewer.planes.dispose();
    viewer.planes = new PlaneDrawer(viewer.renderer.gl, d);
    viewer.planes.setShaders(viewer.scene.shaders);
    // A new scene starts from the front and above on its side, where the open octant shows,
    // framed on the head once its volume is here (below).
    await viewer.setAngles(viewer.scene.description.hemisphere === "right" ? 50 : -50, 30);
  }
  const drawer = viewer.planes;
  const ticket = ++asked;
  const point = text.split(",").map(Number);
  const names = PLANE_NAMES.filter((n) => d.positions[n] !== undefined);
  const source = planeSource(d, body);
  const [palette, cutter] = await Promise.all([body(d.palette), source.ready || source.coarse]);
  if (ticket < shownTicket || viewer.planes !== drawer) return;
  // Cut from the coarse volumes: drawn again from the whole ones when they arrive.
  if (!source.ready) {
    source.whole.then(() => {
      if (viewer.planes === drawer && drawer.shown === text) showPlanes(viewer, text, drawer.highlight, drawer.dim);
    }, () => {});
  }
  drawer.setVolume(cutter);
  if (!drawer.framed && viewer.camera) viewer.camera.frame(headPoints(cutter.grey, 2), HEAD_MARGIN);
  drawer.framed = true;
  const planes = names.map((n) => cutter.plane(n, point[PLANE_NAMES.indexOf(n)], drawer.onGPU));
  shownTicket = ticket;
  if (drawer.paletteBody !== palette) drawer.setPaletteBody(palette);
  names.forEach((name, i) => drawer.setPlane(name, planes[i]));
  drawer.point = point;
  drawer.shown = text;
  drawer.dim = dim;
  drawer.step = cutter.step;
  drawer.updatePalette(highlight, dim);
  viewer.pickFresh = false;
  await viewer.redraw();
  viewer.canvas.dispatchEvent(new CustomEvent("planesshown", { detail: point }));
}

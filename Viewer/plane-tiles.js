// @ts-check
// Brain Tutor 3D slices cut on the GPU: the template grey and the atlas's label ids packed into
// one 2D texture (WebGL 1 has no 3D textures), its axial slices laid side by side as tiles, from
// which plane.frag compiled with VOLUME_TILES and CUT_PASS copies a plane's voxels into a small
// texture once per plane move; the frames read that (plane.frag with VOLUME_TILES). Uploaded once
// per pair of volumes, so a moving plane uploads only its grey and inside-the-head flag.

import { program } from "./gl-renderer.js";

/** @typedef {{header: any, arrays: Record<string, any>}} Body */

/** The tile layout for volume `dims` within a `maxSize` texture: tiles per row and the texture's
 * size, or null when it does not fit (the caller cuts the planes on the CPU instead).
 * @param {number[]} dims @param {number} maxSize */
export function tileLayout(dims, maxSize) {
  const [nx, ny, nz] = dims;
  if (nx > maxSize || ny > maxSize || nz === 0) return null;
  // As square as the limit allows: fewer rows waste less of the last one.
  let perRow = Math.min(nz, Math.floor(maxSize / nx), Math.max(1, Math.ceil(Math.sqrt((nz * ny) / nx))));
  let rows = Math.ceil(nz / perRow);
  if (rows * ny > maxSize) {
    perRow = Math.min(nz, Math.floor(maxSize / nx));
    rows = Math.ceil(nz / perRow);
    if (rows * ny > maxSize) return null;
  }
  return { perRow, width: perRow * nx, height: rows * ny };
}

/** Per voxel 1 where the 3 × 3 × 3 voxels around it (those inside the volume) hold its id, else
 * 0: three passes, each widening the run of equal ids by one voxel along one axis.
 * @param {ArrayLike<number>} ids @param {number[]} dims */
export function uniformNeighbourhoods(ids, dims) {
  const [nx, ny, nz] = dims;
  let flags = new Uint8Array(nx * ny * nz).fill(1);
  for (const [stride, count] of [[1, nx], [nx, ny], [nx * ny, nz]]) {
    const next = new Uint8Array(flags.length);
    for (let v = 0; v < flags.length; v += 1) {
      const at = Math.floor(v / stride) % count, id = ids[v];
      const below = at === 0 || (flags[v - stride] && ids[v - stride] === id);
      const above = at === count - 1 || (flags[v + stride] && ids[v + stride] === id);
      next[v] = flags[v] && below && above ? 1 : 0;
    }
    flags = next;
  }
  return flags;
}

/** RGBA per voxel in the tile layout: grey, id low byte, id high byte, and 255 where no border
 * is within a voxel (`uniformNeighbourhoods`), else 0, so one read tells plane.frag that the
 * voxels around a point share one id. Voxel (i, j, k) lands at texel
 * ((k mod perRow)·nx + i, ⌊k / perRow⌋·ny + j).
 * @param {Body} grey @param {Body} labels @param {{perRow: number, width: number, height: number}} layout */
export function packTiles(grey, labels, layout) {
  const [nx, ny, nz] = grey.header.dims;
  const g = grey.arrays.grey, ids = labels.arrays.labels;
  const flags = uniformNeighbourhoods(ids, grey.header.dims);
  const out = new Uint8Array(layout.width * layout.height * 4);
  for (let k = 0; k < nz; k += 1) {
    const x0 = (k % layout.perRow) * nx, y0 = Math.floor(k / layout.perRow) * ny;
    for (let j = 0; j < ny; j += 1) {
      let from = nx * (j + ny * k);
      let to = 4 * ((y0 + j) * layout.width + x0);
      for (let i = 0; i < nx; i += 1, from += 1, to += 4) {
        const id = ids[from];
        out[to] = g[from];
        out[to + 1] = id & 0xff;
        out[to + 2] = id >> 8;
        out[to + 3] = flags[from] ? 255 : 0;
      }
    }
  }
  return out;
}

/** The packed volume on the GPU, with what the shader needs to find a voxel in it. */
export class VolumeTiles {
  /** @param {WebGLRenderingContext} gl @param {Body} grey @param {Body} labels
   * @param {{perRow: number, width: number, height: number}} layout */
  constructor(gl, grey, labels, layout) {
    this.gl = gl;
    this.layout = layout;
    this.dims = grey.header.dims;
    this.origin = grey.header.origin;
    this.step = grey.header.step;
    this.texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, layout.width, layout.height, 0, gl.RGBA, gl.UNSIGNED_BYTE,
      packTiles(grey, labels, layout));
    for (const [name, value] of [[gl.TEXTURE_MIN_FILTER, gl.NEAREST], [gl.TEXTURE_MAG_FILTER, gl.NEAREST],
      [gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE], [gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE]]) gl.texParameteri(gl.TEXTURE_2D, name, value);
  }

  /** The tiles for a pair of volumes, or null when they do not fit the GL's largest texture.
   * @param {WebGLRenderingContext} gl @param {Body} grey @param {Body} labels */
  static make(gl, grey, labels) {
    const layout = tileLayout(grey.header.dims, gl.getParameter(gl.MAX_TEXTURE_SIZE));
    return layout ? new VolumeTiles(gl, grey, labels, layout) : null;
  }

  /** Plane `h`'s slice of the volume, a texel per voxel over the volume's whole in-plane grid,
   * drawn on the GPU with `cut` (`cutProgram`); the frames read it as `uPlaneVoxels`. Leaves the
   * default framebuffer bound; every pass sets its own viewport.
   * @param {any} cut @param {any} h a plane body's header (`axes`, `slice`) @returns {WebGLTexture | null} */
  cutPlane(cut, h) {
    const gl = this.gl;
    const [u, v] = h.axes;
    const axis = 3 - u - v;
    const width = this.dims[u], height = this.dims[v];
    const target = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, target);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    for (const [name, value] of [[gl.TEXTURE_MIN_FILTER, gl.NEAREST], [gl.TEXTURE_MAG_FILTER, gl.NEAREST],
      [gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE], [gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE]]) gl.texParameteri(gl.TEXTURE_2D, name, value);
    if (!this.framebuffer) this.framebuffer = gl.createFramebuffer();
    if (!this.corners) {
      this.corners = gl.createBuffer();
      gl.bindBuffer(gl.ARRAY_BUFFER, this.corners);
      gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]), gl.STATIC_DRAW);
    }
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
    gl.viewport(0, 0, width, height);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.BLEND);
    gl.colorMask(true, true, true, true);
    gl.useProgram(cut.id);
    gl.uniformMatrix4fv(cut.mvp, false, new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]));
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.uniform1i(cut.volume, 1);
    gl.uniform3f(cut.tiles, this.layout.perRow, this.layout.width, this.layout.height);
    gl.uniform3f(cut.dims, this.dims[0], this.dims[1], this.dims[2]);
    const oneHot = (/** @type {number} */ a) => [0, 1, 2].map((k) => (k === a ? 1 : 0));
    gl.uniform3fv(cut.planeAxis, oneHot(axis));
    gl.uniform3fv(cut.axisU, oneHot(u));
    gl.uniform3fv(cut.axisV, oneHot(v));
    gl.uniform1f(cut.slice, h.slice);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.corners);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 0, 0);
    gl.drawArrays(gl.TRIANGLE_FAN, 0, 4);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.enable(gl.DEPTH_TEST);
    return target;
  }

  dispose() {
    this.gl.deleteTexture(this.texture);
    if (this.framebuffer) this.gl.deleteFramebuffer(this.framebuffer);
    if (this.corners) this.gl.deleteBuffer(this.corners);
  }
}

/** `text` (a shader's source) with `names` defined after its `#version` line.
 * @param {string} text @param {string[]} names */
const defining = (text, names) => text.replace(/^(#version[^\n]*\n)/, `$1${names.map((n) => `#define ${n}\n`).join("")}`);

/** plane.frag compiled with VOLUME_TILES (plane.vert as it is) and its uniforms, under the same
 * member names as the per-plane program (`ids` is the plane's voxels, cut by `cutProgram`), and
 * (`cut`) that cut pass; null where the GL cannot compile them or has no high-precision floats in
 * fragment shaders, and the planes are then cut on the CPU.
 * @param {WebGLRenderingContext} gl @param {Record<string, string>} shaders */
export function volumeProgram(gl, shaders) {
  // Texel coordinates in the volume run into the thousands: the cut pass needs high precision.
  const high = gl.getShaderPrecisionFormat(gl.FRAGMENT_SHADER, gl.HIGH_FLOAT);
  if (!high || high.precision < 23) return null;
  try {
    const v = program(gl, shaders["plane.vert"], defining(shaders["plane.frag"], ["VOLUME_TILES"]), ["plane.vert", "plane.frag (VOLUME_TILES)"]);
    const c = program(gl, shaders["plane.vert"], defining(shaders["plane.frag"], ["VOLUME_TILES", "CUT_PASS"]),
      ["plane.vert", "plane.frag (VOLUME_TILES, CUT_PASS)"]);
    /** @param {any} p @param {string} n */
    const u = (p, n) => gl.getUniformLocation(p.id, n);
    const cut = { ...c, volume: u(c, "uVolume"), tiles: u(c, "uTiles"), dims: u(c, "uVolumeDims"), planeAxis: u(c, "uPlaneAxis"),
      slice: u(c, "uSliceIndex"), axisU: u(c, "uAxisU"), axisV: u(c, "uAxisV") };
    return { ...v, texS: u(v, "uTexS"), texT: u(v, "uTexT"), grey: u(v, "uGrey"), ids: u(v, "uPlaneVoxels"), pal: u(v, "uPalette"),
      rows: u(v, "uPaletteRows"), window: u(v, "uWindow"), pick: u(v, "uPick"), pickBase: u(v, "uPickBase"), cut: u(v, "uCut"),
      cutSide: u(v, "uCutSide"), darken: u(v, "uDarken"), planeSize: u(v, "uPlaneSize"), origin: u(v, "uVoxelOrigin"),
      step: u(v, "uVoxelStep"), planeAxis: u(v, "uPlaneAxis"), axisU: u(v, "uAxisU"), axisV: u(v, "uAxisV"),
      pixelsPerVoxel: u(v, "uPixelsPerVoxel"), highlight: u(v, "uHighlight"), cutPass: cut };
  } catch (error) {
    console.warn(String(error));
    return null;
  }
}

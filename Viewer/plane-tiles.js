// @ts-check
// Brain Tutor 3D slices, the ids drawn smooth: per voxel of the label volume a flag saying the
// voxels around it share its id (once per pair of volumes), and per plane move a small texture
// of the plane's voxels (grey, id bytes, flag), which plane.frag compiled with PLANE_VOXELS reads
// every frame and in the pick pass: neighbouring texels of a texture of about 50,000 texels.

import { program } from "./gl-renderer.js";

/** @typedef {{header: any, arrays: Record<string, any>}} Body */

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

/** A pair of volumes as plane.frag (PLANE_VOXELS) reads them, a plane at a time. */
export class PlaneVoxels {
  /** @param {Body} grey @param {Body} labels (same box and step) */
  constructor(grey, labels) {
    this.grey = grey.arrays.grey;
    this.labels = labels.arrays.labels;
    this.dims = grey.header.dims;
    this.origin = grey.header.origin;
    this.step = grey.header.step;
    this.flags = uniformNeighbourhoods(this.labels, this.dims);
  }

  /** RGBA per voxel of slice `slice` along the axis normal to in-plane axes `axes` (u, v), over
   * the volume's whole in-plane grid, voxel (i, j) at texel (i, j): grey, id low byte, id high
   * byte, and 255 where no border is within a voxel (`uniformNeighbourhoods`), else 0, so one
   * read tells plane.frag that the voxels around a point share one id.
   * @param {number[]} axes @param {number} slice */
  slice(axes, slice) {
    const [u, v] = axes;
    const strides = [1, this.dims[0], this.dims[0] * this.dims[1]];
    const su = strides[u], sv = strides[v], base = slice * strides[3 - u - v];
    const width = this.dims[u], height = this.dims[v];
    const out = new Uint8Array(4 * width * height);
    for (let j = 0, n = 0; j < height; j += 1) {
      for (let i = 0, at = base + j * sv; i < width; i += 1, n += 4, at += su) {
        const id = this.labels[at];
        out[n] = this.grey[at];
        out[n + 1] = id & 0xff;
        out[n + 2] = id >> 8;
        out[n + 3] = this.flags[at] ? 255 : 0;
      }
    }
    return { width, height, bytes: out };
  }
}

/** plane.frag compiled with PLANE_VOXELS (plane.vert as it is) and its uniforms, under the same
 * member names as the per-plane program (`ids` is the plane's voxels); null where the GL cannot
 * compile it or has no high-precision floats in fragment shaders, and the planes' ids are then
 * drawn as the renderer draws them.
 * @param {WebGLRenderingContext} gl @param {Record<string, string>} shaders */
export function volumeProgram(gl, shaders) {
  // MNI positions and voxel coordinates are compared to fractions of a voxel: high precision.
  const high = gl.getShaderPrecisionFormat(gl.FRAGMENT_SHADER, gl.HIGH_FLOAT);
  if (!high || high.precision < 23) return null;
  try {
    const define = (/** @type {string} */ text) => text.replace(/^(#version[^\n]*\n)/, "$1#define PLANE_VOXELS\n");
    const v = program(gl, shaders["plane.vert"], define(shaders["plane.frag"]), ["plane.vert", "plane.frag (PLANE_VOXELS)"]);
    /** @param {string} n */
    const u = (n) => gl.getUniformLocation(v.id, n);
    return { ...v, texS: u("uTexS"), texT: u("uTexT"), grey: u("uGrey"), ids: u("uPlaneVoxels"), pal: u("uPalette"),
      rows: u("uPaletteRows"), window: u("uWindow"), pick: u("uPick"), pickBase: u("uPickBase"), cut: u("uCut"),
      cutSide: u("uCutSide"), darken: u("uDarken"), planeSize: u("uPlaneSize"), origin: u("uVoxelOrigin"),
      step: u("uVoxelStep"), planeAxis: u("uPlaneAxis"), axisU: u("uAxisU"), axisV: u("uAxisV"),
      pixelsPerVoxel: u("uPixelsPerVoxel"), highlight: u("uHighlight") };
  } catch (error) {
    console.warn(String(error));
    return null;
  }
}

// @ts-check
// Brain Tutor 3D slices: the point a tap marked (the point the 2D slice marks) drawn in 3D as a
// small disc facing the viewer, a bright centre in a dark rim, the same size on screen at any
// zoom so that it reads on a phone. It is depth-tested, nudged toward the viewer: it shows on
// the surface it marks and hides behind the head when the brain is turned away.

const POSITION = 0;
const SIDES = 20;
/** The disc's radii in CSS pixels: the dark rim and the bright centre. */
export const MARKER_RADII = { rim: 8, centre: 5 };
const RIM_COLOR = [0.08, 0.08, 0.1, 1];
const CENTRE_COLOR = [1, 0.84, 0.1, 1];
/** How far toward the viewer the disc is drawn, in clip-space depth (about a millimetre per 0.01). */
const NUDGE = 0.03;

/** The triangle fan of a disc of `radius` mm about `centre` in the plane of `right` and `up`
 * (unit vectors): the centre, then SIDES + 1 points round the rim (the first repeated).
 * @param {number[]} centre @param {number[]} right @param {number[]} up @param {number} radius */
export function discFan(centre, right, up, radius) {
  const out = new Float32Array(3 * (SIDES + 2));
  out.set(centre.slice(0, 3), 0);
  for (let k = 0; k <= SIDES; k += 1) {
    const a = (2 * Math.PI * k) / SIDES, c = Math.cos(a), s = Math.sin(a);
    for (let axis = 0; axis < 3; axis += 1) out[3 * (k + 1) + axis] = centre[axis] + radius * (c * right[axis] + s * up[axis]);
  }
  return out;
}

/** The marker's GL side: one buffer, refilled per frame (the camera turns the disc). */
export class PlaneMarker {
  /** @param {WebGLRenderingContext} gl */
  constructor(gl) {
    this.gl = gl;
    /** @type {WebGLBuffer | null} */
    this.buffer = null;
  }

  /** Draws the disc at MNI `point` with the flat program `flat` (pick.vert, pick.frag).
   * @param {any} flat @param {any} frame @param {number[]} point */
  draw(flat, frame, point) {
    const gl = this.gl;
    const camera = frame.camera;
    // Drawing-buffer pixels per CSS pixel, as the viewer sizes its canvas (at most 2).
    const ratio = Math.min((typeof window !== "undefined" && window.devicePixelRatio) || 1, 2);
    const mmPerPixel = (2 * camera.halfWidth) / frame.width;
    const right = camera.right, up = camera.up;
    if (!this.buffer) this.buffer = gl.createBuffer();
    gl.useProgram(flat.id);
    gl.disable(gl.CULL_FACE);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.enableVertexAttribArray(POSITION);
    const mvp = Float32Array.from(camera.mvp);
    for (const [radius, color, nudge] of [[MARKER_RADII.rim, RIM_COLOR, NUDGE], [MARKER_RADII.centre, CENTRE_COLOR, NUDGE + 0.002]]) {
      const fan = discFan(point, right, up, /** @type {number} */ (radius) * ratio * mmPerPixel);
      gl.bufferData(gl.ARRAY_BUFFER, fan, gl.DYNAMIC_DRAW);
      gl.vertexAttribPointer(POSITION, 3, gl.FLOAT, false, 0, 0);
      const shifted = Float32Array.from(mvp);
      shifted[14] -= /** @type {number} */ (nudge);
      gl.uniformMatrix4fv(flat.mvp, false, shifted);
      const c = /** @type {number[]} */ (color);
      gl.uniform4f(flat.color, c[0], c[1], c[2], c[3]);
      gl.drawArrays(gl.TRIANGLE_FAN, 0, SIDES + 2);
    }
  }

  dispose() {
    if (this.buffer) this.gl.deleteBuffer(this.buffer);
    this.buffer = null;
  }
}

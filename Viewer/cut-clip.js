// @ts-check
// The slicing mode's cut-away, sorted on the CPU when the cut moves: a cut layer's triangles wholly in
// the cut octant are left out, those wholly outside it are drawn with the plain program (no
// per-fragment test, so a software GL keeps its early depth test), and only the few that straddle
// a plane are drawn with the shader's CUT_AWAY test. The rule is lit.frag's: a point is cut away
// where (p - corner) · side > 0 on every axis, an axis without a plane (side 0) counting as > 0.
// The octant is convex, so a triangle whose corners are all inside lies inside, and one whose
// corners all lie on the kept side of one plane lies outside; any other is left to the shader.

/** @typedef {{corner: number[], side: number[]}} Cut */
/** @typedef {{kept: number[], edge: number[]}} RangeParts per source range: [first triangle, count] drawn plain, then with the test */

/** How far (mm) the cut's corner may move from where the triangles were sorted before they are
 * sorted again: a plane dragged 1 mm a frame re-sorts once every few millimetres, not every frame. */
export const SORT_MARGIN = 6;

/** Each vertex's sides of the cut for any corner within `margin` of `cut.corner` on every axis:
 * bit a where axis a's plane cuts it away, bit 3 + a where that plane surely keeps it.
 * @param {Float32Array} positions @param {Cut} cut @param {Uint8Array} out @param {number} margin */
export function vertexSides(positions, cut, out, margin) {
  const [cx, cy, cz] = cut.corner;
  const [sx, sy, sz] = cut.side;
  const bits = (/** @type {number} */ d, /** @type {number} */ side, /** @type {number} */ a) =>
    (side === 0 || d * side > margin ? 1 << a : 0) | (side !== 0 && d * side <= -margin ? 8 << a : 0);
  for (let v = 0, i = 0; v < out.length; v += 1, i += 3) {
    out[v] = bits(positions[i] - cx, sx, 0) | bits(positions[i + 1] - cy, sy, 1) | bits(positions[i + 2] - cz, sz, 2);
  }
}

/** The triangles of `ranges` ({start, count} in triangles of `indices`) sorted by the cut: per
 * range its kept triangles, then those that straddle a plane, into `out`; the parts by range.
 (`edge`: scratch of the same length).
 * @param {Uint32Array} indices @param {Uint8Array} sides @param {{start: number, count: number}[]} ranges
 * @param {Uint32Array} out @param {Uint32Array} edge */
export function sortByCut(indices, sides, ranges, out, edge) {
  let n = 0;
  /** @type {RangeParts[]} */
  const parts = [];
  for (const range of ranges) {
    const keptStart = n;
    let e = 0;
    for (let t = range.start * 3, end = (range.start + range.count) * 3; t < end; t += 3) {
      const all = sides[indices[t]] & sides[indices[t + 1]] & sides[indices[t + 2]];
      if ((all & 7) === 7) continue;  // wholly cut away
      if ((all & 56) !== 0) {  // wholly on the kept side of one plane
        out[3 * n] = indices[t]; out[3 * n + 1] = indices[t + 1]; out[3 * n + 2] = indices[t + 2];
        n += 1;
      } else {
        edge[3 * e] = indices[t]; edge[3 * e + 1] = indices[t + 1]; edge[3 * e + 2] = indices[t + 2];
        e += 1;
      }
    }
    out.set(edge.subarray(0, 3 * e), 3 * n);
    parts.push({ kept: [keptStart, n - keptStart], edge: [n, e] });
    n += e;
  }
  return { parts, triangles: n };
}

/** A cut layer's triangles sorted for the cut it was last drawn with, in an index buffer of its own. */
export class CutClip {
  /** @param {WebGLRenderingContext} gl @param {any} layer the renderer's uploaded layer */
  constructor(gl, layer) {
    this.gl = gl;
    this.layer = layer;
    this.sides = new Uint8Array(layer.source.positions.length / 3);
    this.sorted = new Uint32Array(layer.source.indices.length);
    this.scratch = new Uint32Array(layer.source.indices.length);
    /** @type {WebGLBuffer | null} */
    this.buffer = null;
    this.key = "";
    /** @type {number[] | null} the corner the triangles were sorted for */
    this.corner = null;
    /** @type {RangeParts[]} */
    this.parts = [];
  }

  /** The parts for `cut`, sorted again only when its sides changed or its corner moved more
   * than `SORT_MARGIN` from where they were sorted. @param {Cut} cut */
  update(cut) {
    const sorted = this.corner;
    const near = sorted && cut.corner.every((v, a) => Math.abs(v - sorted[a]) <= SORT_MARGIN);
    if (near && `${cut.side}` === this.key) return this.parts;
    const source = this.layer.source;
    vertexSides(source.positions, cut, this.sides, SORT_MARGIN);
    this.corner = cut.corner.slice();
    const { parts, triangles } = sortByCut(source.indices, this.sides, this.layer.ranges, this.sorted, this.scratch);
    const gl = this.gl;
    // A fresh buffer: refilling one that a draw still in flight reads makes a software GL wait.
    if (this.buffer) gl.deleteBuffer(this.buffer);
    this.buffer = gl.createBuffer();
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, this.sorted.subarray(0, 3 * triangles), gl.STATIC_DRAW);
    this.parts = parts;
    this.key = `${cut.side}`;
    return parts;
  }

  dispose() {
    if (this.buffer) this.gl.deleteBuffer(this.buffer);
    this.buffer = null;
    this.key = "";
    this.corner = null;
  }
}

/** Draws a cut layer's visible ranges in two passes: the kept triangles with `plain` (no
 * per-fragment test), the straddling ones with `tested` (CUT_AWAY; left in use). `bind(program)`
 * binds the layer's attributes and per-layer uniforms for that program; `color(i)` is range i's RGBA.
 * @param {any} renderer @param {any} layer @param {Cut} cut @param {any} plain @param {any} tested
 * @param {(program: any) => void} bind @param {Set<number>} hidden @param {(i: number) => number[]} color */
export function drawClipped(renderer, layer, cut, plain, tested, bind, hidden, color) {
  const gl = renderer.gl;
  if (!layer.clip) layer.clip = new CutClip(gl, layer);
  const parts = layer.clip.update(cut);
  for (const [program, part] of [[plain, "kept"], [tested, "edge"]]) {
    gl.useProgram(program.id);
    if (program === tested) renderer.setCut(tested, cut, layer);
    bind(program);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, layer.clip.buffer);
    parts.forEach((p, i) => {
      const [start, count] = p[/** @type {"kept" | "edge"} */ (part)];
      if (hidden.has(i) || count === 0) return;
      const c = color(i);
      gl.uniform4f(program.color, c[0], c[1], c[2], c[3]);
      gl.drawElements(gl.TRIANGLES, count * 3, gl.UNSIGNED_INT, start * 12);
    });
  }
}

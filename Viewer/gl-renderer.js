// @ts-check
// Brain Tutor WebGL renderer: draws a scene from SceneData with the server's own shaders
// (Shaders/*.vert, *.frag, compiled verbatim) in the same passes: lit or flat colour per region
// range, see-through layers blended last (farthest first, each showing only its nearest surface,
// as the server's SeeThroughOrder does), and an offscreen index-colour pick pass.
import { drawClipped } from "./cut-clip.js";
import { coarseLayer, releaseLayer, uploadLayer } from "./gl-layers.js";
import { pickColor, pickIdAt } from "./pick-rules.js";

const POSITION = 0;
const NORMAL = 1;
const CURVATURE = 2;
const OVERLAY = 3;  // a map's colour per vertex (map-layer.js); unset: (0, 0, 0, 1), no map
const OCCLUSION = 4;

function compile(gl, type, source, name) {
  const shader = gl.createShader(type);
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    throw new Error(`shader ${name}: ${gl.getShaderInfoLog(shader)}`);
  }
  return shader;
}

function program(gl, vertex, fragment, names) {
  const p = gl.createProgram();
  gl.attachShader(p, compile(gl, gl.VERTEX_SHADER, vertex, names[0]));
  gl.attachShader(p, compile(gl, gl.FRAGMENT_SHADER, fragment, names[1]));
  gl.bindAttribLocation(p, POSITION, "aPosition");
  gl.bindAttribLocation(p, NORMAL, "aNormal");
  gl.bindAttribLocation(p, CURVATURE, "aCurvature");
  gl.bindAttribLocation(p, OVERLAY, "aOverlay");
  gl.bindAttribLocation(p, OCCLUSION, "aOcclusion");
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`program ${names}: ${gl.getProgramInfoLog(p)}`);
  return {
    id: p,
    mvp: gl.getUniformLocation(p, "uMVP"),
    normalMatrix: gl.getUniformLocation(p, "uNormalMatrix"),
    color: gl.getUniformLocation(p, "uColor"),
    curvature: gl.getUniformLocation(p, "uCurvature"),
    cut: gl.getUniformLocation(p, "uCut"),
    cutSide: gl.getUniformLocation(p, "uCutSide"),
    occlusion: gl.getUniformLocation(p, "uOcclusion"),
  };
}

// A WebGL 1 context that can draw the meshes (32-bit indices), or null: the caller falls back.
function context(canvas) {
  const options = { antialias: false, depth: true, alpha: false, preserveDrawingBuffer: false };
  const gl = canvas.getContext("webgl", options) || canvas.getContext("experimental-webgl", options);
  if (!gl || !gl.getExtension("OES_element_index_uint")) return null;
  return gl;
}

// Depth along `forward` of the box corner nearest the viewer (larger is farther).
function nearestDepth(box, forward) {
  let depth = 0;
  for (let k = 0; k < 3; k += 1) depth += forward[k] * (forward[k] > 0 ? box[0][k] : box[1][k]);
  return depth;
}

// Indices of the see-through layers (opacity below 1), farthest first; ties keep layer order.
export function seeThroughOrder(boxes, opacities, forward) {
  return boxes.map((box, index) => ({ index, depth: nearestDepth(box, forward) }))
    .filter(({ index }) => opacities[index] < 1)
    .sort((a, b) => (a.depth !== b.depth ? b.depth - a.depth : a.index - b.index))
    .map(({ index }) => index);
}

class Renderer {
  constructor(gl) {
    this.gl = gl;
    this.programs = null;
    this.layers = [];
    this.pick = { framebuffer: null, color: null, depth: null, width: 0, height: 0 };
    this.triangles = 0;
  }

  // Compiles the shader files the server sent (once: they do not change while the page lives).
  setShaders(shaders) {
    if (this.programs) return;
    const gl = this.gl;
    this.sources = shaders;
    this.programs = {
      lit: program(gl, shaders["lit.vert"], shaders["lit.frag"], ["lit.vert", "lit.frag"]),
      flat: program(gl, shaders["pick.vert"], shaders["pick.frag"], ["pick.vert", "pick.frag"]),
    };
  }

  // The lit or flat program; with `cut`, the same files compiled with CUT_AWAY defined (the
  // slicing mode's head), made on first use.
  programFor(lit, cut) {
    const name = (lit ? "lit" : "flat") + (cut ? "Cut" : "");
    if (!this.programs[name]) {
      const files = lit ? ["lit.vert", "lit.frag"] : ["pick.vert", "pick.frag"];
      const define = (text) => text.replace(/^(#version[^\n]*\n)/, "$1#define CUT_AWAY\n");
      this.programs[name] = program(this.gl, define(this.sources[files[0]]), define(this.sources[files[1]]), files);
    }
    return this.programs[name];
  }

  // The cut's uniforms for one layer: on for the layer the scene cuts (the head), off for the rest.
  setCut(p, cut, layer) {
    this.gl.uniform4f(p.cut, cut.corner[0], cut.corner[1], cut.corner[2], layer.cut ? 1 : 0);
    this.gl.uniform3f(p.cutSide, cut.side[0], cut.side[1], cut.side[2]);
  }

  // Uploads the layers of a scene, reusing buffers of the same data.
  setLayers(layers) {
    const old = new Map(this.layers.map((l) => [l.source, l]));
    this.layers = layers.map((layer) => {
      const uploaded = old.get(layer) || uploadLayer(this.gl, layer);
      old.delete(layer);
      return uploaded;
    });
    for (const gone of old.values()) releaseLayer(this.gl, gone);
  }

  commonState() {
    const gl = this.gl;
    gl.disable(gl.DITHER);
    gl.disable(gl.BLEND);
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LESS);
    gl.depthMask(true);
    gl.frontFace(gl.CCW);
    gl.cullFace(gl.BACK);
  }

  // `lit` (the lit program in use): normals, and the convexity with the layer's strengths,
  // or a constant 0 with no shading for layers without curvature (as the server does).
  bindLayer(layer, lit, litProgram = this.programs.lit, overlay = null) {
    const gl = this.gl;
    if (layer.closed) gl.enable(gl.CULL_FACE); else gl.disable(gl.CULL_FACE);
    gl.bindBuffer(gl.ARRAY_BUFFER, layer.positions);
    gl.enableVertexAttribArray(POSITION);
    gl.vertexAttribPointer(POSITION, 3, gl.FLOAT, false, 0, 0);
    if (lit) {
      gl.bindBuffer(gl.ARRAY_BUFFER, layer.normals);
      gl.enableVertexAttribArray(NORMAL);
      gl.vertexAttribPointer(NORMAL, 3, gl.FLOAT, false, 0, 0);
      const strength = layer.curvature ? layer.curvatureShading : [0, 0];
      gl.uniform2f(litProgram.curvature, strength[0], strength[1]);
      this.vertexAttribute(CURVATURE, layer.curvature, [0]);
      // Ambient openness, or a constant 1 (open) at strength 0, as the server does.
      gl.uniform1f(litProgram.occlusion, layer.occlusion ? layer.occlusionStrength : 0);
      this.vertexAttribute(OCCLUSION, layer.occlusion, [1]);
      // A map's colour as 4 bytes per vertex, or (0, 0, 0, 1): no map.
      this.vertexAttribute(OVERLAY, overlay, [0, 0, 0, 1]);
    } else {
      for (const a of [NORMAL, CURVATURE, OCCLUSION, OVERLAY]) gl.disableVertexAttribArray(a);
    }
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, layer.indices);
  }

  // A per-vertex `attribute` from `buffer` (one float, or four normalised bytes when `constant`
  // has four values), or `constant` everywhere without one.
  vertexAttribute(attribute, buffer, constant) {
    const gl = this.gl;
    if (buffer) {
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.enableVertexAttribArray(attribute);
      if (constant.length === 4) gl.vertexAttribPointer(attribute, 4, gl.UNSIGNED_BYTE, true, 0, 0);
      else gl.vertexAttribPointer(attribute, 1, gl.FLOAT, false, 0, 0);
    } else {
      gl.disableVertexAttribArray(attribute);
      gl.vertexAttrib4f(attribute, constant[0], constant[1] ?? 0, constant[2] ?? 0, constant[3] ?? 1);
    }
  }

  drawRanges(layer, program, hidden, color) {
    const gl = this.gl;
    layer.ranges.forEach((range, i) => {
      if (hidden.has(i)) return;
      this.triangles += range.count;
      const c = color(i);
      gl.uniform4f(program.color, c[0], c[1], c[2], c[3]);
      gl.drawElements(gl.TRIANGLES, range.count * 3, gl.UNSIGNED_INT, range.start * 12);
    });
  }

  // The layer as `frame` draws it: its coarse twin while the user drags (gl-layers.js), but a
  // cut layer or one under a map keeps its full mesh (the cut and the map's colours follow it).
  drawnLayer(frame, index) {
    const full = this.layers[index];
    const overlay = frame.overlays ? frame.overlays[index] : null;
    return frame.coarse && !overlay && !(frame.cut && full.cut) ? coarseLayer(this.gl, full) : full;
  }

  // The colour pass: `frame` = {width, height, camera {mvp, normalMatrix}, shading, colors
  // (per layer, per range [r,g,b] 0–255), opacities, hidden (per layer Set), background, outline,
  // overlays (per layer a buffer of map colours, or null)}.
  draw(frame) {
    const gl = this.gl;
    this.triangles = 0;  // drawn by drawRanges in this pass: what benches and tests read
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, frame.width, frame.height);
    this.commonState();
    const bg = frame.background || [255, 255, 255];
    gl.clearColor(bg[0] / 255, bg[1] / 255, bg[2] / 255, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    const lit = frame.shading !== "flat";
    // A cut layer draws most of its triangles with the plain program (cut-clip.js).
    const p = this.programFor(lit, !!frame.cut), plain = frame.cut ? this.programFor(lit, false) : p;
    for (const q of new Set([plain, p])) {
      gl.useProgram(q.id);
      gl.uniformMatrix4fv(q.mvp, false, frame.camera.mvp);
      if (lit) gl.uniformMatrix4fv(q.normalMatrix, false, frame.camera.normalMatrix);
    }
    const drawLayer = (index) => {
      const layer = this.drawnLayer(frame, index), overlay = frame.overlays ? frame.overlays[index] : null;
      const alpha = frame.opacities[index];
      const colors = frame.colors[index];
      const color = (i) => [colors[i][0] / 255, colors[i][1] / 255, colors[i][2] / 255, alpha];
      const bind = (q) => this.bindLayer(layer, lit, q, overlay);
      if (frame.cut && layer.cut) return drawClipped(this, layer, frame.cut, plain, p, bind, frame.hidden[index], color);
      if (frame.cut) this.setCut(p, frame.cut, layer);
      bind(p);
      this.drawRanges(layer, p, frame.hidden[index], color);
    };
    this.layers.forEach((layer, index) => { if (frame.opacities[index] >= 1) drawLayer(index); });
    if (frame.planes) frame.planes.draw(frame, false);
    if (frame.outline) this.drawOutline(frame);
    const order = seeThroughOrder(this.layers.map((l) => l.bounds), frame.opacities, frame.camera.forward);
    if (order.length > 0) {
      gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      for (const index of order) {
        // Depth pre-pass with the same program, then colour where the depth is that surface's.
        gl.colorMask(false, false, false, false);
        drawLayer(index);
        gl.colorMask(true, true, true, true);
        gl.enable(gl.BLEND);
        gl.depthMask(false);
        gl.depthFunc(gl.LEQUAL);
        drawLayer(index);
        gl.depthFunc(gl.LESS);
        gl.depthMask(true);
        gl.disable(gl.BLEND);
      }
    }
    for (const a of [NORMAL, CURVATURE, OCCLUSION, OVERLAY]) gl.disableVertexAttribArray(a);
  }

  // The border of one range: edges used by only one of its triangles, drawn as dark lines
  // nudged toward the viewer and repeated one pixel around, so they read as a 3 px outline.
  drawOutline(frame) {
    const { layer: index, range } = frame.outline;
    const layer = this.layers[index];
    if (!layer || !layer.ranges[range]) return;
    const gl = this.gl;
    if (!layer.outline || layer.outline.range !== range) {
      if (layer.outline) gl.deleteBuffer(layer.outline.buffer);
      const r = layer.ranges[range];
      const source = layer.source.indices.subarray(r.start * 3, (r.start + r.count) * 3);
      const count = new Map();
      const key = (a, b) => (a < b ? a * 4294967296 + b : b * 4294967296 + a);
      for (let t = 0; t < source.length; t += 3) {
        for (let k = 0; k < 3; k += 1) {
          const e = key(source[t + k], source[t + ((k + 1) % 3)]);
          count.set(e, (count.get(e) || 0) + 1);
        }
      }
      const lines = [];
      for (const [e, n] of count) {
        if (n === 1) lines.push(Math.floor(e / 4294967296), e % 4294967296);
      }
      const buffer = gl.createBuffer();
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, new Uint32Array(lines), gl.STATIC_DRAW);
      layer.outline = { range, buffer, count: lines.length };
    }
    const p = this.programs.flat;
    gl.useProgram(p.id);
    this.bindLayer(layer, false);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, layer.outline.buffer);
    gl.uniform4f(p.color, 0.08, 0.08, 0.1, 1);
    gl.depthFunc(gl.LEQUAL);
    const m = frame.camera.mvp;
    const dx = 2 / frame.width;
    const dy = 2 / frame.height;
    for (const [ox, oy] of [[0, 0], [dx, 0], [-dx, 0], [0, dy], [0, -dy]]) {
      const shifted = Float32Array.from(m);
      shifted[12] += ox;
      shifted[13] += oy;
      // Slightly toward the viewer, so lines win over their own surface; over a coarse surface
      // (within about 2 mm of the full one) by 0.02 of the half depth, about 2 mm.
      shifted[14] -= frame.coarse ? 0.02 : 0.004;
      gl.uniformMatrix4fv(p.mvp, false, shifted);
      gl.drawElements(gl.LINES, layer.outline.count, gl.UNSIGNED_INT, 0);
    }
    gl.depthFunc(gl.LESS);
    const lit = frame.shading !== "flat";
    const back = this.programFor(lit, !!frame.cut);
    gl.useProgram(back.id);
    gl.uniformMatrix4fv(back.mvp, false, frame.camera.mvp);
    if (lit) gl.uniformMatrix4fv(back.normalMatrix, false, frame.camera.normalMatrix);
  }

  // The pick pass into an offscreen framebuffer: each pickable range in its pick id's colour.
  drawPick(frame) {
    const gl = this.gl;
    const drawn = this.triangles;  // the count stays the colour pass's
    this.ensurePickTarget(frame.width, frame.height);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.pick.framebuffer);
    gl.viewport(0, 0, frame.width, frame.height);
    this.commonState();
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    const p = this.programFor(false, !!frame.cut);
    gl.useProgram(p.id);
    gl.uniformMatrix4fv(p.mvp, false, frame.camera.mvp);
    this.layers.forEach((layer, index) => {
      const first = frame.firstPickIds[index];
      if (!first) return;
      if (frame.cut) this.setCut(p, frame.cut, layer);
      this.bindLayer(layer, false);
      this.drawRanges(layer, p, frame.hidden[index], (i) => pickColor(first + i));
    });
    if (frame.planes) frame.planes.draw(frame, true);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.triangles = drawn;
  }

  // Reads the whole pick pass back once, so each pick is a memory read with no GL wait.
  readPickImage() {
    const gl = this.gl;
    const t = this.pick;
    if (!t.pixels || t.pixels.length !== t.width * t.height * 4) t.pixels = new Uint8Array(t.width * t.height * 4);
    gl.bindFramebuffer(gl.FRAMEBUFFER, t.framebuffer);
    gl.readPixels(0, 0, t.width, t.height, gl.RGBA, gl.UNSIGNED_BYTE, t.pixels);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  }

  // The pick id at (x, y) from the top-left, from the last pick pass read back.
  readPick(x, y) {
    const t = this.pick;
    const i = ((t.height - 1 - y) * t.width + x) * 4;
    return pickIdAt(t.pixels, i);
  }

  ensurePickTarget(width, height) {
    const gl = this.gl;
    const t = this.pick;
    if (t.framebuffer && t.width === width && t.height === height) return;
    if (t.framebuffer) {
      gl.deleteFramebuffer(t.framebuffer);
      gl.deleteTexture(t.color);
      gl.deleteRenderbuffer(t.depth);
    }
    t.framebuffer = gl.createFramebuffer();
    // RGBA8 needs a texture in WebGL 1: 8 bits per channel keep 24-bit ids exact.
    t.color = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, t.color);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    t.depth = gl.createRenderbuffer();
    gl.bindRenderbuffer(gl.RENDERBUFFER, t.depth);
    // DEPTH_STENCIL is 24-bit depth: the same precision as the server's depth buffer.
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_STENCIL, width, height);
    gl.bindFramebuffer(gl.FRAMEBUFFER, t.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, t.color, 0);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_STENCIL_ATTACHMENT, gl.RENDERBUFFER, t.depth);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    t.width = width;
    t.height = height;
  }
}

export { context, program, Renderer };

#version 100
// Flat colour: a region's id packed into RGB (pick pass) or its exact colour (flat shading).
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform vec4 uColor;
#ifdef CUT_AWAY
// The slicing mode's cut-away, compiled with CUT_AWAY defined (a line after #version): uCut.xyz
// is where the planes cross, uCut.w 1 to cut (0: draw all); fragments on the viewer's side
// (uCutSide: +1/-1 per axis, 0 for an axis without a plane) of every plane are not drawn, so
// the planes inside the head show. Without CUT_AWAY nothing discards (early depth tests stay).
uniform vec4 uCut;
uniform vec3 uCutSide;
varying vec3 vPosition;
#endif

void main() {
#ifdef CUT_AWAY
    if (uCut.w > 0.5) {
        vec3 d = (vPosition - uCut.xyz) * uCutSide + (1.0 - abs(uCutSide));
        if (min(min(d.x, d.y), d.z) > 0.0) { discard; }
    }
#endif
    gl_FragColor = uColor;
}

#version 100
// Blinn-Phong with a headlight (along the view axis) and a dimmer fill light from the upper left.
// The colour is a uniform: each region is drawn as its own range, so borders match the pick pass.
// Curvature shading scales it by 1 + c * uCurvature.x in sulci (c < 0) and 1 + c * uCurvature.y on
// gyri, c the interpolated convexity; uCurvature = (0, 0) leaves the colour as it is.
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
uniform vec2 uCurvature;
varying vec3 vNormal;
varying float vCurvature;

const vec3 headlight = vec3(0.0, 0.0, 1.0);
const vec3 fillLight = vec3(-0.5773503, 0.5773503, 0.5773503);
const vec3 viewer = vec3(0.0, 0.0, 1.0);

void main() {
#ifdef CUT_AWAY
    if (uCut.w > 0.5) {
        vec3 d = (vPosition - uCut.xyz) * uCutSide + (1.0 - abs(uCutSide));
        if (min(min(d.x, d.y), d.z) > 0.0) { discard; }
    }
#endif
    vec3 n = normalize(vNormal);
    // Faces seen from behind (open meshes) get the lighting of their front side.
    if (n.z < 0.0) { n = -n; }
    float key = max(dot(n, headlight), 0.0);
    float fill = max(dot(n, fillLight), 0.0);
    vec3 halfway = normalize(headlight + viewer);
    // x^40 by squaring (x^32 · x^8): the same curve as pow(x, 40.0) without exp2/log2.
    float s1 = max(dot(n, halfway), 0.0);
    float s2 = s1 * s1;
    float s4 = s2 * s2;
    float s8 = s4 * s4;
    float s32 = s8 * s8;
    s32 = s32 * s32;
    float specular = s32 * s8;
    float c = clamp(vCurvature, -1.0, 1.0);
    vec3 base = uColor.rgb * (1.0 + c * (c < 0.0 ? uCurvature.x : uCurvature.y));
    vec3 lit = base * (0.28 + 0.62 * key + 0.22 * fill) + vec3(0.12 * specular);
    gl_FragColor = vec4(min(lit, vec3(1.0)), uColor.a);
}

#version 100
// Blinn-Phong with a headlight (along the view axis) and a dimmer fill light from the upper left.
// The colour is a uniform: each region is drawn as its own range, so borders match the pick pass.
// Curvature shading scales it by 1 + c * uCurvature.x in sulci (c < 0) and 1 + c * uCurvature.y on
// gyri, c the interpolated convexity; uCurvature = (0, 0) leaves the colour as it is. A map's
// colour (vOverlay.rgb) then covers it where the interpolated vOverlay.a is at most 0.5 (the value
// is past the threshold there), so map colours match the colour bar but for light.
// Ambient occlusion: a = 1 - uOcclusion * (1 - openness) scales the ambient term by a, direct light
// by 0.35 + 0.65 a and the highlight by a (uOcclusion = 0: no occlusion). The highlight is broad
// and faint (x^24, 0.07) so surfaces read as matte tissue, not plastic.
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
uniform float uOcclusion;
varying float vOcclusion;
varying vec3 vNormal;
varying float vCurvature;
varying vec4 vOverlay;

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
    // x^24 by squaring (x^16 · x^8): the same curve as pow(x, 24.0) without exp2/log2.
    float s1 = max(dot(n, halfway), 0.0);
    float s2 = s1 * s1;
    float s4 = s2 * s2;
    float s8 = s4 * s4;
    float specular = s8 * s8 * s8;
    float c = clamp(vCurvature, -1.0, 1.0);
    vec3 base = uColor.rgb * (1.0 + c * (c < 0.0 ? uCurvature.x : uCurvature.y));
    base = mix(base, vOverlay.rgb, step(vOverlay.a, 0.5));
    float ao = 1.0 - uOcclusion * (1.0 - clamp(vOcclusion, 0.0, 1.0));
    vec3 lit = base * (0.28 * ao + (0.62 * key + 0.22 * fill) * (0.35 + 0.65 * ao)) + vec3(0.07 * specular * ao);
    gl_FragColor = vec4(min(lit, vec3(1.0)), uColor.a);
}

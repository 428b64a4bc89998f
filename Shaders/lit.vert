#version 100
// Lit pass: per-vertex normals go to the fragment stage in eye space (orthographic camera), with
// the vertex's convexity (-1 deepest sulcus ... +1 gyral crown; a constant 0 for meshes without)
// and a statistical map's colour (rgb; a = 0.5 at the threshold, above it below threshold; an
// unset attribute is (0, 0, 0, 1): the region colour alone) and its ambient openness (0 shut in …
// 1 open; a constant 1 for meshes without).
attribute highp vec3 aPosition;
attribute highp vec3 aNormal;
attribute highp float aCurvature;
attribute mediump vec4 aOverlay;
attribute mediump float aOcclusion;
uniform highp mat4 uMVP;
#ifdef CUT_AWAY
varying highp vec3 vPosition;
#endif
uniform highp mat4 uNormalMatrix;
varying highp vec3 vNormal;
varying highp float vCurvature;
varying mediump vec4 vOverlay;
varying mediump float vOcclusion;

void main() {
#ifdef CUT_AWAY
    vPosition = aPosition;
#endif
    vNormal = (uNormalMatrix * vec4(aNormal, 0.0)).xyz;
    vCurvature = aCurvature;
    vOverlay = aOverlay;
    vOcclusion = aOcclusion;
    gl_Position = uMVP * vec4(aPosition, 1.0);
}

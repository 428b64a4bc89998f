#version 100
// Lit pass: per-vertex normals go to the fragment stage in eye space (orthographic camera).
attribute highp vec3 aPosition;
attribute highp vec3 aNormal;
uniform highp mat4 uMVP;
uniform highp mat4 uNormalMatrix;
varying highp vec3 vNormal;

void main() {
    vNormal = (uNormalMatrix * vec4(aNormal, 0.0)).xyz;
    gl_Position = uMVP * vec4(aPosition, 1.0);
}

#version 100
// Flat colour: a region's id packed into RGB (pick pass) or its exact colour (flat shading).
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform vec4 uColor;

void main() {
    gl_FragColor = uColor;
}

#version 100
// Pick and flat passes: position only, same transform as the lit pass.
attribute highp vec3 aPosition;
uniform highp mat4 uMVP;
#ifdef CUT_AWAY
varying highp vec3 vPosition;
#endif

void main() {
#ifdef CUT_AWAY
    vPosition = aPosition;
#endif
    gl_Position = uMVP * vec4(aPosition, 1.0);
}

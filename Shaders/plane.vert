#version 100
// Slicing-mode planes: the quad's position, and its texture coordinates from two rows the plane
// gives (s = dot((x, y, z, 1), uTexS), t likewise), so one quad mesh needs no texture attribute.
attribute highp vec3 aPosition;
uniform highp mat4 uMVP;
uniform highp vec4 uTexS;
uniform highp vec4 uTexT;
varying highp vec2 vTexCoord;
varying highp vec3 vPosition;

void main() {
    vec4 p = vec4(aPosition, 1.0);
    vPosition = aPosition;
    vTexCoord = vec2(dot(p, uTexS), dot(p, uTexT));
    gl_Position = uMVP * p;
}

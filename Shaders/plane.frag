#version 100
// Slicing-mode planes: the template's grey through the display window, with the atlas region of
// the voxel over it in its colour and fill opacity (palette texture, 256 ids per row). Texels
// outside the head (alpha 0 in uIDs) are not drawn. With uPick = 1 the pixel gets its pick id,
// uPickBase + region id, packed into RGB as the flat pick pass packs mesh ids. WebGL 1 safe:
// 2D textures only; uIDs and uPalette must be sampled NEAREST (an id is never blended).
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform sampler2D uGrey;
uniform sampler2D uIDs;
uniform sampler2D uPalette;
uniform float uPaletteRows;
uniform vec2 uWindow;
uniform float uPick;
uniform float uPickBase;
varying vec2 vTexCoord;

void main() {
    vec4 ids = texture2D(uIDs, vTexCoord);
    if (ids.a < 0.5) { discard; }
    float id = floor(ids.r * 255.0 + 0.5) + 256.0 * floor(ids.g * 255.0 + 0.5);
    if (uPick > 0.5) {
        float p = uPickBase + id;
        float high = floor(p / 65536.0);
        float rest = p - high * 65536.0;
        float middle = floor(rest / 256.0);
        gl_FragColor = vec4(rest - middle * 256.0, middle, high, 255.0) / 255.0;
        return;
    }
    float grey = clamp((texture2D(uGrey, vTexCoord).r * 255.0 - uWindow.x) / (uWindow.y - uWindow.x), 0.0, 1.0);
    float column = id - 256.0 * floor(id / 256.0);
    vec4 region = texture2D(uPalette, vec2((column + 0.5) / 256.0, (floor(id / 256.0) + 0.5) / uPaletteRows));
    gl_FragColor = vec4(mix(vec3(grey), region.rgb, region.a), 1.0);
}

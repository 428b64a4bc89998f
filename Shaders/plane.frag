#version 100
// Slicing-mode planes: the template's grey through the display window, with the atlas region of
// the voxel over it in its colour and fill opacity (palette texture, 256 ids per row). Outside
// the head (uGrey's alpha, sampled linearly, below one half) nothing is drawn. With uPick = 1 the pixel gets its pick id,
// uPickBase + region id, packed into RGB as the flat pick pass packs mesh ids
// (RendererContract.pickColor). WebGL 1 safe: 2D textures only; uIDs and uPalette must be sampled
// NEAREST (an id is never blended). NEAREST takes texel floor(s · width), the voxel containing
// the point, a point on an edge going to the higher one: the first step of the plane pick rule
// (RendererContract.planeVoxel), whose neighbour search covers the interpolation's rounding.
// With uCut.w = 1 (the head cut open, as lit.frag's CUT_AWAY) only the part of the plane that
// faces into the cut is drawn: elsewhere the plane lies inside the head, where it could only
// show by poking through the skin. uDarken (RendererContract.planeDarkening, per orientation)
// darkens the colour so the three faces of the open corner differ; 0 leaves it as it is.
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
uniform vec4 uCut;
uniform vec3 uCutSide;
uniform float uDarken;
varying vec2 vTexCoord;
varying vec3 vPosition;

void main() {
    if (uCut.w > 0.5) {
        vec3 d = (vPosition - uCut.xyz) * uCutSide;
        if (min(min(d.x, d.y), d.z) < 0.0) { discard; }
    }
    // Inside the head by the smooth (linearly sampled) edge of the grey texture's alpha.
    vec4 greyInside = texture2D(uGrey, vTexCoord);
    if (greyInside.a < 0.5) { discard; }
    vec4 ids = texture2D(uIDs, vTexCoord);
    float id = floor(ids.r * 255.0 + 0.5) + 256.0 * floor(ids.g * 255.0 + 0.5);
    if (uPick > 0.5) {
        float p = uPickBase + id;
        float high = floor(p / 65536.0);
        float rest = p - high * 65536.0;
        float middle = floor(rest / 256.0);
        gl_FragColor = vec4(rest - middle * 256.0, middle, high, 255.0) / 255.0;
        return;
    }
    float grey = clamp((greyInside.r * 255.0 - uWindow.x) / (uWindow.y - uWindow.x), 0.0, 1.0);
    float column = id - 256.0 * floor(id / 256.0);
    vec4 region = texture2D(uPalette, vec2((column + 0.5) / 256.0, (floor(id / 256.0) + 0.5) / uPaletteRows));
    gl_FragColor = vec4(mix(vec3(grey), region.rgb, region.a) * (1.0 - uDarken), 1.0);
}

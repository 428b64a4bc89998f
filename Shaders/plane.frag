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
// With PLANE_VOXELS defined (the web viewer) the plane's ids are read from a texture of its
// voxels over the volume's whole in-plane grid (uPlaneVoxels), and its region borders are drawn
// smooth; see the block below.
// With uIDSize (the id texture's size in texels) set, the region is chosen as the 2D slices
// choose it: of the 2 × 2 voxels around the point, the label with the most bilinear weight, so
// borders follow a smooth line rather than voxel steps (still one voxel's label per pixel; the
// pick rule's neighbour search finds it). uLine (one pixel in texels; 0: none) draws each region's
// border line, its colour darkened as the slices darken it, and outlines the planes along the cut.
// uIDSize and uLine left 0 draw nearest voxels without lines, as before.
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
uniform vec2 uIDSize;
uniform float uLine;
varying vec2 vTexCoord;
varying vec3 vPosition;

#ifdef PLANE_VOXELS
// The plane's voxels, cut from the volumes once per plane move into a texture of the volume's
// in-plane grid (uPlaneSize voxels; voxel (u, v) at texel (u, v), read NEAREST at texel
// centres): RGBA per voxel, grey, id low byte, id high byte, 255 where the 3 × 3 × 3 voxels
// around it hold its id, else 0. Voxel (i, j, k) is centred at MNI uVoxelOrigin + uVoxelStep ·
// (i, j, k). The grey is read from uGrey as natively.
uniform sampler2D uPlaneVoxels;
uniform vec2 uPlaneSize;
uniform vec3 uVoxelOrigin;
uniform float uVoxelStep;
uniform vec3 uPlaneAxis;      // one-hot: the axis the plane is normal to
uniform vec3 uAxisU;          // one-hot: the plane's in-plane axes
uniform vec3 uAxisV;
uniform float uPixelsPerVoxel;
uniform float uHighlight;     // the highlighted region's id, outlined; -1: none

// The plane's voxel at whole in-plane coordinates uv (kept within the volume).
vec4 voxel(vec2 uv) {
    return texture2D(uPlaneVoxels, (clamp(uv, vec2(0.0), uPlaneSize - 1.0) + 0.5) / uPlaneSize);
}

float idOf(vec4 v) { return floor(v.g * 255.0 + 0.5) + 256.0 * floor(v.b * 255.0 + 0.5); }
#endif

vec4 regionOf(float id) {
    float column = id - 256.0 * floor(id / 256.0);
    return texture2D(uPalette, vec2((column + 0.5) / 256.0, (floor(id / 256.0) + 0.5) / uPaletteRows));
}

float grey0(vec4 greyInside) {
    return clamp((greyInside.r * 255.0 - uWindow.x) / (uWindow.y - uWindow.x), 0.0, 1.0);
}

vec3 filled(float grey, float id) {
    vec4 region = regionOf(id);
    return mix(vec3(grey), region.rgb, region.a);
}

float idAt(vec2 tc) {
    vec4 t = texture2D(uIDs, tc);
    return floor(t.r * 255.0 + 0.5) + 256.0 * floor(t.g * 255.0 + 0.5);
}

float same(float a, float b) { return a == b ? 1.0 : 0.0; }

void main() {
    if (uCut.w > 0.5) {
        vec3 d = (vPosition - uCut.xyz) * uCutSide;
        if (min(min(d.x, d.y), d.z) < 0.0) { discard; }
    }
    // Inside the head by the smooth (linearly sampled) edge of the grey texture's alpha.
    vec4 greyInside = texture2D(uGrey, vTexCoord);
    if (greyInside.a < 0.5) { discard; }
#ifdef PLANE_VOXELS
    vec3 c = (vPosition - uVoxelOrigin) / uVoxelStep;
    vec2 at = vec2(dot(c, uAxisU), dot(c, uAxisV));
    vec2 low = floor(at);
    vec2 f = at - low;
    // The voxel containing the point (an edge goes to the higher one), as NEAREST picks it. Where
    // its flag says the voxels around it share its id, that is every corner's id; elsewhere, near
    // a border, the 2 × 2 voxels around the point are read one by one.
    vec2 n = step(0.5, f);
    vec4 nearest = voxel(low + n);
    bool inside = nearest.a > 0.5;
    float id = idOf(nearest);
    float i00 = id, i10 = id, i01 = id, i11 = id;
    if (!inside) {
        i00 = idOf(voxel(low));
        i10 = idOf(voxel(low + vec2(1.0, 0.0)));
        i01 = idOf(voxel(low + vec2(0.0, 1.0)));
        i11 = idOf(voxel(low + vec2(1.0, 1.0)));
    }
    // The label with the most bilinear weight among the 2 × 2 voxels (ties to the first of
    // them, in the native order): what the pixel shows and what the pick pass writes, so a
    // device pick names what the native pick names at a border too.
    float best = id, second = id, bestW = 1.0, secondW = 0.0;
    if (!(i00 == i10 && i00 == i01 && i00 == i11)) {
        vec4 ids4 = vec4(i00, i10, i01, i11);
        vec4 w = vec4((1.0 - f.x) * (1.0 - f.y), f.x * (1.0 - f.y), (1.0 - f.x) * f.y, f.x * f.y);
        vec4 sums = vec4(dot(w, vec4(equal(ids4, vec4(i00)))), dot(w, vec4(equal(ids4, vec4(i10)))),
                         dot(w, vec4(equal(ids4, vec4(i01)))), dot(w, vec4(equal(ids4, vec4(i11)))));
        best = i00; bestW = sums.x;
        if (sums.y > bestW) { best = i10; bestW = sums.y; }
        if (sums.z > bestW) { best = i01; bestW = sums.z; }
        if (sums.w > bestW) { best = i11; bestW = sums.w; }
        vec4 others = sums * (1.0 - vec4(equal(ids4, vec4(best))));
        secondW = max(max(others.x, others.y), max(others.z, others.w));
        second = others.x == secondW ? i00 : others.y == secondW ? i10 : others.z == secondW ? i01 : i11;
        id = best;
    }
#else
    float id = idAt(vTexCoord);
    // How far the winning label leads the next (0…1): half of it is the distance to the border in voxels.
    float lead = 1.0;
    if (uIDSize.x > 0.5) {
        vec2 p = vTexCoord * uIDSize - 0.5;
        vec2 f = p - floor(p);
        vec2 c = (floor(p) + 0.5) / uIDSize;
        vec2 dx = vec2(1.0 / uIDSize.x, 0.0), dy = vec2(0.0, 1.0 / uIDSize.y);
        vec4 l = vec4(idAt(c), idAt(c + dx), idAt(c + dy), idAt(c + dx + dy));
        vec4 w = vec4((1.0 - f.x) * (1.0 - f.y), f.x * (1.0 - f.y), (1.0 - f.x) * f.y, f.x * f.y);
        vec4 total = vec4(dot(w, vec4(same(l.x, l.x), same(l.y, l.x), same(l.z, l.x), same(l.w, l.x))),
                          dot(w, vec4(same(l.x, l.y), same(l.y, l.y), same(l.z, l.y), same(l.w, l.y))),
                          dot(w, vec4(same(l.x, l.z), same(l.y, l.z), same(l.z, l.z), same(l.w, l.z))),
                          dot(w, vec4(same(l.x, l.w), same(l.y, l.w), same(l.z, l.w), same(l.w, l.w))));
        // Ties go to the earlier of the four, as the slices' scan does.
        float best = total.x;
        id = l.x;
        if (total.y > best) { best = total.y; id = l.y; }
        if (total.z > best) { best = total.z; id = l.z; }
        if (total.w > best) { best = total.w; id = l.w; }
        float second = 0.0;
        if (l.x != id) { second = max(second, total.x); }
        if (l.y != id) { second = max(second, total.y); }
        if (l.z != id) { second = max(second, total.z); }
        if (l.w != id) { second = max(second, total.w); }
        lead = best - second;
    }
#endif
    if (uPick > 0.5) {
        float p = uPickBase + id;
        float high = floor(p / 65536.0);
        float rest = p - high * 65536.0;
        float middle = floor(rest / 256.0);
        gl_FragColor = vec4(rest - middle * 256.0, middle, high, 255.0) / 255.0;
        return;
    }
#ifdef PLANE_VOXELS
    float grey = grey0(greyInside);
    vec3 color;
    if (i00 == i10 && i00 == i01 && i00 == i11) {
        color = filled(grey, i00);
    } else {
        // Region borders as the 2D slices draw them: the label with the most bilinear weight
        // wins, so a border runs along the iso-line between labels rather than voxel edges; the
        // lead over the runner-up, times half a voxel in pixels, is the pixel's distance to it.
        float s = (bestW - secondW) * 0.5 * uPixelsPerVoxel;
        float cover = clamp(0.5 + s, 0.0, 1.0);
        color = mix(filled(grey, second), filled(grey, best), cover);
        // The highlighted region's outline: a dark line about 2 px wide on its side of the border.
        if (uHighlight >= 0.0 && (best == uHighlight) != (second == uHighlight)) {
            float inner = best == uHighlight ? s : -s;
            float line = clamp(inner + 0.5, 0.0, 1.0) * clamp(2.5 - inner, 0.0, 1.0);
            color = mix(color, vec3(0.08, 0.08, 0.1), line);
        }
    }
    // Plane outlines: a dark line about 1.5 px wide where this plane meets another (the open
    // corner's edges, uCut.xyz on an axis with a plane) and along the section's edge (the inside
    // flag's 0.5 contour), so each face of the corner reads as a cut surface.
    float pixelsPerMm = uPixelsPerVoxel / uVoxelStep;
    vec3 others = abs(uCutSide) * (1.0 - uPlaneAxis);
    vec3 toEdge = mix(vec3(1.0e4), abs(vPosition - uCut.xyz) * pixelsPerMm, others);
    float edge = min(min(toEdge.x, toEdge.y), min(toEdge.z, (greyInside.a - 0.5) * uPixelsPerVoxel));
    color *= 1.0 - 0.55 * clamp(1.5 - edge, 0.0, 1.0);
    gl_FragColor = vec4(color * (1.0 - uDarken), 1.0);
#else
    float grey = clamp((greyInside.r * 255.0 - uWindow.x) / (uWindow.y - uWindow.x), 0.0, 1.0);
    float column = id - 256.0 * floor(id / 256.0);
    vec4 region = texture2D(uPalette, vec2((column + 0.5) / 256.0, (floor(id / 256.0) + 0.5) / uPaletteRows));
    vec3 color = mix(vec3(grey), region.rgb, region.a);
    if (uLine > 0.0) {
        if (region.a > 0.0) {
            // The slices' border line: one pixel inside the region, pale colours darkened until
            // their relative luminance is at most 0.4 so the line shows on white matter.
            vec3 linear = pow(region.rgb, vec3(2.2));
            float y = dot(linear, vec3(0.2126, 0.7152, 0.0722));
            vec3 contour = pow(linear * min(1.0, 0.4 / max(y, 0.0001)), vec3(1.0 / 2.2));
            color = mix(color, contour, clamp(1.5 - 0.5 * lead / uLine, 0.0, 1.0));
        }
        if (uCut.w > 0.5) {
            // The plane's outline where it meets the cut's other faces: the second smallest
            // distance to the cut's sides (the smallest is the plane's own, zero).
            vec3 d = abs(vPosition - uCut.xyz) + (1.0 - abs(uCutSide)) * 1.0e4;
            float edge = d.x + d.y + d.z - min(min(d.x, d.y), d.z) - max(max(d.x, d.y), d.z);
            color = mix(color, vec3(0.96, 0.92, 0.55), clamp(2.5 - edge / uLine, 0.0, 1.0));
        }
    }
    gl_FragColor = vec4(color * (1.0 - uDarken), 1.0);
#endif
}

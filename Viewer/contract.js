// @ts-check
// Generated from RendererContract (Sources/BrainRender/Contract): do not edit. Rewrite with
// BRAINTUTOR_WRITE_CONTRACT=1 swift test --skip-build --disable-xctest --filter RendererContractTests

/** Raised whenever a value or rule here changes meaning. */
export const CONTRACT_VERSION = 1;
/** Every binary scene body starts with this magic and layout version. */
export const SCENE_DATA = { magic: "BTSD", version: 2 };
/** Pick id 0 is the background; ranges are numbered from this one, layer after layer. */
export const FIRST_PICK_ID = 1;
/** id = r + BYTE_BASE·g + BYTE_BASE²·b for a pick colour; low + BYTE_BASE·high for a label texel. */
export const BYTE_BASE = 256;
/** The slicing mode's planes in pick-id order (also the axis order x, y, z). */
export const PLANE_NAMES = ["sagittal", "coronal", "axial"];
/** Region ids per row of the plane palette texture. */
export const PALETTE_WIDTH = 256;
/** How much darker each plane is drawn (plane.frag's uDarken), in PLANE_NAMES order. */
export const PLANE_DARKENING = [0.0, 0.14, 0.28];
/** Visibility figures: the size they refer to, the quiz's minimum, and the viewer's rule for keeping a view. */
export const SURVEY = { w: 480, h: 360, minPixels: 300, clearPixels: 2000, shareOfBest: 0.5 };
/** A lit frame's highlight (HighlightColors): the others' share toward grey and least tint, the selected region's greatest L*, and the bisection's steps. */
export const HIGHLIGHT = { greyShare: 0.8, minimumTint: 0.6, maxSelectedLightness: 50.0, darkeningSteps: 12 };
/** A map's colour bar strip: the canvas width over `divisor`, clamped to minimum…maximum; none under three minimum strips. */
export const COLOR_BAR_STRIP = { divisor: 5, minimum: 110, maximum: 240 };
/** The map colour scales (OverlayColorScale): warm and cool from the threshold's colour to the upper end's, viridis through its stops. */
export const MAP_SCALES = { warm: [[255, 0, 0], [255, 255, 0]], cool: [[0, 0, 255], [0, 255, 255]], viridis: [[68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141], [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37]] };

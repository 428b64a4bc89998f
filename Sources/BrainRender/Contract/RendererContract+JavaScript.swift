import BrainMaps
import Foundation

extension RendererContract {
    /// The viewer's `contract.js`: the values above as JavaScript constants. Only values travel;
    /// the rules (`planeVoxel`, `cutSide`, the pick colour) are JavaScript functions in the viewer
    /// that replay the reference cases a Swift test writes.
    public static func javaScriptModule() -> String {
        func list(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        func colors(_ stops: [SIMD3<Float>]) -> String {
            "[" + stops.map { "[\(Int($0.x)), \(Int($0.y)), \(Int($0.z))]" }.joined(separator: ", ") + "]"
        }
        return """
        // @ts-check
        // Generated from RendererContract (Sources/BrainRender/Contract): do not edit. Rewrite with
        // BRAINTUTOR_WRITE_CONTRACT=1 swift test --skip-build --disable-xctest --filter RendererContractTests

        /** Raised whenever a value or rule here changes meaning. */
        export const CONTRACT_VERSION = \(version);
        /** Every binary scene body starts with this magic and layout version. */
        export const SCENE_DATA = { magic: "\(sceneDataMagic)", version: \(sceneDataVersion) };
        /** Pick id 0 is the background; ranges are numbered from this one, layer after layer. */
        export const FIRST_PICK_ID = \(firstPickID);
        /** id = r + BYTE_BASE·g + BYTE_BASE²·b for a pick colour; low + BYTE_BASE·high for a label texel. */
        export const BYTE_BASE = \(byteBase);
        /** The slicing mode's planes in pick-id order (also the axis order x, y, z). */
        export const PLANE_NAMES = \(list(planeOrder.map(\.rawValue)));
        /** Region ids per row of the plane palette texture. */
        export const PALETTE_WIDTH = \(paletteWidth);
        /** How much darker each plane is drawn (plane.frag's uDarken), in PLANE_NAMES order. */
        export const PLANE_DARKENING = [\(planeDarkening.map { "\($0)" }.joined(separator: ", "))];
        /** Visibility figures: the size they refer to, the quiz's minimum, and the viewer's rule for keeping a view. */
        export const SURVEY = { w: \(surveySize.width), h: \(surveySize.height), minPixels: \(surveyMinPixels), clearPixels: \(surveyClearPixels), shareOfBest: \(surveyShareOfBest) };
        /** A lit frame's highlight (HighlightColors): the others' share toward grey and least tint, the selected region's greatest L*, and the bisection's steps. */
        export const HIGHLIGHT = { greyShare: \(HighlightColors.greyShare), minimumTint: \(HighlightColors.minimumTint), maxSelectedLightness: \(HighlightColors.maxSelectedLightness), darkeningSteps: \(HighlightColors.darkeningSteps) };
        /** A map's colour bar strip: the canvas width over `divisor`, clamped to minimum…maximum; none under three minimum strips. */
        export const COLOR_BAR_STRIP = { divisor: \(colorBarStrip.divisor), minimum: \(colorBarStrip.minimum), maximum: \(colorBarStrip.maximum) };
        /** The map colour scales (\(String(describing: OverlayColorScale.self))): warm and cool from the threshold's colour to the upper end's, viridis through its stops. */
        export const MAP_SCALES = { warm: \(colors(mapScales.warm)), cool: \(colors(mapScales.cool)), viridis: \(colors(mapScales.viridis)) };

        """
    }
}

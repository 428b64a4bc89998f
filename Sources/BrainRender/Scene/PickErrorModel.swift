/// How far a GL rasteriser's own rounding may move what `CertainPick` computes in double
/// precision; a CPU decision is trusted only when it holds beyond these bounds.
///
/// The rasteriser snaps vertex positions to a sub-pixel grid (its sub-pixel bits), and evaluates
/// depth planes in float. The grid depends on the driver actually drawing, so it is passed in:
/// `.llvmpipe` (8 bits) by default, `.coarsest` (the GL spec's minimum of 4 bits) when unsure.
public struct PickErrorModel: Sendable, Equatable {
    /// Bits of sub-pixel precision the rasteriser snaps vertices to (`GL_SUBPIXEL_BITS`).
    public let subpixelBits: Int

    public init(subpixelBits: Int) {
        // At least the GL minimum; more than 16 bits is beyond any rasteriser's fixed point.
        self.subpixelBits = min(16, max(Self.coarsest.subpixelBits, subpixelBits))
    }

    private init(exactly bits: Int) { subpixelBits = bits }

    /// Mesa's llvmpipe: 8 bits (`FIXED_ORDER` in its lp_rast.h). About 0.4 % of brain pixels at
    /// 1024×768, those within ~0.005 px of a triangle edge, are then left to the GL.
    public static let llvmpipe = PickErrorModel(exactly: 8)
    /// The coarsest grid the GL spec allows: 4 bits (about 6 % of brain pixels go to the GL).
    public static let coarsest = PickErrorModel(exactly: 4)

    /// The model for a Gallium driver by name (`GALLIUM_DRIVER`); nil is Mesa's default, llvmpipe.
    public static func gallium(driver: String?) -> PickErrorModel {
        driver == nil || driver == "llvmpipe" ? .llvmpipe : .coarsest
    }

    /// How far snapping may move a vertex coordinate: half a step of the grid, in pixels.
    public var snapSlack: Double { 1 / Double(1 << (subpixelBits + 1)) }

    /// Float error of the GL's depth-plane evaluation per pixel of the image's longer side.
    public static let planeErrorPerPixel = 0x1p-20
    /// Float error of one stored depth value (a 24-bit depth buffer holds less than this).
    public static let depthError = 0x1p-20
}

import Foundation

/// How far a GL driver may move a vertex when it snaps window positions to its sub-pixel grid:
/// half a grid step. The CPU pick (`CertainPick`) widens its coverage tests by this much: with
/// 8 bits about 0.4 % of brain pixels at 1024×768, those within ~0.005 px of a triangle edge,
/// are left to the GL; with 4 bits about 6 %.
public struct RasterSnapping: Sendable, Hashable, Comparable {
    /// Bits of sub-pixel precision: llvmpipe has 8 (`FIXED_ORDER` in its lp_rast.h).
    public let subpixelBits: Int

    public init(subpixelBits: Int) { self.subpixelBits = subpixelBits }

    /// The coarsest grid the GL specification allows, assumed for any driver but llvmpipe.
    public static let glMinimum = RasterSnapping(subpixelBits: 4)
    /// llvmpipe's grid.
    public static let llvmpipe = RasterSnapping(subpixelBits: 8)

    /// Half a grid step, in pixels.
    public var slack: Double { 1 / Double(1 << (subpixelBits + 1)) }

    /// Finer grids are "greater": a bound made for a coarser grid holds for a finer one.
    public static func < (a: RasterSnapping, b: RasterSnapping) -> Bool { a.subpixelBits < b.subpixelBits }

    /// The bound for a loaded driver: the bits llvmpipe reports (at least the GL minimum); the
    /// GL minimum for other drivers, whose rasterizers the CPU model has not been checked against.
    public static func of(renderer: String, subpixelBits: Int) -> RasterSnapping {
        renderer.hasPrefix("llvmpipe") ? RasterSnapping(subpixelBits: max(glMinimum.subpixelBits, subpixelBits)) : glMinimum
    }

    /// `expected()` for this process, worked out once (the environment does not change).
    public static let expectedHere = expected()

    /// The bound a one-shot pick assumes before any GL library is loaded: llvmpipe's where every
    /// backend that may be chosen runs llvmpipe, else the GL minimum. OSMesa is always a Mesa
    /// software driver (`GALLIUM_DRIVER` names which, llvmpipe by default). EGL is software when
    /// `LIBGL_ALWAYS_SOFTWARE` is set or there is no DRM render node to find a GPU through.
    public static func expected(environment: [String: String] = ProcessInfo.processInfo.environment,
                                hasRenderNode: Bool = RasterSnapping.hasRenderNode()) -> RasterSnapping {
        if let driver = environment["GALLIUM_DRIVER"], !driver.isEmpty, driver != "llvmpipe" { return glMinimum }
        let forced = try? GLBackend.forced(environment: environment)
        let mayUseEGL = forced != .osmesa
        let softwareEGL = environment["LIBGL_ALWAYS_SOFTWARE"].map { !$0.isEmpty && $0 != "0" } ?? false
            || !hasRenderNode
        return mayUseEGL && !softwareEGL ? glMinimum : llvmpipe
    }

    /// Whether /dev/dri holds a render node (renderD128, …) through which EGL could reach a GPU.
    public static func hasRenderNode() -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return names.contains { $0.hasPrefix("renderD") }
    }
}

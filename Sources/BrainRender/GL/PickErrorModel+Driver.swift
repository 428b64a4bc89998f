import Foundation

/// Which `PickErrorModel` holds for the driver that draws: the one a loaded context reports,
/// or, before any GL is loaded, the one every backend that may be chosen satisfies.
extension PickErrorModel {
    /// The model for a loaded driver: the sub-pixel bits llvmpipe reports; the GL minimum for
    /// other drivers, whose rasterizers the CPU decision has not been checked against.
    public static func of(renderer: String, subpixelBits: Int) -> PickErrorModel {
        renderer.hasPrefix("llvmpipe") ? PickErrorModel(subpixelBits: subpixelBits) : .coarsest
    }

    /// `expected()` for this process, worked out once (the environment does not change).
    public static let expectedHere = expected()

    /// The model a one-shot pick assumes before loading GL: llvmpipe's where every backend
    /// that may be chosen runs llvmpipe, else the GL minimum. OSMesa is always a Mesa software
    /// driver (`GALLIUM_DRIVER` names which, llvmpipe by default). EGL is software when
    /// `LIBGL_ALWAYS_SOFTWARE` is set or there is no DRM render node to reach a GPU through.
    public static func expected(environment: [String: String] = ProcessInfo.processInfo.environment,
                                hasRenderNode: Bool = PickErrorModel.hasRenderNode()) -> PickErrorModel {
        let software = gallium(driver: environment["GALLIUM_DRIVER"].flatMap { $0.isEmpty ? nil : $0 })
        let mayUseEGL = (try? GLBackend.forced(environment: environment)) != .osmesa
        let softwareEGL = environment["LIBGL_ALWAYS_SOFTWARE"].map { !$0.isEmpty && $0 != "0" } ?? false || !hasRenderNode
        return mayUseEGL && !softwareEGL ? .coarsest : software
    }

    /// Whether /dev/dri holds a render node (renderD128, …) through which EGL could reach a GPU.
    public static func hasRenderNode() -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return names.contains { $0.hasPrefix("renderD") }
    }
}

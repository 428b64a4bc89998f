import BrainAtlas
import BrainFormats
import BrainImage
import Foundation

/// The one-shot `render` and `pick` commands: build the scene, draw, write or answer.
///
/// `exitsAfter`: the process ends right after (the CLI), so the GL context is left for the exit
/// to reclaim; destroying it joins llvmpipe's threads and frees its JIT code, 3–8 ms for nothing.
public enum RenderJobs {
    /// Renders `request` to `out` (atomically); with `report`, also draws the pick pass and
    /// returns the visible regions.
    public static func render(_ request: SceneRequest, data: String?, out: String,
                              compression: PNGEncoder.Compression, report: Bool,
                              exitsAfter: Bool = false) throws -> RenderReport? {
        var times = StageTimes()
        _ = try request.resolvedHemisphere()
        try request.validate()
        let passes: [PassKind] = report ? [.colour(request.shading), .pick] : [.colour(request.shading)]
        let (scene, _, context) = try prepare(request, data: data, passes: passes, times: &times)
        if exitsAfter { _ = Unmanaged.passRetained(context) }
        let bytes = try scene.png(context: context, compression: compression)
        times.mark("frame + png")
        try AtomicFile.writeRaw(Data(bytes), to: URL(fileURLWithPath: out))
        times.mark("write")
        times.report()
        guard report else { return nil }
        let index = try context.renderPickImage(scene.scene)
        return RenderReport(scene: scene, index: index, out: out)
    }

    /// Answers which region is under pixel (x, y) of the image `request` would draw.
    ///
    /// With `decideOnCPU`, most pixels are decided without loading Mesa (`CertainPick`: the
    /// answer the pick pass must give); the rest, near triangle edges, draw the one-pixel pick
    /// pass after the scene has loaded. Without it, the scene loads while Mesa starts, and the
    /// pass always draws.
    public static func pick(_ request: SceneRequest, data: String?, x: Int, y: Int,
                            decideOnCPU: Bool = true, exitsAfter: Bool = false) throws -> PickReport {
        guard (0..<request.width).contains(x), (0..<request.height).contains(y) else {
            throw RenderError.pixelOutside(x: x, y: y, width: request.width, height: request.height)
        }
        var times = StageTimes()
        _ = try request.resolvedHemisphere()
        try request.validate()
        let id: UInt32
        let scene: AtlasScene, library: AtlasLibrary?
        if decideOnCPU {
            library = request.meshFile == nil ? try AtlasLibrary.open(data: data) : nil
            scene = try buildScene(request, library: library)
            times.mark("scene")
            let candidates = PixelCandidates(scene: scene.scene, x: x, row: request.height - 1 - y)
            if let certain = CertainPick.id(scene: scene.scene, candidates: candidates) {
                id = certain
                times.mark("decided on the CPU")
            } else {
                let backend = try GLBackend.chosen()
                times.mark("GL library (\(backend))")
                let context = try GLContext(width: request.width, height: request.height, backend: backend)
                if exitsAfter { _ = Unmanaged.passRetained(context) }
                times.mark("context")
                id = try context.pickID(scene.scene, x: x, y: y, candidates: candidates)
                times.mark("pick pass")
            }
        } else {
            let context: GLContext
            (scene, library, context) = try prepare(request, data: data, passes: [.pick], times: &times)
            if exitsAfter { _ = Unmanaged.passRetained(context) }
            id = try context.pickID(scene.scene, x: x, y: y)
            times.mark("pick pass")
        }
        let answer = try scene.pickReport(id: id, x: x, y: y, library: library)
        times.mark("answer")
        times.report()
        return answer
    }

    /// The scene (loaded on another thread) and a GL context made on this one, warmed up for
    /// `passes` if the scene is still loading: on two cores the scene load hides behind Mesa. Scene errors (an unknown
    /// atlas or region) win over GL errors, as they would if the two ran one after the other.
    private static func prepare(_ request: SceneRequest, data: String?, passes: [PassKind],
                                times: inout StageTimes) throws -> (AtlasScene, AtlasLibrary?, GLContext) {
        let loading = BackgroundWork { () throws -> (AtlasScene, AtlasLibrary?) in
            let library = request.meshFile == nil ? try AtlasLibrary.open(data: data) : nil
            return (try buildScene(request, library: library), library)
        }
        let context = Result { () throws(RenderError) -> GLContext in
            let backend = try GLBackend.chosen()
            times.mark("GL library (\(backend))")
            let context = try GLContext(width: request.width, height: request.height, backend: backend)
            times.mark("context")
            // Worth it only while the scene is still loading; otherwise the real pass builds them.
            if !loading.isFinished {
                try context.warmUp(passes, width: request.width, height: request.height)
                times.mark("warm-up")
            }
            return context
        }
        let (scene, library) = try loading.value()
        times.mark("scene wait")
        return (scene, library, try context.get())
    }

    static func buildScene(_ request: SceneRequest, data: String?) throws -> AtlasScene {
        try buildScene(request, library: request.meshFile == nil ? try AtlasLibrary.open(data: data) : nil)
    }

    static func buildScene(_ request: SceneRequest, library: AtlasLibrary?) throws -> AtlasScene {
        guard request.meshFile == nil, let library else {
            return try AtlasScene.buildUserScene(request, hemisphere: try request.resolvedHemisphere())
        }
        return try AtlasScene.build(request, assets: SceneAssets(library: library))
    }
}

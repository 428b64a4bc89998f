import BrainAtlas
import BrainFormats
import BrainImage
import Foundation

/// The one-shot `render` and `pick` commands: build the scene, draw, write or answer (the pick
/// path is in `PickJob.swift`).
///
/// `exitsAfter`: the process ends right after (the CLI), so the GL context is left for the exit
/// to reclaim; destroying it joins llvmpipe's threads and frees its JIT code, 3–8 ms for nothing.
public enum RenderJobs {
    /// Renders `request` to `out` (atomically): SVG or PDF by `out`'s extension (`FigureFormat`),
    /// else PNG; with `report`, also returns the visible regions (from the frame's one pick pass,
    /// shared with labels and legend). `note` hears what the picture cannot show (`AtlasScene.notes`).
    public static func render(_ request: SceneRequest, data: String?, out: String,
                              compression: PNGEncoder.Compression, report: Bool,
                              backend: GLBackend? = nil, exitsAfter: Bool = false,
                              note: (String) -> Void = { _ in }) throws -> RenderReport? {
        var times = StageTimes()
        let passes: [PassKind] = report ? [.color(request.shading), .pick] : [.color(request.shading)]
        let (prepared, _, context) = try prepare(request, data: data, passes: passes, backend: backend, times: &times)
        prepared.notes.forEach(note)
        if exitsAfter { _ = Unmanaged.passRetained(context) }
        var frame = try DrawnFrame(prepared, context: context)
        let format = FigureFormat(path: out)
        let bytes: [UInt8]
        switch format {
        case .svg: bytes = Array(try frame.svg(context: context, compression: compression).utf8)
        case .pdf: bytes = try frame.pdf(context: context)
        case .png: bytes = try frame.png(context: context, compression: compression)
        }
        times.mark("frame + \(format.rawValue)")
        try AtomicFile.writeRaw(Data(bytes), to: URL(fileURLWithPath: out))
        times.mark("write")
        times.report()
        return report ? try frame.report(context: context, out: out) : nil
    }

    /// The scene (loaded on another thread) and a GL context made on this one, warmed up for
    /// `passes` if the scene is still loading: on two cores the scene load hides behind Mesa. Scene errors (an unknown
    /// atlas or region) win over GL errors, as they would if the two ran one after the other.
    static func prepare(_ request: SceneRequest, data: String?, passes: [PassKind], backend preferred: GLBackend?,
                                times: inout StageTimes) throws -> (AtlasScene, AtlasLibrary?, GLContext) {
        let loading = BackgroundWork { () throws -> (AtlasScene, AtlasLibrary?) in
            let source = try SceneSource.open(for: request, data: data)
            return (try source.scene(request), source.library)
        }
        let context = Result { () throws(RenderError) -> GLContext in
            let backend = try GLBackend.chosen(preferred)
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
}

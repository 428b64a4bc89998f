import BrainAtlas
import BrainFormats
import BrainImage
import Foundation

/// The one-shot `render` and `pick` commands: build the scene, draw, write or answer.
public enum RenderJobs {
    /// Renders `request` to `out` (atomically); with `report`, also draws the pick pass and
    /// returns the visible regions.
    public static func render(_ request: SceneRequest, data: String?, out: String,
                              compression: PNGEncoder.Compression, report: Bool) throws -> RenderReport? {
        _ = try request.resolvedHemisphere()
        try request.validate()
        let scene = try buildScene(request, data: data)
        let context = try GLContext(width: request.width, height: request.height)
        let bytes = try scene.png(context: context, compression: compression)
        try AtomicFile.writeRaw(Data(bytes), to: URL(fileURLWithPath: out))
        guard report else { return nil }
        let index = try context.renderPickImage(scene.scene)
        return RenderReport(scene: scene, index: index, out: out)
    }

    /// Answers which region is under pixel (x, y) of the image `request` would draw.
    public static func pick(_ request: SceneRequest, data: String?, x: Int, y: Int) throws -> PickReport {
        guard (0..<request.width).contains(x), (0..<request.height).contains(y) else {
            throw RenderError.pixelOutside(x: x, y: y, width: request.width, height: request.height)
        }
        _ = try request.resolvedHemisphere()
        try request.validate()
        let library = request.meshFile == nil ? try AtlasLibrary.open(data: data) : nil
        let scene = try buildScene(request, library: library)
        let context = try GLContext(width: request.width, height: request.height)
        // One scissored pixel: the same pass as the full pick image, without filling the rest.
        let id = try context.pickID(scene.scene, x: x, y: y)
        return try scene.pickReport(id: id, x: x, y: y, library: library)
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

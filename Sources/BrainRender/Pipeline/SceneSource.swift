import BrainAtlas

/// Where a request's meshes come from, decided once: the bundled AtlasData (its library) or the
/// user's own SRF (`mesh`, with an optional POI). Everything that builds a scene asks this.
public enum SceneSource: Sendable {
    case bundled(AtlasLibrary)
    case userFile(String)

    /// The source `request` names: its mesh file, else the atlas library found from `data`.
    public static func open(for request: SceneRequest, data: String?) throws -> SceneSource {
        if let file = request.meshFile { return .userFile(file) }
        return .bundled(try AtlasLibrary.open(data: data))
    }

    /// The atlas library (region texts, picks' surface wording); nil for a user's file.
    public var library: AtlasLibrary? {
        if case .bundled(let library) = self { return library }
        return nil
    }

    /// The scene `request` asks for, built from this source (with fresh assets).
    public func scene(_ request: SceneRequest) throws -> AtlasScene {
        switch self {
        case .bundled(let library): try AtlasScene.build(request, assets: SceneAssets(library: library))
        case .userFile: try AtlasScene.buildUserScene(request)
        }
    }
}

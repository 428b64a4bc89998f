import BrainAtlas
import BrainMaps

/// Where a request's meshes come from, decided here and nowhere else: the bundled AtlasData (its
/// library's assets) or the user's own SRF (`mesh`, with an optional POI). Everything that builds
/// a scene goes through `of`/`open` and then `scene(_:)`.
public enum SceneSource: Sendable {
    case bundled(SceneAssets)
    /// A user's SRF, and where its map overlays are read (the bundled assets keep their own).
    case userFile(String, maps: MapOverlayStore)

    /// The source `request` names: its mesh file (its maps read through `maps`, else on their
    /// own), else the bundled assets `bundled` gives (asked for only then, so a user's mesh never
    /// needs AtlasData).
    public static func of(_ request: SceneRequest, maps: MapOverlayStore? = nil, bundled: () throws -> SceneAssets) rethrows -> SceneSource {
        if let file = request.meshFile { return .userFile(file, maps: maps ?? MapOverlayStore()) }
        return .bundled(try bundled())
    }

    /// The source `request` names, with the bundled data found from `data` (fresh assets).
    public static func open(for request: SceneRequest, data: String?) throws -> SceneSource {
        try of(request) { SceneAssets(library: try AtlasLibrary.open(data: data)) }
    }

    /// The scene `request` asks for, from the source it names.
    public static func scene(_ request: SceneRequest, data: String?) throws -> AtlasScene {
        try open(for: request, data: data).scene(request)
    }

    /// The atlas library (region texts, picks' surface wording); nil for a user's file.
    public var library: AtlasLibrary? {
        if case .bundled(let assets) = self { return assets.library }
        return nil
    }

    /// The scene `request` asks for, built from this source (the one `of` chose for it).
    public func scene(_ request: SceneRequest) throws -> AtlasScene {
        switch self {
        case .bundled(let assets): try AtlasScene.bundledScene(request, assets: assets)
        case .userFile(let file, let maps): try AtlasScene.userScene(request, file: file, maps: maps)
        }
    }
}

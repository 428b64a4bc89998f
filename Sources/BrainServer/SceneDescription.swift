import BrainAtlas
import BrainRender
import Foundation

/// The JSON of `/api/scene`: what a client needs to draw a scene itself — its layers (with the
/// URLs of their binary data and each range's colour and region), the shader files, and the
/// camera of every preset view computed by the renderer's own `Camera`.
struct SceneDescription: Encodable {
    struct CameraJSON: Encodable {
        let forward: SIMD3<Float>
        let up: SIMD3<Float>
        let right: SIMD3<Float>
        let center: SIMD3<Float>
        let halfWidth: Float
        let halfHeight: Float
        let halfDepth: Float
        /// Column-major, RAS → clip space, as the renderer's uniforms.
        let mvp: [Float]
        let normalMatrix: [Float]

        init(_ c: Camera) {
            forward = c.direction.forward
            up = c.direction.up
            right = c.direction.right
            center = c.center
            halfWidth = c.halfWidth
            halfHeight = c.halfHeight
            halfDepth = c.halfDepth
            mvp = c.mvp
            normalMatrix = c.normalMatrix
        }
    }

    struct RangeJSON: Encodable {
        let label: UInt32
        let color: RGB
        let region: Region?
    }

    struct LayerJSON: Encodable {
        let name: String
        /// What the mesh is (`cortex`, `head`, `subcortical`), so a client never parses `name`.
        let kind: String
        /// `/api/mesh/…` (catalog vertices) and `/api/labels/…` (region ids and drawing order).
        let mesh: String
        let labels: String
        /// The bodies' sizes before gzip: what a client reading them counts toward its progress.
        let meshBytes: Int
        let labelsBytes: Int
        let opacity: Float
        let pickable: Bool
        /// Pick ids of this layer's ranges start here (0 when not pickable).
        let firstPickId: UInt32
        let hiddenRanges: [Int]
        let ranges: [RangeJSON]
        /// Whether the lit pass shades this layer's folding with `curvatureShading` (its
        /// per-vertex values come with the mesh or labels body).
        let curvature: Bool
        /// Whether the layer is cut open where `planes.cut` says (the slicing mode's head).
        let cut: Bool
        /// Whether the lit pass darkens this layer's shut-in parts with `occlusionStrength` (its
        /// per-vertex openness comes with the mesh body).
        let occlusion: Bool
    }

    struct CurvatureJSON: Encodable {
        /// The lit shader's `uCurvature` (x = sulcus, y = gyrus) for layers with `curvature`.
        let sulcus: Float
        let gyrus: Float
    }

    struct Tints: Encodable {
        /// A highlight lightens the other regions toward white by this share (`dim`: dimOthers).
        let soft: Float
        let dim: Float
    }

    /// `RendererContract.version`: a viewer built for another version says so instead of drawing.
    let contractVersion: Int
    let atlas: String
    let hemisphere: String
    let surface: String
    let width: Int
    let height: Int
    /// The image background; null when transparent.
    let background: RGB?
    let unlabelledColor: RGB
    let tint: Tints
    let curvatureShading: CurvatureJSON
    /// The lit shader's `uOcclusion` for layers with `occlusion` (`AmbientOcclusion`).
    let occlusionStrength: Float
    let shaders: [String: String]
    let layers: [LayerJSON]
    /// The camera of the request itself, and of every preset view that fits its hemisphere choice.
    let camera: CameraJSON
    let views: [String: CameraJSON]
    /// The slicing mode's planes (a `planes=` query), drawn with `plane.vert` and `plane.frag`.
    var planes: PlaneDataRoutes.PlanesJSON?

    /// A data body's versioned URL and its size before gzip.
    struct BodyLink {
        let url: String
        let bytes: Int
    }

    /// Builds the description; `link` names a data body and returns its versioned URL and size.
    static func make(_ request: SceneRequest, assets: SceneAssets,
                     link: (_ kind: String, _ atlas: String, _ mesh: String) throws -> BodyLink,
                     shaderURL: (String) throws -> String,
                     planes: (_ forward: SIMD3<Float>, _ firstPickId: UInt32) throws -> PlaneDataRoutes.PlanesJSON?)
        throws -> SceneDescription {
        let built = try AtlasScene.build(request, assets: assets)
        let scene = built.scene
        var layers: [LayerJSON] = []
        for (index, layer) in scene.layers.enumerated() where layer.plane == nil {
            let info = built.layers[index]
            let first = scene.firstPickIDs[index]
            let ranges = layer.geometry.grouping.ranges.enumerated().map { i, range in
                RangeJSON(label: range.label, color: layer.colors[i], region: info.regions[i])
            }
            let mesh = try link("mesh", request.atlas, info.name), labels = try link("labels", request.atlas, info.name)
            layers.append(LayerJSON(name: info.name, kind: info.mesh?.kind ?? "user", mesh: mesh.url, labels: labels.url, meshBytes: mesh.bytes,
                                    labelsBytes: labels.bytes, opacity: layer.opacity,
                                    pickable: layer.isPickable, firstPickId: first,
                                    hiddenRanges: layer.hiddenRanges.sorted(), ranges: ranges,
                                    curvature: layer.curvature, cut: layer.cutAway != nil,
                                    occlusion: layer.occlusion))
        }
        var views: [String: CameraJSON] = [:]
        for (view, camera) in built.presetCameras() { views[view.rawValue] = CameraJSON(camera) }
        var background: RGB?
        if case .color(let c) = request.background { background = c }
        var shaders: [String: String] = [:]
        for name in ShaderFiles.names { shaders[name] = try shaderURL(name) }
        return SceneDescription(
            contractVersion: RendererContract.version, atlas: request.atlas, hemisphere: built.hemisphere.rawValue, surface: request.surface.rawValue,
            width: request.width, height: request.height, background: background,
            unlabelledColor: AtlasScene.unlabelledColor,
            tint: Tints(soft: AtlasScene.softTint, dim: AtlasScene.dimTint),
            curvatureShading: CurvatureJSON(sulcus: CurvatureShading.standard.sulcus, gyrus: CurvatureShading.standard.gyrus),
            occlusionStrength: AmbientOcclusion.strength,
            shaders: shaders, layers: layers,
            camera: CameraJSON(scene.camera), views: views,
            planes: try planes(scene.camera.direction.forward, scene.firstPlanePickID))
    }
}

import BrainAtlas
import BrainFormats
import BrainRender
import Foundation
import Hummingbird

/// The scene data for clients that draw and pick themselves (the WebGL viewer): the scene
/// JSON, binary meshes and labels, and the shader files, all from the renderer's own code.
struct SceneDataRoutes: Sendable {
    let engine: AtlasEngine
    let planeData: PlaneDataRoutes
    let bodies = ImmutableBodies()
    /// Scene JSON by query, up to 4 MB (a few hundred window sizes and scenes).
    let descriptions = LRUCache<SceneRequest, Data>(capacity: 4 << 20)
    static let binary = "application/octet-stream"

    static func register(on router: Router<BasicRequestContext>, engine: AtlasEngine) {
        let data = SceneDataRoutes(engine: engine, planeData: PlaneDataRoutes.register(on: router, engine: engine))
        router.readOnly(Endpoint.scene) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            let scene = try q.sceneRequest(engine: engine)
            // With `overlay` the cortex ranges are the grey a map is drawn over and the cameras leave
            // the colour bar's strip free; the map's values come from /api/map-values.
            // The same query always describes the same scene: kept, so a page load pays it once.
            if let cached = data.descriptions.value(for: scene) { return HTTPResponses.json(cached) }
            let json = try BrainJSON.encode(try data.describe(scene))
            data.descriptions.insert(json, for: scene, cost: json.count)
            return HTTPResponses.json(json)
        }
        router.readOnly(Endpoint.mesh) { request, context in
            try QueryParameters(rawQuery: request.uri.query).allowOnly(["v"])
            let name = try context.parameters.require("name")
            return ImmutableBodies.response(try data.mesh(name), request: request)
        }
        router.readOnly(Endpoint.labels) { request, context in
            try QueryParameters(rawQuery: request.uri.query).allowOnly(["v"])
            let atlas = try context.parameters.require("atlas"), mesh = try context.parameters.require("mesh")
            return ImmutableBodies.response(try data.labels(atlas, mesh), request: request)
        }
        router.readOnly(Endpoint.shaders) { request, context in
            try QueryParameters(rawQuery: request.uri.query).allowOnly(["v"])
            return ImmutableBodies.response(try data.shader(try context.parameters.require("file")), request: request)
        }
    }

    /// The catalog mesh `name` spells, or a 404 listing them.
    func checkMesh(_ name: String) throws -> MeshID {
        let catalog = engine.library.catalog
        guard let id = MeshID(name: name), catalog.mesh(id) != nil else {
            throw APIError.notFound("no mesh '\(name.prefix(40))'; known: \(catalog.meshes.map(\.name).joined(separator: ", "))")
        }
        return id
    }

    func mesh(_ name: String) throws -> ImmutableBodies.Body {
        let id = try checkMesh(name)
        let assets = engine.renderer.assets
        return try bodies.body("mesh|" + id.name, contentType: Self.binary) {
            try SceneBinary.mesh(name: id.name, mesh: try levelOfDetail(id)?.mesh ?? assets.mesh(id))
        }
    }

    func labels(_ atlas: String, _ mesh: String) throws -> ImmutableBodies.Body {
        let atlas = try engine.checkAtlas(atlas)
        let mesh = try checkMesh(mesh)
        let assets = engine.renderer.assets
        return try bodies.body("labels|" + atlas + "|" + mesh.name, contentType: Self.binary) {
            let drawn = try DrawnGeometry.build(mesh: mesh, atlas: atlas, assets: assets)
            if let lod = try levelOfDetail(mesh) {
                let geometry = try SurfaceGeometry(mesh: lod.mesh, vertexLabels: lod.labels, splitBorders: false)
                return try SceneBinary.labels(atlas: atlas, mesh: mesh.name, regionAtlas: drawn.labellingAtlas, geometry: geometry,
                                              split: false, vertexCount: lod.mesh.vertexCount)
            }
            return try SceneBinary.labels(atlas: atlas, drawn: drawn, catalogVertexCount: try assets.mesh(mesh).vertexCount)
        }
    }

    /// The viewer's lighter version of `name` (the subcortical mesh), labelled by its own atlas;
    /// nil for meshes sent whole.
    func levelOfDetail(_ id: MeshID) throws -> ViewerLevelOfDetail? {
        guard ViewerLevelOfDetail.meshes.contains(id) else { return nil }
        let assets = engine.renderer.assets
        let full = try assets.mesh(id)
        let drawn = try DrawnGeometry.build(mesh: id, atlas: id.name, assets: assets)
        guard drawn.isCatalogMesh else { return nil }
        return ViewerLevelOfDetail(full: full, labels: Array(drawn.geometry.vertexLabels.prefix(full.vertexCount)))
    }

    func shader(_ name: String) throws -> ImmutableBodies.Body {
        guard ShaderFiles.names.contains(name) else {
            throw APIError.notFound("no shader '\(name)'; known: \(ShaderFiles.names.joined(separator: ", "))")
        }
        return try bodies.body("shader|" + name, contentType: "text/plain; charset=utf-8") {
            Data(try ShaderFiles.text(named: name).utf8)
        }
    }

    /// The scene JSON, with URLs that carry each body's ETag so new data gets a new URL.
    func describe(_ scene: SceneRequest) throws -> SceneDescription {
        func version(_ body: ImmutableBodies.Body) -> String { body.version }
        return try SceneDescription.make(scene, assets: engine.renderer.assets, link: { kind, atlas, mesh in
            let body = kind == "mesh" ? try self.mesh(mesh) : try labels(atlas, mesh)
            let path = kind == "mesh" ? "/api/mesh/\(mesh)" : "/api/labels/\(atlas)/\(mesh)"
            return SceneDescription.BodyLink(url: "\(path)?v=\(version(body))", bytes: body.raw.count)
        }, shaderURL: { name in "/shaders/\(name)?v=\(version(try shader(name)))" }, planes: { forward, first in
            guard let planes = scene.planes else { return nil }
            return try planeData.describe(planes, atlas: scene.atlas, forward: forward, firstPickId: first)
        })
    }
}

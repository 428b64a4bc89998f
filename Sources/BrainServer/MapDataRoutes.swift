import BrainAtlas
import BrainFormats
import BrainMaps
import BrainRender
import Foundation
import Hummingbird

/// The maps of `serve --map NAME=FILE` for clients that colour the cortex themselves (the WebGL
/// viewer): the list with each map's display defaults, the sampled values per cortex vertex (so
/// a threshold can change on the device without a new request; with small clusters removed, for
/// the threshold and smallest cluster asked) and the value at a point.
struct MapDataRoutes: Sendable {
    let engine: AtlasEngine
    /// Values of every vertex, no cluster removed: the same whatever the threshold.
    let bodies = ImmutableBodies()
    /// Values with small clusters removed, one body per threshold, smallest cluster and signs:
    /// the latest few, since a slider asks for many.
    let thresholded = LRUCache<String, ImmutableBodies.Body>(capacity: 32 << 20)

    /// The query keys of a map's display, as `/api/render` takes them.
    static let displayKeys: Set<String> = ["threshold", "twoSided", "cmap", "clusterMin"]

    /// One map as `/api/maps` lists it: its defaults and, for volume maps, the URL of each
    /// cortex mesh's values.
    struct MapJSON: Encodable {
        let name: String
        let title: String
        let statistic: String?
        let threshold: Float
        let upper: Float
        let signs: String
        let scale: String
        /// The smallest cluster drawn (mm³): the map's own cluster-size threshold, else 0.
        let clusterMin: Double
        /// Surface (SMP) maps belong to their own mesh, not to the bundled cortex.
        let surface: Bool
        let values: [String: String]
    }

    /// The header of a values body (`/api/map-values/{name}/{mesh}`).
    struct ValuesHeader: SceneBinary.Header {
        var kind = "map-values"
        let map: String
        let mesh: String
        let vertexCount: Int
        /// With small clusters removed: the threshold they were found at and the smallest size kept (mm³); else nil and 0.
        let threshold: Float?
        let clusterMin: Double
        var arrays: [SceneBinary.ArrayEntry] = []
    }

    static func register(on router: Router<BasicRequestContext>, engine: AtlasEngine) {
        let data = MapDataRoutes(engine: engine)
        router.readOnly(Endpoint.maps) { request, _ in
            try QueryParameters(rawQuery: request.uri.query).allowOnly([])
            return HTTPResponses.json(try BrainJSON.encode(["maps": try data.list()]))
        }
        router.readOnly(Endpoint.mapValues) { request, context in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly(displayKeys.union(["v"]))
            let body = try data.values(try context.parameters.require("name"), mesh: try context.parameters.require("mesh"), query: q)
            // Revalidated (an ETag, 304 when unchanged) rather than versioned in the URL: versioning
            // would mean sampling every mesh to list the maps.
            return ImmutableBodies.response(body, request: request, cacheControl: "no-cache")
        }
        router.readOnly(Endpoint.mapValue) { request, context in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly(displayKeys.union(["x", "y", "z", "mesh", "vertex"]))
            let value = try data.value(try context.parameters.require("name"), query: q)
            return HTTPResponses.json(try BrainJSON.encode(["value": value]))
        }
    }

    /// The overlay of map `name` with the display `query` asks for (`displayKeys`, read as the
    /// scene requests read them; unset: the map's own), from the maps the server's scenes share.
    func overlay(_ name: String, query: QueryParameters? = nil) throws -> MapOverlay {
        guard let file = engine.options.maps[name] else {
            let known = engine.options.maps.keys.sorted().joined(separator: ", ")
            throw APIError.notFound("no map '\(name.prefix(64))'" + (known.isEmpty ? "; this server has no maps" : "; maps: \(known)"))
        }
        var given = OverlayOptions.readQuery(query?.values ?? [:]).filter { Self.displayKeys.contains($0.key) }
        given["overlay"] = file
        let options: OverlayOptions
        do { options = try OverlayOptions.read(given) } catch { throw APIError.badRequest(error.description) }
        do { return try engine.renderer.assets.maps.overlay(options) } catch { throw APIError.badRequest("map '\(name)': \(error)") }
    }

    func list() throws -> [MapJSON] {
        try engine.options.maps.keys.sorted().map { name in
            let map = try overlay(name)
            var values: [String: String] = [:]
            if map.surfaceValues == nil {
                for side in [Hemisphere.left, .right] {
                    for surface in [CortexSurface.pial, .inflated] {
                        let mesh = MeshID.cortex(surface, side).name
                        values[mesh] = "/api/map-values/\(name)/\(mesh)"
                    }
                }
            }
            return MapJSON(name: name, title: map.name, statistic: map.statistic, threshold: map.threshold, upper: map.upper,
                           signs: map.signs.rawValue, scale: map.scale.rawValue, clusterMin: map.clusterMinMm3,
                           surface: map.surfaceValues != nil, values: values)
        }
    }

    /// Per vertex of a cortex mesh (inflated vertices take their pial twins'): the strongest
    /// positive and the strongest negative sample along the inward normal (`SurfaceMapSampling`),
    /// so every sign choice is one of the two arrays (both signs: the larger magnitude). Sampled
    /// from the map as `query` displays it: with a smallest cluster, its small clusters at that
    /// threshold and those signs are removed first, exactly as `render --overlay` removes them.
    func values(_ name: String, mesh meshName: String, query: QueryParameters) throws -> ImmutableBodies.Body {
        guard let id = MeshID(name: meshName), case .cortex(_, let side) = id else {
            throw APIError.notFound("no cortex mesh '\(meshName.prefix(40))'; maps are sampled onto pial-left, pial-right, inflated-left and inflated-right")
        }
        let map = try overlay(name, query: query)
        guard map.surfaceValues == nil else {
            throw APIError.badRequest("map '\(name)' is a surface map (SMP) of its own mesh, not of the bundled cortex")
        }
        let removes = map.clusterMinMm3 > 0
        let make = {
            let pial = try engine.renderer.assets.mesh(.cortex(.pial, side))
            let up = SurfaceMapSampling.values(map, positions: pial.positions, normals: pial.normals, signs: .positive)
            let down = SurfaceMapSampling.values(map, positions: pial.positions, normals: pial.normals, signs: .negative)
            let header = ValuesHeader(map: name, mesh: meshName, vertexCount: pial.vertexCount,
                                      threshold: removes ? map.threshold : nil, clusterMin: map.clusterMinMm3)
            return try SceneBinary.encode(header: header, arrays: [("positive", .f32(up)), ("negative", .f32(down))])
        }
        guard removes else { return try bodies.body("values|\(name)|\(meshName)", contentType: SceneDataRoutes.binary, make: make) }
        // The removal depends on the threshold, the smallest size and whether negative clusters are found.
        let key = "values|\(name)|\(meshName)|\(map.threshold)|\(map.clusterMinMm3)|\(map.signs == .positive)"
        if let kept = thresholded.value(for: key) { return kept }
        let body = try ImmutableBodies.Body(try make(), contentType: SceneDataRoutes.binary)
        thresholded.insert(body, for: key, cost: body.raw.count + body.gzip.count)
        return body
    }

    /// The map's value at MNI point (x, y, z), or at the pial position of vertex `vertex` of
    /// cortex mesh `mesh` (inflated taps): trilinear, rounded to 1e-4 as `pick` reports it, after
    /// the cluster removal the display keys ask for.
    func value(_ name: String, query q: QueryParameters) throws -> Double {
        let map = try overlay(name, query: q)
        let point: SIMD3<Double>
        if let meshName = q.values["mesh"], let vertexText = q.values["vertex"] {
            guard let id = MeshID(name: meshName), case .cortex(_, let side) = id else {
                throw APIError.badRequest("mesh: '\(meshName.prefix(40))' is not a cortex mesh")
            }
            let pial = try engine.renderer.assets.mesh(.cortex(.pial, side))
            guard let vertex = Int(vertexText), pial.positions.indices.contains(vertex) else {
                throw APIError.badRequest("vertex: '\(vertexText.prefix(20))' is not a vertex of \(meshName) (0…\(pial.vertexCount - 1))")
            }
            point = SIMD3<Double>(pial.positions[vertex])
        } else {
            var p = SIMD3<Double>()
            for (axis, key) in ["x", "y", "z"].enumerated() {
                guard let text = q.values[key], let v = Double(text), v.isFinite, abs(v) < 1000 else {
                    throw APIError.badRequest("\(key): an MNI coordinate in mm is required (x, y, z), or mesh and vertex")
                }
                p[axis] = v
            }
            point = p
        }
        return (Double(map.value(atMNI: point)) * 10_000).rounded() / 10_000
    }
}

import BrainAtlas
import BrainFormats
import BrainMaps
import Foundation
import Hummingbird

/// `/api/clusters/{name}`: the cluster table of a map the server was started with, read from the
/// same field table as `braintutor clusters` (`MapClusterRequest.listingFields`), so a query gives
/// the command's JSON, or its refusal with the field spelled as a query key.
enum ClusterRoutes {
    static func register(on router: Router<BasicRequestContext>, engine: AtlasEngine) {
        router.readOnly(Endpoint.clusters) { request, context in
            let q = try QueryParameters(rawQuery: request.uri.query)
            // Every option is checked before the map is looked up or read, as the command checks them.
            let clusterRequest = try MapClusterRequest(try q.given(MapClusterRequest.listingFields), table: MapClusterRequest.listingFields)
            let file = try mapFile(try context.parameters.require("name"), maps: engine.options.maps)
            let library = engine.library
            let json = try await engine.clusterPool.run(timeout: engine.options.requestTimeout) { _ in
                try BrainJSON.encode(try report(file, clusterRequest, library: library))
            }
            return HTTPResponses.json(json)
        }
    }

    /// The file of map `name` among `serve --map NAME=FILE`'s; a name not among them is a 404 listing them.
    static func mapFile(_ name: String, maps: [String: String]) throws(APIError) -> String {
        guard let file = maps[name] else {
            let known = maps.keys.sorted().joined(separator: ", ")
            throw .notFound("no map '\(name.prefix(64))'" + (known.isEmpty ? "; this server has no maps" : "; maps: \(known)"))
        }
        guard !MapFileKind.isSurfaceMap(file) else {
            throw .badRequest("map '\(name.prefix(64))' is a surface map of its own mesh; its clusters are listed by braintutor clusters --mesh")
        }
        return file
    }

    /// What `braintutor clusters FILE … --json` prints for a volume map in MNI or Talairach space.
    static func report(_ file: String, _ request: MapClusterRequest, library: AtlasLibrary) throws -> ClusterReport {
        let volume = try MapVolume.load(URL(fileURLWithPath: file), map: request.map, normalisation: nil)
        return try ClusterReport.make(map: volume, options: try request.options(for: volume), library: library)
    }
}

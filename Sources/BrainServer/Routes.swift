import BrainAtlas
import BrainFormats
import BrainRender
import Foundation
import Hummingbird

/// Maps URLs to the engine: parses and checks each query, then calls one engine function.
enum Routes {
    static func register(on router: Router<BasicRequestContext>, engine: AtlasEngine, web: WebAssets) {
        router.readOnly("/") { request, _ in try webFile("index.html", web, request) }
        for file in WebAssets.files {
            router.readOnly(RouterPath(stringLiteral: "/" + file.name)) { request, _ in try webFile(file.name, web, request) }
        }

        router.readOnly(Endpoint.health) { request, _ in
            _ = try QueryParameters(rawQuery: request.uri.query)
            return HTTPResponses.json(try engine.health())
        }

        router.readOnly(Endpoint.atlases) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly([])
            return HTTPResponses.json(try engine.atlases())
        }

        router.readOnly(Endpoint.regions) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly(["atlas", "hemi"])
            let atlas = try q.name("atlas") ?? AtlasLibrary.defaultAtlas
            let hemi = q.string("hemi")
            return HTTPResponses.json(try engine.regions(atlas: atlas, hemi: hemi))
        }

        router.readOnly(Endpoint.info) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly(["q", "atlas"])
            guard let text = try q.name("q") else { throw APIError.badRequest("q: missing (a region name, abbreviation or synonym)") }
            return HTTPResponses.json(try engine.info(query: text, atlas: try q.name("atlas")))
        }

        router.readOnly(Endpoint.search) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly(["q", "atlas", "limit"])
            guard let text = try q.name("q") else { throw APIError.badRequest("q: missing (what to search for)") }
            let limit = try q.int("limit", in: 1...RegionSearchIndex.maximumLimit) ?? RegionSearchIndex.defaultLimit
            return HTTPResponses.json(try engine.search(query: text, atlas: try q.name("atlas"), limit: limit))
        }

        router.readOnly(Endpoint.whereIs) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly(["x", "y", "z", "space", "radius"])
            guard let x = try q.double("x"), let y = try q.double("y"), let z = try q.double("z") else {
                throw APIError.badRequest("x, y and z: all three coordinates are required")
            }
            let space = try q.choice("space", from: ["mni", "tal", "voxel"]) ?? "mni"
            return HTTPResponses.json(try engine.whereIs(x: x, y: y, z: z, space: space, radius: try q.double("radius")))
        }

        router.readOnly(Endpoint.render) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            return HTTPResponses.png(try await engine.renderer.renderPNG(try q.sceneRequest(engine: engine)))
        }

        router.readOnly(Endpoint.renderJSON) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            let report = try await engine.renderer.renderReport(try q.sceneRequest(engine: engine))
            return HTTPResponses.json(try BrainJSON.encode(report))
        }

        let picks = PickEndpoint(engine: engine)
        router.readOnly(Endpoint.pick) { request, _ in try await picks.respond(to: request.uri.query) }

        SceneDataRoutes.register(on: router, engine: engine)
        QuizRoutes.register(on: router, engine: engine)
        MapDataRoutes.register(on: router, engine: engine)
        ClusterRoutes.register(on: router, engine: engine)

        router.readOnly(Endpoint.slice) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            return HTTPResponses.png(try await engine.slicePNG(try q.sliceRequest(engine: engine)))
        }

        router.readOnly(Endpoint.slicePick) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            return HTTPResponses.json(try BrainJSON.encode(try await engine.slicePick(try q.sliceRequest(engine: engine, pixel: true))))
        }
    }

    private static func webFile(_ name: String, _ web: WebAssets, _ request: Request) throws -> Response {
        guard let response = web.response(for: name, request: request) else { throw APIError.notFound("no such file") }
        return response
    }
}

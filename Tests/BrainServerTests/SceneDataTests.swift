import BrainAtlas
import BrainFormats
@testable import BrainRender
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import BrainServer

/// The scene data of the WebGL viewer (/api/scene, /api/mesh, /api/labels, /shaders), decoded
/// as a browser does and compared with what the renderer itself draws.
@Suite(.serialized) struct SceneDataTests {
    let library: AtlasLibrary
    let assets: SceneAssets

    init() throws {
        library = try AtlasLibrary(root: URL(fileURLWithPath: TestServer.dataPath))
        assets = SceneAssets(library: library)
    }

    /// A decoded BTSD body: the JSON header and the raw bytes of each array.
    struct Body {
        let header: [String: Any]
        let arrays: [String: (type: String, data: Data)]

        init(_ data: Data) throws {
            #expect(data.prefix(4) == Data("BTSD".utf8))
            let u32 = { (at: Int) in data.subdata(in: at..<(at + 4)).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } }
            #expect(u32(4) == 1)
            let length = Int(u32(8))
            header = try #require(try JSONSerialization.jsonObject(with: data.subdata(in: 12..<(12 + length))) as? [String: Any])
            var arrays: [String: (String, Data)] = [:]
            for entry in try #require(header["arrays"] as? [[String: Any]]) {
                let offset = try #require(entry["offset"] as? Int), count = try #require(entry["count"] as? Int)
                let type = try #require(entry["type"] as? String)
                #expect(offset % 4 == 0 && offset >= 12 + length)
                let size = count * (type == "u16" ? 2 : 4)
                try #require(offset + size <= data.count)
                arrays[try #require(entry["name"] as? String)] = (type, data.subdata(in: offset..<(offset + size)))
            }
            self.arrays = arrays
        }

        func floats(_ name: String) -> [Float] {
            arrays[name]!.data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
        func uints(_ name: String) -> [UInt32] {
            let (type, data) = arrays[name]!
            return data.withUnsafeBytes { raw in
                type == "u16" ? raw.bindMemory(to: UInt16.self).map(UInt32.init) : Array(raw.bindMemory(to: UInt32.self))
            }
        }
    }

    @Test func meshBodyHoldsTheCatalogMesh() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/mesh/pial-left")
        #expect(reply.status == 200)
        let body = try Body(reply.body)
        let mesh = try assets.mesh(named: "pial-left")
        #expect(body.header["vertexCount"] as? Int == mesh.vertexCount)
        #expect(body.uints("triangles") == mesh.triangles)
        let positions = body.floats("positions")
        #expect(positions.count == mesh.vertexCount * 3)
        for i in stride(from: 0, to: mesh.vertexCount, by: 997) {
            #expect(SIMD3(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]) == mesh.positions[i])
        }
    }

    @Test func labelsBodyIsTheDrawnGrouping() async throws {
        let server = try await TestServer.shared.value
        for (atlas, mesh) in [("gyri", "pial-right"), ("networks", "inflated-left"), ("gyri", "subcortical")] {
            let body = try Body(try await server.get("/api/labels/\(atlas)/\(mesh)").body)
            let drawn = try DrawnGeometry.build(mesh: mesh, atlas: atlas, assets: assets)
            // Where the region rule reshapes the mesh (split border triangles), the body carries
            // the drawn geometry itself; otherwise the client draws the catalog mesh.
            #expect(body.header["geometry"] as? String == (drawn.isCatalogMesh ? "catalog" : "own"), "\(atlas) \(mesh)")
            #expect(body.uints("vertexRegions") == drawn.geometry.vertexLabels)
            let triangles: [UInt32]
            if drawn.isCatalogMesh {
                triangles = try assets.mesh(named: mesh).triangles
            } else {
                triangles = body.uints("triangles")
                #expect(triangles == drawn.geometry.mesh.triangles)
                #expect(body.floats("positions").count == drawn.geometry.mesh.vertexCount * 3)
            }
            // The order applied to those triangles gives the renderer's sorted triangles,
            // and the ranges cover them all, each with one region id.
            let order = body.uints("triangleOrder")
            let sorted = order.flatMap { t in (0..<3).map { triangles[3 * Int(t) + $0] } }
            #expect(sorted == drawn.geometry.grouping.sortedTriangles, "\(atlas) \(mesh)")
            let ranges = try #require(body.header["ranges"] as? [[String: Int]])
            #expect(ranges.map { $0["label"]! } == drawn.geometry.grouping.ranges.map { Int($0.label) })
            #expect(ranges.reduce(0) { $0 + $1["count"]! } == order.count)
            if mesh == "subcortical" { #expect(body.header["regionAtlas"] as? String == "subcortical") }
        }
    }

    @Test func presetCamerasAreTheRenderersOwn() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/scene?atlas=lobes&hemi=right&surface=inflated&w=390&h=500")
        #expect(reply.status == 200)
        let scene = try #require(reply.json as? [String: Any])
        let views = try #require(scene["views"] as? [String: [String: Any]])
        #expect(Set(views.keys) == Set(ViewName.allCases.map(\.rawValue)))
        for view in ViewName.allCases {
            var request = SceneRequest()
            request.atlas = "lobes"
            request.hemisphere = .right
            request.surface = .inflated
            request.view = view
            request.width = 390
            request.height = 500
            let camera = try AtlasScene.build(request, assets: assets).scene.camera
            let mvp = try #require(views[view.rawValue]?["mvp"] as? [Double]).map(Float.init)
            #expect(mvp == camera.mvp, "\(view)")
        }
        // Both hemispheres: lateral and medial have no camera.
        let both = try #require(try await server.get("/api/scene?atlas=gyri&hemi=both&view=superior").json as? [String: Any])
        #expect(Set((both["views"] as? [String: Any] ?? [:]).keys) == ["superior", "inferior", "anterior", "posterior"])
        let layers = try #require(both["layers"] as? [[String: Any]])
        #expect(layers.map { $0["name"] as? String } == ["pial-left", "pial-right"])
        #expect(layers.map { $0["firstPickId"] as? Int } == [1, 1 + ((layers[0]["ranges"] as? [Any])?.count ?? 0)])
    }

    @Test func bodiesAreGzippedCachedAndRevalidated() async throws {
        let server = try await TestServer.shared.value
        func request(_ path: String, _ headers: [String: String]) async throws -> (HTTPURLResponse, Data) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
            for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
            let (data, response) = try await URLSession.shared.data(for: request)
            return (response as! HTTPURLResponse, data)
        }
        let (first, data) = try await request("/api/labels/gyri/pial-left", ["Accept-Encoding": "gzip"])
        #expect(first.statusCode == 200)
        #expect(first.value(forHTTPHeaderField: "Cache-Control")?.contains("max-age=604800") == true)
        let etag = try #require(first.value(forHTTPHeaderField: "ETag"))
        // Whether or not URLSession inflated it, the body is the labels body.
        let raw = Gzip.isGzip(data) ? try Gzip.decompress(data) : data
        #expect(raw.prefix(4) == Data("BTSD".utf8))
        let (again, _) = try await request("/api/labels/gyri/pial-left", ["If-None-Match": etag])
        #expect(again.statusCode == 304)
    }

    @Test func shadersAreServedVerbatim() async throws {
        let server = try await TestServer.shared.value
        for name in ShaderFiles.names {
            let reply = try await server.get("/shaders/\(name)")
            #expect(reply.status == 200)
            let file = TestServer.repository.appendingPathComponent("Shaders/\(name)")
            #expect(reply.body == (try Data(contentsOf: file)), "\(name)")
        }
        #expect(try await server.get("/shaders/secret.glsl").status == 404)
        #expect(try await server.get("/api/mesh/brain").status == 404)
        #expect(try await server.get("/api/labels/gyri/brain").status == 404)
        #expect(try await server.get("/api/labels/nope/pial-left").status == 404)
    }
}

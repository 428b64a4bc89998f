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
            #expect(u32(4) == 2)
            let length = Int(u32(8))
            header = try #require(try JSONSerialization.jsonObject(with: data.subdata(in: 12..<(12 + length))) as? [String: Any])
            var arrays: [String: (String, Data)] = [:]
            for entry in try #require(header["arrays"] as? [[String: Any]]) {
                let offset = try #require(entry["offset"] as? Int), count = try #require(entry["count"] as? Int)
                let type = try #require(entry["type"] as? String)
                #expect(offset % 4 == 0 && offset >= 12 + length)
                let size = count * ["u16": 2, "u16-delta": 2, "i16": 2, "u8": 1][type, default: 4]
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
            if type == "u16-delta" { return undelta(data, stride: name == "positions" ? 3 : 1).map(UInt32.init) }
            if type == "u32-delta" { return undelta32(data) }
            if type == "u8" { return data.map(UInt32.init) }
            return data.withUnsafeBytes { raw in
                type == "u16" ? raw.bindMemory(to: UInt16.self).map(UInt32.init) : Array(raw.bindMemory(to: UInt32.self))
            }
        }
        func int16s(_ name: String) -> [Int16] {
            arrays[name]!.data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
        /// `u32-delta` with stride 1: zigzag deltas in four byte planes, lowest first.
        func undelta32(_ data: Data) -> [UInt32] {
            let bytes = [UInt8](data), count = bytes.count / 4
            var out = [UInt32](repeating: 0, count: count)
            for i in 0..<count {
                var zigzag: UInt32 = 0
                for plane in 0..<4 { zigzag |= UInt32(bytes[plane * count + i]) << (8 * plane) }
                let delta = UInt32(bitPattern: Int32(bitPattern: zigzag >> 1) ^ -Int32(bitPattern: zigzag & 1))
                out[i] = (i >= 1 ? out[i - 1] : 0) &+ delta
            }
            return out
        }
        /// The browser's decoder of `u16-delta`: zigzag deltas, low-byte plane then high-byte plane.
        func undelta(_ data: Data, stride: Int) -> [UInt16] {
            let bytes = [UInt8](data), count = bytes.count / 2
            var out = [UInt16](repeating: 0, count: count)
            for i in 0..<count {
                let zigzag = UInt16(bytes[i]) | UInt16(bytes[count + i]) << 8
                let delta = UInt16(bitPattern: Int16(bitPattern: zigzag >> 1) ^ -Int16(bitPattern: zigzag & 1))
                out[i] = (i >= stride ? out[i - stride] : 0) &+ delta
            }
            return out
        }
    }

    @Test func meshBodyHoldsTheCatalogMesh() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/mesh/pial-left")
        #expect(reply.status == 200)
        let body = try Body(reply.body)
        let mesh = try assets.mesh(.cortex(.pial, .left))
        #expect(body.header["vertexCount"] as? Int == mesh.vertexCount)
        #expect(body.arrays["triangles"]?.type == "u16-delta")
        #expect(body.uints("triangles") == mesh.triangles)
        // Positions within half a quantisation step, normals within a hundredth of a degree.
        let q = body.uints("positions")
        #expect(q.count == mesh.vertexCount * 3)
        let origin = try #require(body.header["positionOrigin"] as? [Double]).map(Float.init)
        let step = try #require(body.header["positionStep"] as? [Double]).map(Float.init)
        #expect(step.allSatisfy { $0 > 0 && $0 < 0.01 })
        let normals = body.int16s("normals")
        let convexity = body.uints("curvature")
        for i in 0..<mesh.vertexCount {
            for axis in 0..<3 {
                let p = origin[axis] + step[axis] * Float(q[3 * i + axis])
                #expect(abs(p - mesh.positions[i][axis]) <= step[axis] * 0.51, "vertex \(i)")
            }
            let n = OctahedralNormal.decode(normals[2 * i], normals[2 * i + 1])
            #expect((n * mesh.normals[i]).sum() > 0.99999, "normal \(i)")
            #expect(abs(Float(convexity[i]) / 127.5 - 1 - (mesh.curvature?[i] ?? 0)) <= 0.5 / 127.5 + 1e-6)
        }
    }

    /// The viewer gets the subcortical mesh clustered per region: far fewer vertices, every
    /// region still drawn, each vertex the mean of catalog vertices of one region in one cell.
    @Test func subcorticalMeshIsTheViewersLevelOfDetail() async throws {
        let server = try await TestServer.shared.value
        let body = try Body(try await server.get("/api/mesh/subcortical").body)
        let full = try assets.mesh(.subcortical)
        let drawn = try DrawnGeometry.build(mesh: .subcortical, atlas: "subcortical", assets: assets)
        let lod = try #require(ViewerLevelOfDetail(full: full, labels: Array(drawn.geometry.vertexLabels.prefix(full.vertexCount))))
        let count = try #require(body.header["vertexCount"] as? Int)
        #expect(count == lod.mesh.vertexCount && count * 5 < full.vertexCount * 2, "\(count) of \(full.vertexCount) vertices")
        #expect(body.arrays["triangles"]?.type == (count <= 65536 ? "u16-delta" : "u32-delta"))
        #expect(body.uints("triangles") == lod.mesh.triangles)
        // Every region of the full mesh keeps triangles of its own.
        let grouping = RegionGrouping(triangles: lod.mesh.triangles, vertexLabels: lod.labels)
        #expect(grouping.ranges.map(\.label) == drawn.geometry.grouping.ranges.map(\.label))
        #expect(grouping.ranges.allSatisfy { $0.triangleCount > 0 })
        // Each vertex lies within a cell of some catalog vertex of its own region (sampled).
        let cell = ViewerLevelOfDetail.cellMillimetres * Float(3).squareRoot()
        for v in stride(from: 0, to: count, by: max(1, count / 200)) {
            let p = lod.mesh.positions[v]
            let near = full.positions.indices.contains { i in
                drawn.geometry.vertexLabels[i] == lod.labels[v] && ((full.positions[i] - p) * (full.positions[i] - p)).sum() <= cell * cell
            }
            #expect(near, "vertex \(v) at \(p)")
        }
        // One normal per merged vertex (recomputed from the merged surface).
        let normals = body.int16s("normals")
        #expect(normals.count == count * 2)
    }

    @Test func clusteringNeverMergesRegions() throws {
        // Two touching unit squares of different regions, all in one cell: each keeps its own vertices.
        let positions: [SIMD3<Float>] = [[0, 0, 0], [0.1, 0, 0], [0.1, 0.1, 0], [0, 0.1, 0], [0.2, 0, 0], [0.2, 0.1, 0],
                                          [5, 0, 0], [6, 0, 0], [5, 1, 0]]
        let triangles: [UInt32] = [0, 1, 2, 0, 2, 3, 1, 4, 5, 1, 5, 2, 6, 7, 8]
        let mesh = RenderMesh(positions: positions, normals: Array(repeating: [0, 0, 1], count: 9), triangles: triangles, isClosed: false)
        let labels: [UInt32] = [1, 1, 1, 1, 2, 2, 3, 3, 3]
        // Regions 1 and 2 each collapse to one point: their triangles vanish, so the level of detail refuses.
        #expect(ViewerLevelOfDetail(full: mesh, labels: labels, cell: 1) == nil)
        let kept = try #require(ViewerLevelOfDetail(full: mesh, labels: labels, cell: 0.05))
        #expect(Set(kept.labels) == [1, 2, 3])
        #expect(kept.mesh.triangles.count == triangles.count)
    }

    @Test func labelsBodyIsTheDrawnGrouping() async throws {
        let server = try await TestServer.shared.value
        for (atlas, mesh) in [("gyri", "pial-right"), ("networks", "inflated-left"), ("gyri", "subcortical")] {
            let body = try Body(try await server.get("/api/labels/\(atlas)/\(mesh)").body)
            let id = try #require(MeshID(name: mesh))
            let drawn = try DrawnGeometry.build(mesh: id, atlas: atlas, assets: assets)
            let catalogCount = try assets.mesh(id).vertexCount
            var geometry = drawn.geometry, sent = try assets.mesh(id)
            if ViewerLevelOfDetail.meshes.contains(id), let lod = ViewerLevelOfDetail(
                full: sent, labels: Array(drawn.geometry.vertexLabels.prefix(catalogCount))) {
                // The viewer's lighter mesh stands in for the catalog mesh, labelled the same way.
                geometry = try SurfaceGeometry(mesh: lod.mesh, vertexLabels: lod.labels, splitBorders: false)
                sent = lod.mesh
            }
            // Where the region rule splits border triangles, the client splits them (the body
            // says so); otherwise it draws the catalog triangles. Either way the body holds the
            // region id of each catalog vertex, and the counts and ranges the split must give.
            #expect(body.header["geometry"] as? String == (drawn.isCatalogMesh ? "catalog" : "split"), "\(atlas) \(mesh)")
            #expect(body.uints("vertexRegions") == Array(geometry.vertexLabels.prefix(sent.vertexCount)))
            #expect(body.arrays["triangleOrder"] == nil && body.arrays["positions"] == nil)
            #expect(body.header["vertexCount"] as? Int == geometry.mesh.vertexCount)
            #expect(body.header["triangleCount"] as? Int == geometry.mesh.triangleCount)
            let ranges = try #require(body.header["ranges"] as? [[String: Int]])
            #expect(ranges.map { $0["label"]! } == geometry.grouping.ranges.map { Int($0.label) })
            #expect(ranges.map { $0["start"]! } == geometry.grouping.ranges.map(\.triangleStart))
            #expect(ranges.reduce(0) { $0 + $1["count"]! } == geometry.mesh.triangleCount)
            if mesh == "subcortical" { #expect(body.header["regionAtlas"] as? String == "subcortical") }
            // The client splits by the renderer's own constants, which the body states (written once, in Swift).
            let rule = body.header["borderCuts"] as? [String: Any]
            if drawn.isCatalogMesh {
                #expect(rule == nil)
            } else {
                #expect(rule?["relaxation"] as? Int == BorderCuts.defaultRelaxation)
                #expect((rule?["margin"] as? Double).map(Float.init) == BorderCuts.margin)
            }
        }
    }

    @Test func presetCamerasAreTheRenderersOwn() async throws {
        let server = try await TestServer.shared.value
        let reply = try await server.get("/api/scene?atlas=lobes&hemi=right&surface=inflated&w=390&h=500")
        #expect(reply.status == 200)
        let scene = try #require(reply.json as? [String: Any])
        // The viewer compares this with its generated contract.js before drawing.
        #expect(scene["contractVersion"] as? Int == RendererContract.version)
        let views = try #require(scene["views"] as? [String: [String: Any]])
        #expect(Set(views.keys) == Set(ViewName.allCases.map(\.rawValue)))
        for view in ViewName.allCases {
            let request = try SceneRequest(["atlas": "lobes", "hemi": "right", "surface": "inflated", "view": view.rawValue,
                                            "size": "390x500"])
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
            request.timeoutInterval = 2400
            let (data, response) = try await URLSession.shared.data(for: request)
            return (response as! HTTPURLResponse, data)
        }
        let (first, data) = try await request("/api/labels/gyri/pial-left", ["Accept-Encoding": "gzip"])
        #expect(first.statusCode == 200)
        // Without a version the body may be kept but is revalidated; the URL naming its version
        // (as the scene JSON hands it out) may be kept by a browser or CDN without asking.
        #expect(first.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
        let etag = try #require(first.value(forHTTPHeaderField: "ETag"))
        let version = etag.trimmingCharacters(in: ["\""])
        let (versioned, _) = try await request("/api/labels/gyri/pial-left?v=\(version)", [:])
        #expect(versioned.value(forHTTPHeaderField: "Cache-Control") == "public, max-age=31536000, immutable")
        let (stale, _) = try await request("/api/labels/gyri/pial-left?v=0\(version)", [:])
        #expect(stale.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
        // A whole volume's URL carries its coarse twin's version, and is immutable under it.
        let scene = try #require(try await server.get("/api/scene?atlas=gyri&planes=-30,-12,8&w=300&h=200").json as? [String: Any])
        let planes = try #require(scene["planes"] as? [String: Any], "\(scene.keys.sorted())")
        let volumes = try #require(planes["volumes"] as? [String: [String: String]], "\(planes.keys.sorted())")
        for url in volumes.values.flatMap(\.values) {
            let (reply, _) = try await request(url, [:])
            #expect(reply.value(forHTTPHeaderField: "Cache-Control") == "public, max-age=31536000, immutable", "\(url)")
        }
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

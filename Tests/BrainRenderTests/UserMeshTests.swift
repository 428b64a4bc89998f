import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainRender

/// The real BrainVoyager cube (bvbabel sub-test03_cube.srf + .poi) through the user-file path.
@Suite(.serialized) struct UserMeshTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/render")
    static var srf: String { fixtures.appendingPathComponent("sub-test03_cube.srf").path }
    static var poi: String { fixtures.appendingPathComponent("sub-test03_cube.poi").path }

    static func request(_ view: ViewName, poi: Bool = true, size: (Int, Int) = (240, 180),
                        _ more: [String: String] = [:]) throws -> SceneRequest {
        var given = ["mesh": srf, "view": view.rawValue, "size": "\(size.0)x\(size.1)", "shading": "flat"]
        if poi { given["poi"] = Self.poi }
        if view.needsSingleHemisphere { given["hemi"] = "right" }
        return try SceneRequest(given.merging(more) { $1 })
    }

    @Test func cubeMeshIsConvertedToRASAndClosed() throws {
        let srf = try MeshLoading.readSRF(Self.srf)
        #expect(srf.vertexCount == 866 && srf.triangleCount == 1728)
        let mesh = try MeshLoading.renderMesh(srf: srf, file: "cube")
        #expect(mesh.isClosed)
        // RAS x = 128 − vZ etc.: the cube's BV box z ∈ [106.43, 118.57]·0.99254 → x ∈ [10.3, 22.4].
        let xs = mesh.positions.map(\.x)
        #expect(abs(xs.min()! - (128 - 118.57 * 0.99254)) < 0.05)
        #expect(abs(xs.max()! - (128 - 106.43 * 0.99254)) < 0.05)
        // Converted normals point outward: away from the cube's centre for almost every vertex.
        let centre = mesh.positions.reduce(SIMD3<Float>.zero, +) / Float(mesh.vertexCount)
        let outward = zip(mesh.positions, mesh.normals).filter { dot($0 - centre, $1) > 0 }.count
        #expect(outward == mesh.vertexCount)
        // Faces are counter-clockwise seen from outside: face normals agree with vertex normals.
        var agree = 0
        for t in 0..<mesh.triangleCount {
            let a = Int(mesh.triangles[3 * t]), b = Int(mesh.triangles[3 * t + 1]), c = Int(mesh.triangles[3 * t + 2])
            let n = cross(mesh.positions[b] - mesh.positions[a], mesh.positions[c] - mesh.positions[a])
            if dot(n, mesh.normals[a] + mesh.normals[b] + mesh.normals[c]) > 0 { agree += 1 }
        }
        #expect(agree == mesh.triangleCount)
    }

    @Test func poiPatchesShowAndPickWithTheirVertices() throws {
        var seen: Set<String> = []
        let poiFile = try String(contentsOfFile: Self.poi, encoding: .utf8)
        let poi1 = Self.vertices(ofPOI: 0, in: poiFile)
        for view in ViewName.allCases {
            let scene = try SceneSource.scene(try Self.request(view), data: nil)
            let context = try GLContext(width: 240, height: 180)
            let index = try context.renderPickImage(scene.scene)
            let report = RenderReport(scene: scene, index: index, out: nil)
            for entry in report.regions {
                seen.insert(entry.region.name)
                #expect(entry.region.atlas == "sub-test03_cube.poi")
                // Pick at the region's centroid: the same region, a vertex of that POI, a point on the cube.
                let (x, y) = (Int(entry.extra.centroid[0]), Int(entry.extra.centroid[1]))
                let pick = try scene.pickReport(index: index, x: x, y: y, library: nil)
                #expect(pick.region?.region == entry.region)
                if entry.region.id == 1, let vertex = pick.vertex { #expect(poi1.contains(vertex)) }
                let mni = try #require(pick.mni)
                let box = scene.scene.layers[0].geometry
                // The cube's faces are slightly smoothed, so "on a face" means within 0.5 mm of a
                // bounding plane and inside the box.
                let inside = (0..<3).allSatisfy { k in
                    Float(mni[k]) >= box.boundsMin[k] - 0.01 && Float(mni[k]) <= box.boundsMax[k] + 0.01
                }
                let onFace = inside && (0..<3).contains { k in
                    abs(Float(mni[k]) - box.boundsMin[k]) < 0.5 || abs(Float(mni[k]) - box.boundsMax[k]) < 0.5
                }
                #expect(onFace, "pick point \(mni) is not on a cube face")
            }
        }
        // POI 3 is a single vertex, an island too small to draw (it takes its neighbours' label).
        #expect(seen == ["POI 1", "POI 2"])
    }

    @Test func srfColorsAreUsedWithoutPOI() throws {
        let scene = try SceneSource.scene(try Self.request(.anterior, poi: false), data: nil)
        let image = try GLContext(width: 240, height: 180).renderImage(scene.scene, shading: .flat)
        var cube = 0
        for y in 0..<180 { for x in 0..<240 where image.pixel(x: x, y: y).r != 255 {
            let p = image.pixel(x: x, y: y)
            #expect(RGB(p.r, p.g, p.b) == RGB(116, 173, 209))  // MeshColor 0x3F74ADD1
            cube += 1
        } }
        #expect(cube > 5000)
    }

    @Test func sameSceneGivesIdenticalPNGBytes() throws {
        let request = try Self.request(.superior, ["shading": "lit", "size": "320x200"])
        let first = try SceneSource.scene(request, data: nil).png(context: try GLContext())
        let second = try SceneSource.scene(request, data: nil).png(context: try GLContext())
        #expect(first == second)
        let decoded = try PNGDecoder.decode(first)
        #expect(decoded.width == 320 && decoded.height == 200)
    }

    @Test func transparentBackgroundKeepsAlpha() throws {
        let request = try Self.request(.anterior, ["background": "transparent"])
        let png = try SceneSource.scene(request, data: nil).png(context: try GLContext())
        let image = try PNGDecoder.decode(png)
        #expect(image[0, 0].a == 0)
        #expect(image[120, 90].a == 255)
    }

    @Test func badInputsAreClearErrors() throws {
        #expect(throws: FieldError.self) { try Background.parse("#12345") }
        #expect(try Background.parse("#FF8000") == .color(RGB(255, 128, 0)))
        #expect(throws: RenderError.libraryMissing(name: "libNoSuchMesa.so.1",
                                                   reason: "libNoSuchMesa.so.1: cannot open shared object file: No such file or directory (it comes in \(GLBackend.osmesa.packages))")) {
            _ = try OSMesaLibrary(name: "libNoSuchMesa.so.1")
        }
        let request = try Self.request(.anterior, ["poi": Self.srf])  // not a POI
        #expect(throws: (any Error).self) { try SceneSource.scene(request, data: nil) }
    }

    /// Vertex indices of the `n`-th POI in a POI v2 text.
    static func vertices(ofPOI n: Int, in text: String) -> Set<Int> {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        var seen = -1, result: Set<Int> = []
        var i = 0
        while i < lines.count {
            if lines[i].hasPrefix("NrOfVertices:") {
                seen += 1
                let count = Int(lines[i].split(separator: ":")[1].trimmingCharacters(in: .whitespaces))!
                if seen == n { for k in 1...count { result.insert(Int(lines[i + k])!) } }
                i += count
            }
            i += 1
        }
        return result
    }
}

import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainRender

/// An SMP map straight onto its own mesh (the real BrainVoyager cube, 866 vertices): the vertex
/// values decide the colours, and a pick reports the picked vertex's value.
@Suite(.serialized) struct SurfaceMapOverlayTests {
    static func writeSMP(_ values: [Float]) throws -> URL {
        let smp = SMPFile(vertexCount: Int32(values.count),
                          maps: [SMPMap(name: "x ramp", thresholdMin: 2, thresholdMax: 6, values: MapValues(values))])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ramp-\(UUID().uuidString).smp")
        try AtomicFile.write(try smp.encoded(), to: url)
        return url
    }

    @Test func vertexValuesColorTheMeshAndPicksReportThem() throws {
        let mesh = try MeshLoading.renderMesh(srf: try MeshLoading.readSRF(UserMeshTests.srf), file: "cube")
        // Value = how far right of the mesh's middle a vertex lies (mm); the SMP shows both signs by
        // default, so vertices more than 2 mm either side of the middle pass T = 2.
        let middle = (mesh.positions.map(\.x).max()! + mesh.positions.map(\.x).min()!) / 2
        let values = mesh.positions.map { $0.x - middle }
        let map = try Self.writeSMP(values)
        defer { try? FileManager.default.removeItem(at: map) }
        let request = try SceneRequest(["mesh": UserMeshTests.srf, "overlay": map.path, "view": "anterior", "size": "400x300"])
        let scene = try SceneSource.scene(request, data: nil)
        let overlay = try #require(scene.scene.layers[0].overlay)
        let source = scene.scene.layers[0].geometry.sourceVertex
        for (drawn, vertex) in source.enumerated() {
            let shown = overlay[drawn] >> 24 <= 127
            #expect(shown == (abs(values[Int(vertex)]) >= 2), "vertex \(vertex) value \(values[Int(vertex)])")
        }
        #expect(scene.map?.name == "x ramp" && scene.map?.threshold == 2 && scene.map?.upper == 6 && scene.map?.signs == .both,
                "the SMP's own thresholds and signs")
        let report = try RenderJobs.pick(request, data: nil, x: 200, y: 150, decideOnCPU: false)
        let vertex = try #require(report.vertex)
        #expect(report.value == .some((Double(values[vertex]) * 10_000).rounded() / 10_000))
    }

    @Test func volumeMapsOnUserMeshesAndSMPsOnTheAtlasAreRefused() throws {
        let map = try Self.writeSMP([Float](repeating: 1, count: 10))
        defer { try? FileManager.default.removeItem(at: map) }
        let request = try SceneRequest(["mesh": UserMeshTests.srf, "overlay": map.path])
        do { _ = try SceneSource.scene(request, data: nil); Issue.record("10 values on 866 vertices passed") } catch let error as RenderError {
            #expect(error.fieldError?.field == "overlay" && "\(error)".contains("866"))
        }
    }
}

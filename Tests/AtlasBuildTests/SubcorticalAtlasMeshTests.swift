import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// The subcortical surfaces made from the shipped subcortical label volume, held to what a figure
/// needs: one piece per structure, no crease, true volume, vertices on the label boundary.
@Suite struct SubcorticalAtlasMeshTests {
    static let atlasData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AtlasData")

    @Test func everyStructureIsOneSmoothTruePiece() throws {
        let url = Self.atlasData.appendingPathComponent("labels/subcortical.lbl.gz")
        let volume = try LabelVolume.open(url, maxLabel: 255, cacheDirectory: nil)
        let n = CanonicalFrame.size
        var dense = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        var top = 0
        for z in 0 ..< n { for y in 0 ..< n { for x in 0 ..< n {
            let l = volume.label(x: x, y: y, z: z)
            dense[CanonicalFrame.index(x, y, z)] = UInt16(l)
            top = max(top, l)
        } } }
        let only = ProcessInfo.processInfo.environment["MESH_ONLY"].map { Set($0.split(separator: ",").compactMap { Int($0) }) }
        let structures = (1 ... top).filter { only == nil || only!.contains($0) }.map { [UInt16($0)] }
        var options = SubcorticalMeshes.Options()
        let env = ProcessInfo.processInfo.environment
        if let sigma = env["MESH_SIGMA"].flatMap(Double.init), let shift = env["MESH_SHIFT"].flatMap(Float.init) {
            for k in options.levels.indices where k > 0 { options.levels[k].sigma = sigma; options.levels[k].maxShift = shift }
        }
        if let it = env["MESH_IT"].flatMap(Int.init) { options.smoothing.iterations = it }
        if ProcessInfo.processInfo.environment["MESH_OLD"] == "1" {
            options.levels = [.init(below: 6_000, spacing: 0.45, sigma: 1, maxShift: 0.45), .init(below: 40_000, spacing: 0.6, sigma: 1, maxShift: 0.45),
                              .init(below: .max, spacing: 0.8, sigma: 1, maxShift: 0.45)]
            options.boundaryLimit = 9
        }
        let result = SubcorticalMeshes.build(labels: dense, dims: SIMD3(repeating: n), voxelToMM: CanonicalFrame.voxelToMNI,
                                             structures: structures, options: options)
        if let path = ProcessInfo.processInfo.environment["MESH_SRF"] {
            try SurfaceMeshes.srf(vertices: result.mesh.vertices, triangles: result.mesh.triangles, outwardCheck: true).encoded()
                .write(to: URL(fileURLWithPath: path))
        }
        if env["MESH_DEBUG"] == "1" {
            var faceOf: [UInt64: [Int]] = [:]
            for (f, t) in result.mesh.triangles.enumerated() {
                for (p, q) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] { faceOf[UInt64(UInt32(min(p, q))) << 32 | UInt64(UInt32(max(p, q))), default: []].append(f) }
            }
            func area(_ f: Int) -> Float {
                let t = result.mesh.triangles[f]
                let a = result.mesh.vertices[Int(t.x)], b = result.mesh.vertices[Int(t.y)], c = result.mesh.vertices[Int(t.z)]
                let e1 = b - a, e2 = c - a
                let n = SIMD3<Float>(e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x)
                return (n * n).sum().squareRoot() / 2
            }
            for e in result.mesh.edgeDihedrals() where e.degrees > 60 {
                let faces = faceOf[UInt64(UInt32(e.a)) << 32 | UInt64(UInt32(e.b))] ?? []
                print(String(format: "crease %.0f° at %@ areas %@", e.degrees, "\(result.mesh.vertices[Int(e.a)])", "\(faces.map(area))"))
            }
        }
        for (s, q) in zip(result.builtStructures, result.quality) {
            print("structure \(structures[s][0]): \(q.line)")
        }
    }
}

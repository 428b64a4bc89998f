import BrainAtlas
import Foundation
import Testing
@testable import AtlasBuild

/// Baked ambient openness (`SurfaceOcclusion`) and its file (`VertexOcclusionFile`).
struct SurfaceOcclusionTests {
    /// A UV sphere of radius `r` at `centre`, outward counter-clockwise triangles.
    static func sphere(_ centre: SIMD3<Float>, _ r: Float, first: Int32, rings: Int = 24, segments: Int = 48) -> TriangleMesh {
        var vertices: [SIMD3<Float>] = [], triangles: [SIMD3<Int32>] = []
        for i in 0...rings {
            let theta = Float.pi * Float(i) / Float(rings)
            for j in 0..<segments {
                let phi = 2 * Float.pi * Float(j) / Float(segments)
                vertices.append(centre + r * SIMD3(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta)))
            }
        }
        for i in 0..<rings {
            for j in 0..<segments {
                let a = first + Int32(i * segments + j), b = first + Int32(i * segments + (j + 1) % segments)
                let c = first + Int32((i + 1) * segments + j), d = first + Int32((i + 1) * segments + (j + 1) % segments)
                triangles += [SIMD3(a, c, b), SIMD3(b, c, d)]
            }
        }
        return TriangleMesh(vertices: vertices, triangles: triangles)
    }

    @Test func aLoneSphereIsOpenAndANeighbourShutsInTheSideFacingIt() {
        let lone = SurfaceOcclusion.openness(Self.sphere(.zero, 20, first: 0))
        #expect(lone.min()! > 0.97, "a convex surface hides nothing from itself: \(lone.min()!)")

        // Two spheres 4 mm apart: the facing points see half their sky or less, the far ones all of it.
        let a = Self.sphere(.zero, 20, first: 0)
        let b = Self.sphere(SIMD3(44, 0, 0), 20, first: Int32(a.vertices.count))
        let pair = SurfaceOcclusion.openness(TriangleMesh(vertices: a.vertices + b.vertices, triangles: a.triangles + b.triangles))
        let all = a.vertices + b.vertices
        func nearest(_ p: SIMD3<Float>) -> Int {
            all.indices.min { ((all[$0] - p) * (all[$0] - p)).sum() < ((all[$1] - p) * (all[$1] - p)).sum() }!
        }
        let facing = pair[nearest(SIMD3(20, 0, 0))], away = pair[nearest(SIMD3(-20, 0, 0))]
        #expect(facing < 0.6, "facing point openness \(facing)")
        #expect(away > 0.97, "far point openness \(away)")
        #expect(pair.allSatisfy { $0 >= 0 && $0 <= 1 })
    }

    @Test func theFileRoundTripsAndRejectsAWrongMesh() throws {
        let values: [Float] = [0, 0.5, 1, 0.25]
        let data = VertexOcclusionFile.encoded(values)
        #expect(data.count == 16 && data.prefix(4) == Data("BTAO".utf8))
        let back = try VertexOcclusionFile.decode(data, file: "x.occ", vertexCount: 4)
        #expect(zip(back, values).allSatisfy { abs($0 - $1) <= 0.51 / 255 })
        #expect(throws: AtlasError.self) { try VertexOcclusionFile.decode(data, file: "x.occ", vertexCount: 5) }
        #expect(throws: AtlasError.self) { try VertexOcclusionFile.decode(data.prefix(14), file: "x.occ", vertexCount: 4) }
        var bad = data
        bad[0] = 0x58
        do {
            _ = try VertexOcclusionFile.decode(bad, file: "x.occ", vertexCount: 4)
            Issue.record("expected an error")
        } catch let error as AtlasError {
            #expect(error.description.contains("x.occ") && error.description.contains("magic"))
        }
    }
}

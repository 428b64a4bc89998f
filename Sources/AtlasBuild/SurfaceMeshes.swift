import Foundation
import BrainFormats

/// fsaverage6 hemispheres as BrainVoyager SRF meshes in the canonical frame.
enum SurfaceMeshes {
    /// The mapping to BV has determinant −1, so FreeSurfer's outward counter-clockwise triangles
    /// become BV's convention unchanged: face normals from the same index order point inward.
    /// With `outwardCheck`, a closed mesh whose triangles face inward in RAS is flipped first.
    /// `colors` are the MeshColor values (default: 0, the convex colour, everywhere).
    static func srf(vertices ras: [SIMD3<Float>], triangles input: [SIMD3<Int32>], colors: [UInt32]? = nil,
                    outwardCheck: Bool = false) throws -> SRFFile {
        var triangles = input
        if outwardCheck && TriangleMesh(vertices: ras, triangles: input).signedVolume < 0 {
            triangles = input.map { SIMD3($0.x, $0.z, $0.y) }
        }
        let v = ras.map(CanonicalFrame.bvMillimetres(ras:))
        var normals = [SIMD3<Float>](repeating: .zero, count: v.count)
        var flat = [Int32]()
        flat.reserveCapacity(triangles.count * 3)
        for t in triangles {
            let a = Int(t.x), b = Int(t.y), c = Int(t.z)
            let n = cross(v[b] - v[a], v[c] - v[a])
            normals[a] += n; normals[b] += n; normals[c] += n
            flat.append(t.x); flat.append(t.y); flat.append(t.z)
        }
        for i in normals.indices {
            let len = (normals[i] * normals[i]).sum().squareRoot()
            normals[i] = len > 0 ? normals[i] / len : SIMD3(1, 0, 0)
        }
        return try SRFFile(vertices: v, normals: normals, triangles: flat, colors: colors)
    }

    static func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}

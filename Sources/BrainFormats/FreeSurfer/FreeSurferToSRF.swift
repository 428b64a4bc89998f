import Foundation

/// `convert lh.pial lh.srf`: a FreeSurfer surface as a BrainVoyager SRF in the canonical 256³ frame.
///
/// FreeSurfer millimetres (tkRAS; MNI305 for fsaverage) are taken as RAS in the canonical frame
/// (`CanonicalFrame.bvMillimetres`). That map mirrors (determinant −1), so FreeSurfer's
/// outward counter-clockwise triangles keep their index order and become BV's winding; normals are
/// stored inward, as BrainVoyager does.
public enum FreeSurferToSRF {
    public static func srf(from surface: FreeSurferSurface) throws -> SRFFile {
        let ras = surface.vertices
        var outward = [SIMD3<Float>](repeating: .zero, count: ras.count)
        var flat = [Int32]()
        flat.reserveCapacity(surface.triangles.count * 3)
        for t in surface.triangles {
            let a = ras[Int(t.x)], b = ras[Int(t.y)], c = ras[Int(t.z)]
            let u = b - a, v = c - a
            let n = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
            outward[Int(t.x)] += n; outward[Int(t.y)] += n; outward[Int(t.z)] += n
            flat.append(t.x); flat.append(t.y); flat.append(t.z)
        }
        let normals = outward.map { n -> SIMD3<Float> in
            let len = (n * n).sum().squareRoot()
            // BV inward normal of RAS outward n: (n.y, n.z, n.x).
            return len > 0 ? SIMD3(n.y, n.z, n.x) / len : SIMD3(1, 0, 0)
        }
        let vertices = ras.map(CanonicalFrame.bvMillimetres(ras:))
        return try SRFFile(vertices: vertices, normals: normals, triangles: flat)
    }
}

extension FormatConverter {
    /// FreeSurfer surface → SRF 4.0 in the canonical frame.
    public static let freesurferSurfaceToSRF = FormatConverter(from: "freesurfer-surface", to: "srf") { doc, _ in
        guard let surface = doc as? FreeSurferSurface else {
            throw FormatError(file: "input", field: "convert", message: "not a FreeSurfer surface")
        }
        return try FreeSurferToSRF.srf(from: surface)
    }
}

import BrainFormats
import Foundation

/// Realistic synthetic BrainVoyager files for benches and fuzz seeds (no real data needed).
public enum SyntheticFiles {
    /// An icosphere of `subdivisions` levels (6 → 40 962 vertices, 81 920 triangles, like fsaverage6),
    /// radius `radius` mm around the canonical centre, in BV conventions (inward normals, BV winding).
    public static func icosphereSRF(subdivisions: Int = 6, radius: Float = 70) throws -> SRFFile {
        let t = (1 + Float(5).squareRoot()) / 2
        var points: [SIMD3<Float>] = [
            [-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t],
            [0, -1, -t], [0, 1, -t], [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1],
        ].map { normalize($0) }
        var faces: [SIMD3<Int32>] = [
            [0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2],
            [10, 7, 6], [7, 1, 8], [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5],
            [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1],
        ]
        for _ in 0..<subdivisions {
            var midpoints: [UInt64: Int32] = [:]
            func midpoint(_ a: Int32, _ b: Int32) -> Int32 {
                let key = UInt64(min(a, b)) << 32 | UInt64(max(a, b))
                if let m = midpoints[key] { return m }
                points.append(normalize((points[Int(a)] + points[Int(b)]) / 2))
                let m = Int32(points.count - 1)
                midpoints[key] = m
                return m
            }
            var next: [SIMD3<Int32>] = []
            next.reserveCapacity(faces.count * 4)
            for f in faces {
                let ab = midpoint(f.x, f.y), bc = midpoint(f.y, f.z), ca = midpoint(f.z, f.x)
                next += [[f.x, ab, ca], [f.y, bc, ab], [f.z, ca, bc], [ab, bc, ca]]
            }
            faces = next
        }
        // The icosahedron faces above are counter-clockwise from outside in a right-handed frame; the RAS → BV
        // map mirrors (determinant −1), which turns them into BV winding, whose face normals point inward
        // like BV's stored normals.
        let vertices = points.map { CanonicalFrame.bvMillimetres(ras: radius * $0) }
        let normals = points.map { p -> SIMD3<Float> in SIMD3(p.y, p.z, p.x) }
        let triangles = faces.flatMap { [$0.x, $0.y, $0.z] }
        return try SRFFile(vertices: vertices, normals: normals, triangles: triangles,
                           colors: Array(repeating: SRFFile.meshColor(r: 175, g: 175, b: 175), count: vertices.count))
    }

    /// A canonical 256³ MNI volume with a smooth synthetic head (values 0…225).
    public static func templateVMR() throws -> VMRFile {
        let n = CanonicalFrame.size, c = CanonicalFrame.centre
        var voxels = Data(count: CanonicalFrame.voxelCount)
        voxels.withUnsafeMutableBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            for z in 0..<n {
                for y in 0..<n {
                    let dz = Float(z - c), dy = Float(y - c)
                    for x in 0..<n {
                        let dx = Float(x - c)
                        let r = (dx * dx + dy * dy + dz * dz).squareRoot()
                        p[CanonicalFrame.index(x, y, z)] = r < 90 ? UInt8(min(225, 120 + Int(r) % 100)) : 0
                    }
                }
            }
        }
        return try VMRFile(canonical: .mni, voxels: voxels)
    }

    /// A VOI v4 in MNI space with `voxelCount` voxels spread over `regions` VOIs.
    public static func voi(voxelCount: Int = 700_000, regions: Int = 20) -> VOIFile {
        var file = VOIFile(referenceSpace: .mni)
        let per = voxelCount / regions
        var k = 0
        for r in 0..<regions {
            let count = r == regions - 1 ? voxelCount - per * (regions - 1) : per
            var voxels = [SIMD3<Int32>]()
            voxels.reserveCapacity(count)
            for _ in 0..<count {
                // Walk a 100³ box centred on the origin, so coordinates are negative and positive.
                voxels.append(SIMD3(Int32(k % 100 - 50), Int32((k / 100) % 100 - 60), Int32((k / 10_000) % 100 - 40)))
                k += 1
            }
            file.vois.append(VOI(name: RawString("Region \(r + 1) (left)"), color: SIMD3(UInt8(r * 12 % 256), 100, 200), voxels: voxels))
        }
        return file
    }

    private static func normalize(_ v: SIMD3<Float>) -> SIMD3<Float> { v / (v * v).sum().squareRoot() }
}

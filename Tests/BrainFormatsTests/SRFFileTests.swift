import Foundation
import Testing
@testable import BrainFormats

@Suite struct SRFFileTests {
    let path = "bvbabel/sub-test03_cube.srf"

    @Test func reproducesExpectedValues() throws {
        let e = try Fixtures.expected(path)
        let raw = try Fixtures.data(path)
        #expect(raw.count == e.int("file_size"))
        let srf = try SRFFile(data: raw, name: path)
        #expect(abs(Double(srf.version) - e.double("version_float")) < 1e-5)
        #expect(Int(srf.surfaceType) == e.int("surface_type"))
        #expect(srf.vertexCount == e.int("n_vertices"))
        #expect(srf.triangleCount == e.int("n_triangles"))
        #expect(close(array(srf.meshCenter), e.doubles("mesh_center")))
        #expect(close(array(srf.vertices.first!), e.doubles("first_vertex")))
        #expect(close(array(srf.vertices.last!), e.doubles("last_vertex")))
        #expect(close(array(srf.normals.first!), e.doubles("first_normal")))
        let box = try #require(srf.boundingBox)
        #expect(close(array(box.min), e.doubles("bbox_min")))
        #expect(close(array(box.max), e.doubles("bbox_max")))
        let sums = srf.vertices.reduce(SIMD3<Double>.zero) { $0 + SIMD3<Double>($1) }
        #expect(zip([sums.x, sums.y, sums.z], e.doubles("vertex_coord_sum_float64")).allSatisfy { abs($0 - $1) < 1e-2 })
        let c = srf.convexColor, k = srf.concaveColor
        #expect(close([c.x, c.y, c.z, c.w], e.doubles("convex_rgba")))
        #expect(close([k.x, k.y, k.z, k.w], e.doubles("concave_rgba")))
        #expect(String(format: "0x%08X", srf.colors[0]) == e.string("first_mesh_color_uint32_hex"))
        let rgb = try #require(SRFFile.directRGB(srf.colors[0]))
        #expect([Int(rgb.x), Int(rgb.y), Int(rgb.z)] == e.ints("first_mesh_color_rgb"))
        #expect(Set(srf.colors).count == e.int("distinct_mesh_color_values"))
        #expect(srf.neighbours[0].map(Int.init) == e.ints("neighbors_of_vertex0"))
        var histogram: [String: Int] = [:]
        for i in 0..<srf.vertexCount { histogram[String(srf.neighbours.count(of: i)), default: 0] += 1 }
        #expect(histogram == e.dict("neighbor_count_histogram").mapValues { ($0 as! NSNumber).intValue })
        #expect(srf.neighbours.indices.count == e.int("neighbor_entries_total"))
        #expect(srf.triangles.prefix(3).map(Int.init) == e.ints("first_triangle"))
        #expect(srf.triangles.suffix(3).map(Int.init) == e.ints("last_triangle"))
        #expect(srf.triangles.reduce(0) { $0 + Int($1) } == e.int("triangle_index_sum"))
        #expect(srf.strips.count == e.int("n_strip_elements"))
        #expect(srf.mtcName?.string == e.string("auto_linked_mtc_string"))
        #expect(srf.trailer.count == e.int("bytes_after_mtc_string"))
        let trailing = srf.trailer.withUnsafeBytes { Float(bitPattern: $0.loadUnaligned(as: UInt32.self)) }
        #expect(abs(Double(trailing) - e.double("trailing_float32_after_string")) < 1e-7)
    }

    @Test func roundTripIsByteIdentical() throws {
        for p in [path, "derived/sub-test03_cube_as_v3.srf"] {
            let raw = try Fixtures.data(p)
            #expect(try SRFFile(data: raw, name: p).encoded() == raw)
        }
    }

    @Test func version3HasNoMTCStringButSameGeometry() throws {
        let v3 = try SRFFile.read(from: Fixtures.url("derived/sub-test03_cube_as_v3.srf"))
        let v41 = try SRFFile.read(from: Fixtures.url(path))
        #expect(v3.version == 3)
        #expect(v3.mtcName == nil)
        #expect(v3.trailer.isEmpty)
        #expect(v3.vertices == v41.vertices)
        #expect(v3.triangles == v41.triangles)
        #expect(v3.neighbours == v41.neighbours)
    }

    /// docs/file-formats.md §4.1's size formula for the unshipped 40 962-vertex hemisphere (v4.0, 143 060 strip elements).
    @Test func hemisphereSizeFormula() throws {
        let nv = 40_962, nt = 81_920, neighbourEntries = 245_760, ns = 143_060
        var srf = try SRFFile(vertices: Array(repeating: [128, 128, 128], count: nv),
                              normals: Array(repeating: [1, 0, 0], count: nv), triangles: [],
                              neighbours: MeshNeighbours(offsets: (0...nv).map { Int32($0 * 6 - min($0, 12)) },
                                                         indices: Array(repeating: 0, count: neighbourEntries)))
        srf.triangles = Array(repeating: 0, count: 3 * nt)
        srf.strips = Array(repeating: -1, count: ns)
        let bytes = try srf.encoded()
        #expect(bytes.count == 3_849_169)
        let back = try SRFFile(data: bytes, name: "lh.srf")
        #expect(back.vertexCount == nv && back.triangleCount == nt && back.strips.count == ns)
        #expect(back.mtcName == RawString(bytes: []))
    }

    @Test func rasConversionFlipsHandednessAndNormals() throws {
        let srf = try SRFFile.read(from: Fixtures.url(path))
        let vmr = try VMRFile.read(from: Fixtures.url("bvbabel/sub-test03_cube.vmr"))
        let frame = srf.frame(vmr: vmr).frame
        let ras = srf.rasPositions(frame: frame)
        let c = frame.centre
        let v0 = srf.vertices[0]
        #expect(abs(Double(ras[0].x) - (c.z - Double(v0.z))) < 1e-3)
        #expect(abs(Double(ras[0].y) - (c.x - Double(v0.x))) < 1e-3)
        #expect(abs(Double(ras[0].z) - (c.y - Double(v0.y))) < 1e-3)
        // Stored normals point into the cube; in RAS they are negated and must point out of it.
        let centroid = ras.reduce(SIMD3<Float>.zero, +) / Float(ras.count)
        let normals = srf.rasNormals()
        let outward = zip(ras, normals).filter { simd_dot($0 - centroid, $1) > 0 }.count
        #expect(outward == ras.count)
        // Same index order in RAS: face normals (v1−v0)×(v2−v0) point outward (counter-clockwise from outside).
        var facesOut = 0
        for t in 0..<srf.triangleCount {
            let a = ras[Int(srf.triangles[3 * t])], b = ras[Int(srf.triangles[3 * t + 1])], d = ras[Int(srf.triangles[3 * t + 2])]
            let n = simd_cross(b - a, d - a)
            if simd_dot(n, (a + b + d) / 3 - centroid) > 0 { facesOut += 1 }
        }
        #expect(facesOut == srf.triangleCount)
    }

    /// docs/file-formats.md §2.5: the cube mesh divided by the voxel size spans the 240-labelled voxel box ± 0.57.
    @Test func meshMatchesVolumeLabelThroughVoxelSize() throws {
        let srf = try SRFFile.read(from: Fixtures.url(path))
        let vmr = try VMRFile.read(from: Fixtures.url("bvbabel/sub-test03_cube.vmr"))
        let frame = vmr.frame
        let box = try #require(srf.boundingBox)
        let lo = frame.voxel(bvMillimetres: SIMD3<Double>(box.min)), hi = frame.voxel(bvMillimetres: SIMD3<Double>(box.max))
        #expect(abs(lo.x - 126.43) < 0.01 && abs(lo.y - 9.43) < 0.01 && abs(lo.z - 106.43) < 0.01)
        #expect(abs(hi.x - 138.57) < 0.01 && abs(hi.y - 21.57) < 0.01 && abs(hi.z - 118.57) < 0.01)
        #expect(vmr.voxel(127, 10, 107) == 240 && vmr.voxel(138, 21, 118) == 240 && vmr.voxel(126, 10, 107) == 0)
    }

    @Test func ringNeighboursFollowTriangleWinding() throws {
        let srf = try SRFFile.read(from: Fixtures.url(path))
        let ring = try MeshTopology.ringNeighbours(triangles: srf.triangles, vertexCount: srf.vertexCount)
        var stored = Set<[Int32]>()
        for t in 0..<srf.triangleCount {
            let a = srf.triangles[3 * t], b = srf.triangles[3 * t + 1], c = srf.triangles[3 * t + 2]
            stored.formUnion([[a, b, c], [b, c, a], [c, a, b]])
        }
        for i in 0..<srf.vertexCount {
            let n = Array(ring[i])
            #expect(n.count >= 3)
            for k in n.indices { #expect(stored.contains([Int32(i), n[k], n[(k + 1) % n.count]])) }
            // BV's extended lists of this SurfaceType-1 mesh contain every edge neighbour.
            #expect(Set(n).isSubset(of: Set(srf.neighbours[i])))
        }
        // Vertex 0's ring starts like BV's own list (successor in its first triangle).
        #expect(ring[0].first == srf.neighbours[0].first)
    }

    @Test func ringNeighboursOfOpenAndHugeFans() throws {
        let open = try MeshTopology.ringNeighbours(triangles: [0, 1, 2, 0, 2, 3], vertexCount: 4)
        #expect(Array(open[0]) == [1, 2, 3])
        #expect(Array(open[2]) == [3, 0, 1])
        #expect(Array(open[1]) == [2, 0])
        // 20 000 triangles around one vertex (a hostile file could hold this): linearithmic, so it finishes.
        let n: Int32 = 20_000
        let fan: [Int32] = (1...n).flatMap { k -> [Int32] in [0, k, k + 1] }
        let ring = try MeshTopology.ringNeighbours(triangles: fan, vertexCount: Int(n) + 2)
        #expect(ring.count(of: 0) == Int(n) + 1)
        #expect(Array(ring[0].prefix(3)) == [1, 2, 3])
        // Non-manifold: the same edge used twice keeps each neighbour once.
        let twice = try MeshTopology.ringNeighbours(triangles: [0, 1, 2, 0, 1, 2, 0, 2, 3], vertexCount: 4)
        #expect(Array(twice[0]) == [1, 2, 3])
    }

    @Test func newMeshFromGeometryBuildsNeighbours() throws {
        // A tetrahedron: every vertex has 3 ring neighbours.
        let srf = try SRFFile(vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
                              normals: Array(repeating: [0, 0, 1], count: 4),
                              triangles: [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3])
        #expect((0..<4).allSatisfy { srf.neighbours.count(of: $0) == 3 })
        let back = try SRFFile(data: try srf.encoded(), name: "tet.srf")
        #expect(back.neighbours == srf.neighbours && back.triangles == srf.triangles && back.version == 4)
        #expect(throws: FormatError.self) {
            try SRFFile(vertices: [[0, 0, 0]], normals: [[0, 0, 1]], triangles: [0, 0, 5])
        }
    }
}

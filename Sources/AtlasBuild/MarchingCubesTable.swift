/// The 256-case marching-cubes table, generated from one face rule instead of typed in.
///
/// Corner c of a cube sits at (c & 1, c >> 1 & 1, c >> 2 & 1). On every cube face the crossing
/// points are joined so that inside corners lying diagonally on a face stay *separate*. The rule
/// depends only on the face, so the two cubes sharing a face draw identical segments there: the
/// surface has no cracks, and inside voxels are joined only through faces (6-connectivity).
/// Segments run entry → exit going counter-clockwise round each face seen from outside the
/// cube, which makes every loop turn the same way and every triangle face outward (right-hand rule).
struct MarchingCubesTable: Sendable {
    /// One cube edge: its lower corner and the axis it runs along.
    struct Edge: Sendable {
        var corner: Int
        var axis: Int
        var upper: Int { corner | (1 << axis) }
    }

    /// Vertex slot for triangle corners: 0…11 are cube edges, 12 + k is the centre of loop `k`.
    typealias Slot = Int8

    /// Triangles (slot triples) per case, and the loops that need a centre vertex.
    struct Case: Sendable {
        var triangles: [(Slot, Slot, Slot)] = []
        var centreLoops: [[Int8]] = []
    }

    let edges: [Edge]
    let cases: [Case]

    static let shared = MarchingCubesTable()

    init() {
        var edges: [Edge] = []
        for axis in 0 ..< 3 {
            for corner in 0 ..< 8 where corner & (1 << axis) == 0 { edges.append(Edge(corner: corner, axis: axis)) }
        }
        func edgeIndex(_ a: Int, _ b: Int) -> Int {
            let lo = min(a, b), axis = (a ^ b).trailingZeroBitCount
            return edges.firstIndex { $0.corner == lo && $0.axis == axis }!
        }
        // Faces: corners in counter-clockwise order seen from outside (u × v = outward axis).
        var faces: [[Int]] = []
        for axis in 0 ..< 3 {
            let u = (axis + 1) % 3, v = (axis + 2) % 3
            for side in 0 ..< 2 {
                let square = [(0, 0), (1, 0), (1, 1), (0, 1)].map { (1 << u) * $0.0 + (1 << v) * $0.1 + (side << axis) }
                faces.append(side == 1 ? square : square.reversed())
            }
        }
        // Which faces each edge lies on, to avoid fan diagonals that run across a cube face.
        var edgeFaces = [Set<Int>](repeating: [], count: 12)
        for (f, face) in faces.enumerated() {
            for k in 0 ..< 4 { edgeFaces[edgeIndex(face[k], face[(k + 1) % 4])].insert(f) }
        }

        var cases: [Case] = []
        for mask in 0 ..< 256 {
            let inside = (0 ..< 8).map { mask & (1 << $0) != 0 }
            var next = [Int: Int]()  // segment start edge → end edge
            for face in faces {
                // Walk the face counter-clockwise; pair each entry with the following exit.
                var crossings: [(edge: Int, entry: Bool)] = []
                for k in 0 ..< 4 where inside[face[k]] != inside[face[(k + 1) % 4]] {
                    crossings.append((edgeIndex(face[k], face[(k + 1) % 4]), inside[face[(k + 1) % 4]]))
                }
                for (k, c) in crossings.enumerated() where c.entry {
                    let exit = crossings[(k + 1) % crossings.count]
                    next[c.edge] = exit.edge
                }
            }
            var result = Case()
            var used = Set<Int>()
            for start in next.keys.sorted() where !used.contains(start) {
                var loop: [Int] = []
                var e = start
                while !used.contains(e) {
                    used.insert(e)
                    loop.append(e)
                    e = next[e]!
                }
                Self.triangulate(loop, edgeFaces: edgeFaces, into: &result)
            }
            cases.append(result)
        }
        self.edges = edges
        self.cases = cases
    }

    /// Fan from a corner whose diagonals cross no cube face; a loop with no such corner gets a centre vertex,
    /// so no triangle edge can ever be shared by more than two triangles.
    private static func triangulate(_ loop: [Int], edgeFaces: [Set<Int>], into result: inout Case) {
        let n = loop.count
        if n == 3 {
            result.triangles.append((Slot(loop[0]), Slot(loop[1]), Slot(loop[2])))
            return
        }
        for apex in 0 ..< n {
            let clean = (2 ..< n - 1).allSatisfy { k in
                edgeFaces[loop[apex]].isDisjoint(with: edgeFaces[loop[(apex + k) % n]])
            }
            if clean {
                for k in 1 ..< n - 1 {
                    result.triangles.append((Slot(loop[apex]), Slot(loop[(apex + k) % n]), Slot(loop[(apex + k + 1) % n])))
                }
                return
            }
        }
        let centre = Slot(12 + result.centreLoops.count)
        result.centreLoops.append(loop.map { Int8($0) })
        for k in 0 ..< n { result.triangles.append((centre, Slot(loop[k]), Slot(loop[(k + 1) % n]))) }
    }
}

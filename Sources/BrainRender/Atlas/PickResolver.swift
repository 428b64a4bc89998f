/// From a picked range to the surface point: a ray through the pixel centre is intersected with
/// the range's triangles only (a few thousand), which gives the hit point and the nearest vertex.
public enum PickResolver {
    public struct Hit: Sendable, Equatable {
        /// Index, in the input mesh, of the vertex the hit triangle's corner nearest to the hit point
        /// stands for (the corner itself unless border splitting added it).
        public let vertex: Int
        /// The hit point on the drawn surface, RAS mm.
        public let point: SIMD3<Float>
        /// MNI/RAS point to report: the hit point, or on an inflated mesh the vertex's pial position.
        public let anatomical: SIMD3<Float>
    }

    public static func resolve(scene: Scene, layer: Int, range: Int, x: Int, y: Int) -> Hit? {
        let geometry = scene.layers[layer].geometry
        let mesh = geometry.mesh
        let r = geometry.grouping.ranges[range]
        let (origin, direction) = scene.camera.ray(x: x, y: y)
        let tris = geometry.grouping.sortedTriangles
        var bestT = Float.greatestFiniteMagnitude
        var bestTriangle = -1
        let tolerance: Float = 1e-5
        let positions = mesh.positions
        let range = r.triangleStart..<(r.triangleStart + r.triangleCount)
        for t in range {
            let a = positions[Int(tris[3 * t])], b = positions[Int(tris[3 * t + 1])], c = positions[Int(tris[3 * t + 2])]
            let e1 = b - a, e2 = c - a
            let p = cross(direction, e2)
            let det = dot(e1, p)
            if abs(det) <= 1e-12 { continue }
            let inv = 1 / det
            let s = origin - a
            let u = dot(s, p) * inv
            if u < -tolerance || u > 1 + tolerance { continue }
            let q = cross(s, e1)
            let v = dot(direction, q) * inv
            if v < -tolerance || u + v > 1 + tolerance { continue }
            let hitT = dot(e2, q) * inv
            if hitT > 0, hitT < bestT { bestT = hitT; bestTriangle = t }
        }
        // Fallback when the pixel centre lies on a shared edge the float test misses:
        // the triangle whose centroid is closest to the ray.
        var nearestTriangle = -1
        if bestTriangle < 0 {
            var nearestDistance = Float.greatestFiniteMagnitude
            for t in range {
                let centroid = (positions[Int(tris[3 * t])] + positions[Int(tris[3 * t + 1])]
                    + positions[Int(tris[3 * t + 2])]) / 3 - origin
                let off = centroid - direction * dot(centroid, direction)
                let distance = dot(off, off)
                if distance < nearestDistance { nearestDistance = distance; nearestTriangle = t }
            }
        }
        let triangle = bestTriangle >= 0 ? bestTriangle : nearestTriangle
        guard triangle >= 0 else { return nil }
        let corners = [Int(tris[3 * triangle]), Int(tris[3 * triangle + 1]), Int(tris[3 * triangle + 2])]
        let point: SIMD3<Float>
        if bestTriangle >= 0 {
            point = origin + direction * bestT
        } else {
            // Project the ray onto the fallback triangle's plane.
            let a = mesh.positions[corners[0]]
            let n = cross(mesh.positions[corners[1]] - a, mesh.positions[corners[2]] - a)
            let denom = dot(n, direction)
            point = abs(denom) > 1e-12 ? origin + direction * (dot(n, a - origin) / denom) : a
        }
        let drawnVertex = corners.min { dot(mesh.positions[$0] - point, mesh.positions[$0] - point)
            < dot(mesh.positions[$1] - point, mesh.positions[$1] - point) }!
        // Split borders add vertices: report the input vertex the nearest corner stands for.
        let vertex = Int(geometry.sourceVertex[drawnVertex])
        let anatomical = mesh.anatomicalPositions.map { $0[vertex] } ?? point
        return Hit(vertex: vertex, point: point, anatomical: anatomical)
    }
}

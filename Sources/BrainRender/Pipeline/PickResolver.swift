/// From a picked range to the surface point: a ray through the pixel centre is intersected with
/// the triangles it is given (those of the picked id near the pixel, already gathered by the
/// pick), which gives the hit point and the nearest vertex.
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

    /// The nearest hit of the ray through `pixel` among `triangles` (vertex indices of one
    /// layer's mesh); nil when there are none.
    static func resolve(scene: Scene, layer: Int, triangles: [(Int, Int, Int)], pixel: Pixel) -> Hit? {
        resolve(scene: scene, layer: layer, triangles: triangles,
                nearest: rayHit(scene: scene, layer: layer, triangles: triangles, pixel: pixel), pixel: pixel)
    }

    /// Resolves as `resolve` does from the few triangles near the pixel (`PickTriangleGrid`) when the
    /// ray hits one of them, else from `all` (the fallback for a missed ray needs every triangle).
    static func resolve(scene: Scene, layer: Int, near: [(Int, Int, Int)], all: () -> [(Int, Int, Int)], pixel: Pixel) -> Hit? {
        if let hit = rayHit(scene: scene, layer: layer, triangles: near, pixel: pixel) {
            return resolve(scene: scene, layer: layer, triangles: near, nearest: hit, pixel: pixel)
        }
        return resolve(scene: scene, layer: layer, triangles: all(), pixel: pixel)
    }

    /// The nearest triangle the ray through `pixel` hits among `triangles`, and the ray parameter there.
    static func rayHit(scene: Scene, layer: Int, triangles: [(Int, Int, Int)], pixel: Pixel)
        -> (corners: (Int, Int, Int), t: Float)? {
        let positions = scene.layers[layer].geometry.mesh.positions
        let (origin, direction) = scene.camera.ray(x: pixel.x, y: pixel.y)
        var bestT = Float.greatestFiniteMagnitude
        var best: (Int, Int, Int)?
        let tolerance: Float = 1e-5
        for t in triangles {
            let a = positions[t.0], b = positions[t.1], c = positions[t.2]
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
            if hitT > 0, hitT < bestT { bestT = hitT; best = t }
        }
        return best.map { ($0, bestT) }
    }

    private static func resolve(scene: Scene, layer: Int, triangles: [(Int, Int, Int)],
                                nearest: (corners: (Int, Int, Int), t: Float)?, pixel: Pixel) -> Hit? {
        let mesh = scene.layers[layer].geometry.mesh
        let (origin, direction) = scene.camera.ray(x: pixel.x, y: pixel.y)
        let positions = mesh.positions
        let point: SIMD3<Float>
        let corners: (Int, Int, Int)
        if let nearest {
            corners = nearest.corners
            point = origin + direction * nearest.t
        } else {
            // The pixel centre lies on a shared edge the float test misses: take the triangle
            // whose centroid is closest to the ray and project the ray onto its plane.
            func offRay(_ t: (Int, Int, Int)) -> Float {
                let centroid = (positions[t.0] + positions[t.1] + positions[t.2]) / 3 - origin
                let off = centroid - direction * dot(centroid, direction)
                return dot(off, off)
            }
            guard let nearest = triangles.min(by: { offRay($0) < offRay($1) }) else { return nil }
            corners = nearest
            let a = positions[nearest.0]
            let n = cross(positions[nearest.1] - a, positions[nearest.2] - a)
            let denom = dot(n, direction)
            point = abs(denom) > 1e-12 ? origin + direction * (dot(n, a - origin) / denom) : a
        }
        let drawnVertex = [corners.0, corners.1, corners.2].min {
            dot(positions[$0] - point, positions[$0] - point) < dot(positions[$1] - point, positions[$1] - point)
        }!
        // Split borders add vertices: report the input vertex the nearest corner stands for.
        let vertex = Int(scene.layers[layer].geometry.sourceVertex[drawnVertex])
        let anatomical = mesh.anatomicalPositions.map { $0[vertex] } ?? point
        return Hit(vertex: vertex, point: point, anatomical: anatomical)
    }

    /// The triangles of one range of a layer, in drawing order.
    static func triangles(of target: Scene.PickTarget, in scene: Scene) -> [(Int, Int, Int)] {
        let grouping = scene.layers[target.layer].geometry.grouping
        let range = grouping.ranges[target.range]
        let sorted = grouping.sortedTriangles
        return (range.triangleStart..<(range.triangleStart + range.triangleCount)).map {
            (Int(sorted[3 * $0]), Int(sorted[3 * $0 + 1]), Int(sorted[3 * $0 + 2]))
        }
    }

    /// The hit for a picked range, searching all of its triangles (when no candidates are at hand,
    /// as for a pick read from a drawn index image).
    public static func resolve(scene: Scene, target: Scene.PickTarget, pixel: Pixel) -> Hit? {
        resolve(scene: scene, layer: target.layer, triangles: triangles(of: target, in: scene), pixel: pixel)
    }
}

/// The order see-through layers are blended in: farthest first, by the nearest corner of each
/// layer's bounding box along the view axis (the viewer's `seeThroughOrder` uses the same rule).
///
/// Each see-through layer shows only its own nearest surface (a depth pre-pass per layer), so
/// folds of one glass mesh never blend in the mesh's triangle order; between layers, a shell
/// around another (the head around the cortex) and the far hemisphere behind the near one both
/// come first by this rule, so what lies behind glass shows through it from every side.
enum SeeThroughOrder {
    /// Indices into `layers` of the layers with opacity below 1, farthest first.
    static func farthestFirst(_ layers: [Scene.Layer], forward: SIMD3<Float>) -> [Int] {
        let keyed = layers.indices.compactMap { index -> (Int, Float)? in
            let layer = layers[index]
            guard layer.opacity < 1, layer.plane == nil else { return nil }
            return (index, nearestDepth(layer.geometry.mesh.positions, forward: forward))
        }
        // Larger depth is farther; ties keep layer order.
        return keyed.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
    }

    /// The smallest depth (`dot(p, forward)`) of the eight corners of the points' bounding box.
    static func nearestDepth(_ points: [SIMD3<Float>], forward: SIMD3<Float>) -> Float {
        guard var lo = points.first else { return .greatestFiniteMagnitude }
        var hi = lo
        for p in points {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        // The nearest corner takes, on each axis, the end that lies toward the viewer.
        let corner = SIMD3<Float>(forward.x > 0 ? lo.x : hi.x, forward.y > 0 ? lo.y : hi.y, forward.z > 0 ? lo.z : hi.z)
        return dot(corner, forward)
    }
}

/// The points within `limit` mm of a label boundary, on either side: where a surface made from the
/// label may go. Holding a vertex in the band moves it straight toward its nearest boundary point
/// until it is `limit` away, the least move that puts it back.
struct LabelBand {
    let boundary: LabelBoundary
    let limit: Float

    /// Holds the vertices of one mesh in the band, remembering how far each was from the boundary
    /// when last measured, so a vertex that cannot have left the band since is not measured again.
    struct Holder {
        let band: LabelBand
        private var measuredAt: [SIMD3<Float>]
        private var distance: [Float]
        /// Vertices to measure in one `hold`, kept to reuse its storage.
        private var suspects: [Int] = []

        init(band: LabelBand, vertices: [SIMD3<Float>]) {
            self.band = band
            measuredAt = vertices
            // Unmeasured: any move asks for a measurement.
            distance = [Float](repeating: .infinity, count: vertices.count)
        }

        mutating func hold(_ v: inout [SIMD3<Float>]) {
            let limit = band.limit, stride = MemoryLayout<SIMD3<Float>>.stride / MemoryLayout<Float>.stride
            // Which vertices may have left: scalar lanes, as in `MeshSmoothing.step`.
            var suspects: [Int] = []
            swap(&suspects, &self.suspects)
            suspects.removeAll(keepingCapacity: true)
            v.withUnsafeBufferPointer { now in
                measuredAt.withUnsafeBufferPointer { then in
                    now.withMemoryRebound(to: Float.self) { p in
                        then.withMemoryRebound(to: Float.self) { q in
                            distance.withUnsafeBufferPointer { d in
                                for i in 0 ..< now.count {
                                    let a = i * stride
                                    let x = p[a] - q[a], y = p[a + 1] - q[a + 1], z = p[a + 2] - q[a + 2]
                                    // Triangle inequality: still within the band.
                                    if d[i] + (x * x + y * y + z * z).squareRoot() > limit { suspects.append(i) }
                                }
                            }
                        }
                    }
                }
            }
            defer { swap(&suspects, &self.suspects) }
            for i in suspects {
                let (d, point) = band.boundary.nearest(v[i])
                if Float(d) > limit {
                    if let point {
                        v[i] = point + (v[i] - point) * (limit / Float(d))
                    } else {
                        v[i] = measuredAt[i]
                    }
                    distance[i] = limit
                } else {
                    distance[i] = Float(d)
                }
                measuredAt[i] = v[i]
            }
        }
    }

    func holder(for vertices: [SIMD3<Float>]) -> Holder { Holder(band: self, vertices: vertices) }
}

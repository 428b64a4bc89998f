/// The triangles of a scene's pickable layers that can cover one pixel: those whose screen bounds,
/// widened by a pixel, hold the pixel centre, copied into a small mesh of their own.
///
/// Whether a triangle covers a pixel depends only on its own transformed vertices, and the copy
/// keeps their values, their order and the pass's ranges, so a one-pixel pick pass that draws
/// only these (same program, camera, state and culling) writes the id the full pass writes there.
/// It skips uploading and transforming the whole mesh: ~4 ms of a one-shot `pick`.
struct PixelTriangles {
    /// One range's share: its pick id and where its triangles sit in `indices`.
    struct Part {
        let layer: Int
        let pickID: UInt32
        let triangleStart: Int
        let triangleCount: Int
    }

    /// 6 floats per vertex (position, normal), the layout of `SurfaceGeometry.interleaved`.
    private(set) var interleaved: [Float] = []
    private(set) var indices: [UInt32] = []
    private(set) var parts: [Part] = []

    /// The triangles near pixel (x, GL row) of `scene`.
    init(scene: Scene, x: Int, row: Int) {
        let m = scene.camera.mvp
        let sx = Float(x) + 0.5, sy = Float(row) + 0.5
        let halfW = Float(scene.width) / 2, halfH = Float(scene.height) / 2
        let firstIDs = scene.firstPickIDs
        for (layerIndex, layer) in scene.layers.enumerated() where layer.isPickable {
            let geometry = layer.geometry
            // Window coordinates of every vertex (orthographic: w = 1). Scalar loops over raw
            // buffers: this runs for every one-shot pick, and test (debug) builds call it often.
            let count = geometry.mesh.vertexCount
            var wx = [Float](repeating: 0, count: count), wy = [Float](repeating: 0, count: count)
            geometry.mesh.positions.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    let q = p[i]
                    wx[i] = (m[0] * q.x + m[4] * q.y + m[8] * q.z + m[12] + 1) * halfW
                    wy[i] = (m[1] * q.x + m[5] * q.y + m[9] * q.z + m[13] + 1) * halfH
                }
            }
            var remap: [UInt32: UInt32] = [:]
            for (rangeIndex, range) in geometry.grouping.ranges.enumerated() where !layer.hiddenRanges.contains(rangeIndex) {
                let start = indices.count / 3
                var near: [Int] = []
                wx.withUnsafeBufferPointer { wx in
                    wy.withUnsafeBufferPointer { wy in
                        geometry.grouping.sortedTriangles.withUnsafeBufferPointer { sorted in
                            var t = range.triangleStart
                            while t < range.triangleStart + range.triangleCount {
                                let a = Int(sorted[3 * t]), b = Int(sorted[3 * t + 1]), c = Int(sorted[3 * t + 2])
                                // Widened by a pixel, so rounding here can never drop a covering
                                // triangle; NaN coordinates compare false and stay in (GL decides).
                                let outside = (wx[a] < sx - 1 && wx[b] < sx - 1 && wx[c] < sx - 1)
                                    || (wx[a] > sx + 1 && wx[b] > sx + 1 && wx[c] > sx + 1)
                                    || (wy[a] < sy - 1 && wy[b] < sy - 1 && wy[c] < sy - 1)
                                    || (wy[a] > sy + 1 && wy[b] > sy + 1 && wy[c] > sy + 1)
                                if !outside { near.append(t) }
                                t += 1
                            }
                        }
                    }
                }
                for t in near {
                    for k in 0..<3 { indices.append(vertex(Int(geometry.grouping.sortedTriangles[3 * t + k]), of: geometry, remap: &remap)) }
                }
                if !near.isEmpty {
                    parts.append(Part(layer: layerIndex, pickID: firstIDs[layerIndex] + UInt32(rangeIndex),
                                      triangleStart: start, triangleCount: near.count))
                }
            }
        }
    }

    /// The new index of `v`, copying its interleaved data on first use.
    private mutating func vertex(_ v: Int, of geometry: SurfaceGeometry, remap: inout [UInt32: UInt32]) -> UInt32 {
        if let known = remap[UInt32(v)] { return known }
        let index = UInt32(interleaved.count / 6)
        interleaved.append(contentsOf: geometry.interleaved[(6 * v)..<(6 * v + 6)])
        remap[UInt32(v)] = index
        return index
    }
}

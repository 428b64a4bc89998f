/// Where each vertex of a scene's pickable layers lands in the image, in window pixels from the
/// bottom-left: in float, enough to find the triangles near a pixel (a pixel of margin dwarfs
/// the rounding). Computed once per scene when many pixels are asked about.
struct ScreenPositions {
    /// Per layer (empty for layers the pick pass leaves out): x and y per vertex.
    let x: [[Float]]
    let y: [[Float]]

    init(scene: Scene) {
        let m = scene.camera.mvp
        let halfW = Float(scene.width) / 2, halfH = Float(scene.height) / 2
        var xs: [[Float]] = [], ys: [[Float]] = []
        for layer in scene.layers {
            let count = layer.isPickable ? layer.geometry.mesh.vertexCount : 0
            var wx = [Float](repeating: 0, count: count), wy = [Float](repeating: 0, count: count)
            // Scalar loops over raw buffers: this runs for every one-shot pick, and test (debug)
            // builds call it often. Orthographic camera: w = 1.
            layer.geometry.mesh.positions.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    let q = p[i]
                    wx[i] = (m[0] * q.x + m[4] * q.y + m[8] * q.z + m[12] + 1) * halfW
                    wy[i] = (m[1] * q.x + m[5] * q.y + m[9] * q.z + m[13] + 1) * halfH
                }
            }
            xs.append(wx)
            ys.append(wy)
        }
        x = xs
        y = ys
    }
}

/// The triangles of a scene's pickable layers whose screen bounds, widened by a pixel, hold one
/// pixel centre, in drawing order (layer, then range, then the range's triangle order), with
/// their corners' window coordinates in double precision.
///
/// Whether a triangle covers a pixel depends only on its own transformed vertices, so these are
/// all the pick pass can write there: the one-pixel GL pick draws only them (`PixelTriangles`)
/// and the CPU decision (`CertainPick`) looks only at them.
struct PixelCandidates {
    /// One nearby triangle: where it comes from and its corners' window x, y and depth (0…1).
    struct Triangle {
        let layer: Int
        let range: Int
        let pickID: UInt32
        /// Vertex indices in the layer's mesh, in drawing order.
        let corners: (Int, Int, Int)
        let window: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
    }

    /// The pixel centre in window coordinates (GL rows count from the bottom).
    let centre: SIMD2<Double>
    private(set) var triangles: [Triangle] = []
    /// How far the GL's float transform of these corners may land from `window` (rounding in
    /// the four-term dot products and the viewport, before any sub-pixel snapping): pixels in x
    /// and y, depth units in z.
    private(set) var roundingSlack = SIMD3<Double>(repeating: 0)

    /// The triangles near `pixel` of `scene`.
    init(scene: Scene, screen: ScreenPositions? = nil, pixel: Pixel) {
        let screen = screen ?? ScreenPositions(scene: scene)
        centre = pixel.glCentre
        let sx = Float(centre.x), sy = Float(centre.y)
        var near: [(layer: Int, range: Int, triangle: Int)] = []
        for (layerIndex, layer) in scene.layers.enumerated() where layer.isPickable {
            let grouping = layer.geometry.grouping
            grouping.sortedTriangles.withUnsafeBufferPointer { sorted in
                screen.x[layerIndex].withUnsafeBufferPointer { wx in
                    screen.y[layerIndex].withUnsafeBufferPointer { wy in
                        for (rangeIndex, range) in grouping.ranges.enumerated() where !layer.hiddenRanges.contains(rangeIndex) {
                            var t = range.triangleStart
                            while t < range.triangleStart + range.triangleCount {
                                let a = Int(sorted[3 * t]), b = Int(sorted[3 * t + 1]), c = Int(sorted[3 * t + 2])
                                // NaN coordinates compare false and stay in (the GL decides).
                                let outside = (wx[a] < sx - 1 && wx[b] < sx - 1 && wx[c] < sx - 1)
                                    || (wx[a] > sx + 1 && wx[b] > sx + 1 && wx[c] > sx + 1)
                                    || (wy[a] < sy - 1 && wy[b] < sy - 1 && wy[c] < sy - 1)
                                    || (wy[a] > sy + 1 && wy[b] > sy + 1 && wy[c] > sy + 1)
                                if !outside { near.append((layerIndex, rangeIndex, t)) }
                                t += 1
                            }
                        }
                    }
                }
            }
        }
        let m = scene.camera.mvp.map(Double.init)
        let viewport = SIMD3(Double(scene.width) / 2, Double(scene.height) / 2, 0.5)
        var largest = SIMD3<Double>(repeating: 0)
        func window(_ layer: Int, _ v: Int) -> SIMD3<Double> {
            let q = scene.layers[layer].geometry.mesh.positions[v]
            let x = Double(q.x), y = Double(q.y), z = Double(q.z)
            let tx = SIMD4(m[0] * x, m[4] * y, m[8] * z, m[12])
            let ty = SIMD4(m[1] * x, m[5] * y, m[9] * z, m[13])
            let tz = SIMD4(m[2] * x, m[6] * y, m[10] * z, m[14])
            largest = pointwiseMax(largest, SIMD3(tx.magnitudeSum, ty.magnitudeSum, tz.magnitudeSum))
            return (SIMD3(tx.sum(), ty.sum(), tz.sum()) + 1) * viewport
        }
        for (layer, range, t) in near {
            let sorted = scene.layers[layer].geometry.grouping.sortedTriangles
            let a = Int(sorted[3 * t]), b = Int(sorted[3 * t + 1]), c = Int(sorted[3 * t + 2])
            triangles.append(Triangle(layer: layer, range: range, pickID: scene.pickIDs.first[layer] + UInt32(range),
                                      corners: (a, b, c), window: (window(layer, a), window(layer, b), window(layer, c))))
        }
        // A float sum of four products errs by at most ~4 units of 2^-24 times the sum of the
        // terms' sizes; the viewport (scale, offset, perhaps a flip) and the rasterizer's
        // half-pixel shift add a few more roundings of the window coordinate. Doubled.
        roundingSlack = (8 * largest + 16) * 0x1p-24 * viewport
    }
}

extension SIMD where Scalar == Double {
    /// The sum of the lanes' absolute values (the 1-norm).
    var magnitudeSum: Double { pointwiseMax(self, -self).sum() }
}

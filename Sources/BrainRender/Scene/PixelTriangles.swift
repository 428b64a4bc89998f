/// The triangles that can cover one pixel (`PixelCandidates`), copied into a small mesh of their
/// own for a one-pixel GL pick pass.
///
/// The copy keeps the vertices' values, the triangles' order and the pass's ranges, so a pass
/// that draws only these (same program, camera, state and culling) writes the id the full pass
/// writes there. It skips uploading and transforming the whole mesh: ~4 ms of a one-shot `pick`.
struct PixelTriangles {
    /// One range's share: its pick id and where its triangles sit in `indices`.
    struct Part {
        let layer: Int
        let pickID: UInt32
        let triangleStart: Int
        var triangleCount: Int
    }

    /// 6 floats per vertex (position, normal), the layout of `SurfaceGeometry.interleaved`.
    private(set) var interleaved: [Float] = []
    private(set) var indices: [UInt32] = []
    private(set) var parts: [Part] = []

    init(scene: Scene, candidates: PixelCandidates) {
        var remap: [SIMD2<Int>: UInt32] = [:]  // (layer, vertex) → index in the copy
        for triangle in candidates.triangles {
            if parts.last?.pickID != triangle.pickID {
                parts.append(Part(layer: triangle.layer, pickID: triangle.pickID, triangleStart: indices.count / 3, triangleCount: 0))
            }
            let geometry = scene.layers[triangle.layer].geometry
            for v in [triangle.corners.0, triangle.corners.1, triangle.corners.2] {
                let key = SIMD2(triangle.layer, v)
                if let known = remap[key] {
                    indices.append(known)
                    continue
                }
                let index = UInt32(interleaved.count / 6)
                interleaved.append(contentsOf: repeatElement(0, count: 6))
                geometry.writeVertex(v, into: &interleaved, at: 6 * Int(index))
                remap[key] = index
                indices.append(index)
            }
            parts[parts.count - 1].triangleCount += 1
        }
    }
}

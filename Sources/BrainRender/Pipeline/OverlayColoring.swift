import BrainAtlas
import BrainImage
import BrainMaps

/// A statistical map on the cortex: per-vertex colours sampled from the volume along the pial
/// surface's inward normals (`SurfaceMapSampling`). Its colour bar: `ColorBarStrip.swift`.
extension AtlasScene {
    /// The map on `geometry` (the pial or inflated mesh of `side`), per vertex (`Scene.Layer.overlay`):
    /// the colour of its value (at least the threshold's colour of its sign), and in alpha how far
    /// the value lies below the threshold, so the lit pass cuts the map where the interpolated
    /// value crosses the threshold rather than along triangle edges. Inflated vertices take the
    /// values of their pial twins; vertices the border split added take their source vertex's.
    static func overlayColors(_ map: MapOverlay, geometry: SurfaceGeometry, side: Hemisphere, assets: SceneAssets) throws -> [UInt32] {
        let pial = try assets.mesh(.cortex(.pial, side))
        let values: [Float]
        if let surface = map.surfaceValues {
            // A surface map goes straight onto the bundled (fsaverage6) mesh when it is one, or an fsaverage map.
            guard let fitted = SurfaceMapFile.fitted(surface, vertexCount: pial.positions.count) else {
                throw RenderError.invalid(FieldError("overlay", "is a surface map of \(surface.count) vertices; the bundled cortex has "
                                                     + "\(pial.positions.count) (fsaverage6; fsaverage maps fit too): give its own mesh with {mesh}"))
            }
            values = fitted
        } else {
            values = SurfaceMapSampling.values(map, positions: pial.positions, normals: pial.normals)
        }
        let encoded = vertexOverlay(map, values: values, triangles: pial.triangles)
        return geometry.sourceVertex.map { encoded[Int($0)] }
    }

    /// An SMP map on the user's mesh `file`: one value per vertex, straight onto it. Volume maps are
    /// refused there: a user's mesh need not lie in MNI space.
    static func userMeshOverlay(_ map: MapOverlay, mesh: RenderMesh, geometry: SurfaceGeometry, file: String) throws -> [UInt32] {
        guard let values = map.surfaceValues else {
            throw RenderError.invalid(FieldError("overlay", "is a volume map; on {mesh} only an SMP map (one value per vertex) is drawn"))
        }
        guard values.count == mesh.vertexCount else {
            throw RenderError.invalid(FieldError("overlay", "has \(values.count) vertex values, and \(file) has \(mesh.vertexCount) vertices"))
        }
        let encoded = vertexOverlay(map, values: values, triangles: mesh.triangles)
        return geometry.sourceVertex.map { encoded[Int($0)] }
    }

    /// The per-vertex encoding of `values` (one per vertex of the mesh `triangles` index).
    static func vertexOverlay(_ map: MapOverlay, values: [Float], triangles t: [UInt32]) -> [UInt32] {
        var colors = [SIMD3<UInt8>?](repeating: nil, count: values.count)
        for (i, v) in values.enumerated() { colors[i] = map.color(v) }
        // A vertex below threshold takes the threshold colour of a shown neighbour, so the edge
        // of a cluster does not fade through black or the other sign's colour.
        var edge = colors
        let rims = (map.color(map.threshold), map.color(-map.threshold))
        for k in stride(from: 0, to: t.count - 2, by: 3) {
            for ka in k..<(k + 3) {
                let a = Int(t[ka])
                guard colors[a] != nil else { continue }
                for kb in k..<(k + 3) where edge[Int(t[kb])] == nil { edge[Int(t[kb])] = values[a] >= 0 ? rims.0 : rims.1 }
            }
        }
        let scale = 2 * Double(map.upper)
        return values.indices.map { i -> UInt32 in
            let c = edge[i] ?? SIMD3(0, 0, 0)
            // alpha = 1 − w, w = ½ + excess / 2·upper: ½ exactly at the threshold; 1 (no map) far below.
            let w = min(1, max(0, 0.5 + Double(map.excess(values[i])) / scale))
            let alpha = UInt32(255 - (w * 255).rounded())
            return UInt32(c.x) | UInt32(c.y) << 8 | UInt32(c.z) << 16 | alpha << 24
        }
    }
}

extension RenderError {
    /// Runs `body`; a `FieldError` (a map's bad option or missing file) becomes `.invalid`.
    static func fromField<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as FieldError { throw RenderError.invalid(error) }
    }
}

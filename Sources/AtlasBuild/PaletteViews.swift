import BrainAtlas

/// What the palette of each atlas must tell apart, from the meshes the renderer draws: touching
/// regions (pial mesh edges, or voxel faces for volume atlases) and regions seen together in a
/// preset view of the pial or inflated cortex or of the subcortical surfaces. Volume atlases without
/// a surface appear only on slices, where every region can meet every other.
struct PaletteViews {
    let triangles: [[SIMD3<Int32>]]
    let cortex: [CoVisibility]

    init(sources: SourceData) {
        triangles = sources.hemis.map { $0.pial.triangles }
        cortex = ["pial", "inflated"].map { surface in
            CoVisibility(parts: Side.allCases.map { s in
                let h = sources.hemis[s.rawValue]
                let vertices = surface == "pial" ? h.pial.vertices
                    : InflatedPlacement.place(inflated: h.inflated.vertices, besidePial: h.pial.vertices, left: s == .left)
                return CoVisibility.Part(mesh: TriangleMesh(vertices: vertices, triangles: h.pial.triangles), side: s.rawValue)
            })
        }
    }

    /// Colours `atlas` (`AtlasColors.apply`); `subcortical` is the atlas's own surface, if it has one.
    func color(_ atlas: inout LabelledAtlas, subcortical: SubcorticalMeshes.Result?) -> AtlasColors.Report {
        if let labels = atlas.vertexLabels {
            let seen = cortex.reduce(into: Set<RegionAdjacency.Pair>()) { $0.formUnion($1.pairs(labels: labels)) }
            let sideBySide = cortex.reduce(into: Set<RegionAdjacency.Pair>()) { $0.formUnion($1.sideBySide(labels: labels)) }
            return AtlasColors.apply(&atlas, touching: RegionAdjacency(labels: labels, triangles: triangles), coVisible: seen,
                                          sideBySide: sideBySide)
        }
        let touching = RegionAdjacency(volume: atlas.volume)
        guard let subcortical else {
            // On a slice, the regions side by side are the ones that share a voxel face.
            return AtlasColors.apply(&atlas, touching: touching, coVisible: RegionAdjacency.all(atlas.regions.regions.count),
                                          sideBySide: Set(touching.pairs))
        }
        let regions = atlas.regions.regions
        let group = subcortical.vertexStructure.map { s in
            switch regions[Int(s)].hemisphere { case .left: 0; case .right: 1; default: 2 }
        }
        let (parts, sourceVertex) = CoVisibility.split(subcortical.mesh, group: group) { $0 < 2 ? $0 : nil }
        let labels = sourceVertex.map { $0.map { UInt16(subcortical.vertexStructure[Int($0)] + 1) } }
        let views = CoVisibility(parts: parts)
        return AtlasColors.apply(&atlas, touching: touching, coVisible: views.pairs(labels: labels),
                                      sideBySide: views.sideBySide(labels: labels).union(touching.pairs))
    }
}

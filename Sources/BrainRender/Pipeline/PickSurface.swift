import BrainAtlas

/// What a pick touched where no region is: the medial wall, cortex an atlas leaves out (the
/// sulci atlas has no gyri), or the head, so an answer never calls a surface "background".
enum PickSurface {
    static let medialWall = "unlabelled cortex (medial wall)"
    static let outsideAtlas = "cortex outside this atlas's regions"
    static let head = "head surface"

    /// The wording for an unlabelled hit on catalog mesh `mesh` at `vertex`; nil for meshes the
    /// wording does not cover (a user's own surface).
    static func describe(mesh: MeshID?, vertex: Int?, library: AtlasLibraryTexts?) -> String? {
        switch mesh {
        case .head: return head
        case .cortex(_, let side):
            // The default atlas (a scene's when none is named: the Desikan-Killiany gyri) covers all
            // cortex but the medial wall: a vertex it leaves unlabelled is on the wall, any other is
            // cortex this atlas does not map.
            guard let vertex, let labels = library?.surfaceLabels(atlas: SceneRequest().atlas, side: side),
                  vertex < labels.regionIds.count else { return medialWall }
            return labels.regionIds[vertex] == 0 ? medialWall : outsideAtlas
        case .subcortical, nil: return nil
        }
    }
}

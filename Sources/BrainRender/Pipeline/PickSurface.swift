import BrainAtlas

/// What a pick touched where no region is: the medial wall, cortex an atlas leaves out (the
/// sulci atlas has no gyri), or the head, so an answer never calls a surface "background".
enum PickSurface {
    static let medialWall = "unlabelled cortex (medial wall)"
    static let outsideAtlas = "cortex outside this atlas's regions"
    static let head = "head surface"

    /// The wording for an unlabelled hit on layer `layerName` (`pial-left`, `head`, …) at
    /// `vertex`; nil for meshes the wording does not cover (a user's own surface).
    static func describe(layerName: String, vertex: Int?, library: AtlasLibraryTexts?) -> String? {
        if layerName == "head" { return head }
        let parts = layerName.split(separator: "-")
        guard parts.count == 2, ["pial", "inflated"].contains(parts[0]),
              let side = Hemisphere(rawValue: String(parts[1])) else { return nil }
        // The Desikan-Killiany gyri cover all cortex but the medial wall: a vertex they leave
        // unlabelled is on the wall, any other is cortex this atlas does not map.
        guard let vertex, let library = library as? AtlasLibrary,
              let gyri = try? library.atlas(named: "gyri"), let labels = try? gyri.surfaceLabels(side),
              vertex < labels.regionIds.count else { return medialWall }
        return labels.regionIds[vertex] == 0 ? medialWall : outsideAtlas
    }
}

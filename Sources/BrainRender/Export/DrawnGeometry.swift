import BrainAtlas

/// The geometry a scene draws for one catalog mesh under one atlas, with its per-vertex region
/// ids and its triangles in drawing order: what a client needs to draw and pick exactly as the
/// renderer does.
///
/// It is taken from a scene built by `AtlasScene.build`, so whatever that builder does to the
/// geometry for an atlas (regrouping, split border triangles, extra vertices) reaches clients
/// without a second copy of the rule.
public struct DrawnGeometry: Sendable {
    public let mesh: MeshID
    /// The atlas whose regions label the vertices (for the subcortical mesh: always `subcortical`;
    /// nil for the unlabelled head).
    public let labellingAtlas: String?
    public let geometry: SurfaceGeometry
    /// True when the drawn vertices and triangles are the catalog mesh's own (clients may reuse
    /// the mesh they already have); false when the scene builder made its own geometry.
    public let isCatalogMesh: Bool

    /// The drawn geometry of `mesh` in a scene of `atlas`.
    public static func build(mesh: MeshID, atlas: String, assets: SceneAssets) throws -> DrawnGeometry {
        var given = ["atlas": atlas, "size": "64x64"]
        switch mesh {
        case .head: given["head"] = "on"
        case .subcortical: given["subcortical"] = "on"
        case .cortex(let surface, let side):
            given["surface"] = surface.rawValue
            given["hemi"] = side == .right ? "right" : "left"
        }
        let scene = try AtlasScene.build(try RenderError.fromField { try SceneRequest(given) }, assets: assets)
        guard let index = scene.layers.firstIndex(where: { $0.mesh == mesh }) else {
            throw RenderError.invalid(FieldError("mesh", value: mesh.name, "is not drawn in scenes of atlas \(atlas)"))
        }
        let geometry = scene.scene.layers[index].geometry
        let catalog = try assets.mesh(mesh)
        let same = geometry.mesh.triangles == catalog.triangles && geometry.mesh.positions == catalog.positions
            && geometry.mesh.normals == catalog.normals
        let labelling: String? = mesh == .head ? nil : (mesh == .subcortical ? "subcortical" : atlas)
        return DrawnGeometry(mesh: mesh, labellingAtlas: labelling, geometry: geometry, isCatalogMesh: same)
    }
}

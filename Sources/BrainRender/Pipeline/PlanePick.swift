import BrainAtlas

// A pick on a plane of the slicing mode: the pick pass wrote `first id + region id` from the
// plane's id texture (nearest texel), so the region is known from the id alone; what is left is
// the voxel, found from the ray through the pixel centre. Where the GL's texel rounding and the
// CPU's differ (a pixel centre on a texel edge) the voxel is the neighbour holding the picked id,
// so the answer always names the region `where` gives at the reported point. The rule is
// `RendererContract.planeVoxel`, which the viewer replays.

extension AtlasScene {
    /// The answer for a pick on plane layer `layer`, region id `label` (the pick target's range).
    func planePickReport(layer: Int, label: Int, pixel: Pixel, library: AtlasLibraryTexts?) throws -> PickReport {
        let plane = scene.layers[layer].plane!
        let region = layers[layer].regions[label]
        let text = try region.flatMap { try library?.text(for: $0) }
        let (origin, direction) = scene.camera.ray(x: pixel.x, y: pixel.y)
        let axis = plane.orientation.axis
        // The camera never looks along a plane it can pick (a plane seen edge-on covers no pixel).
        let t = (Float(plane.position) - origin[axis]) / direction[axis]
        let best = RendererContract.planeVoxel(texel: plane.texel(of: origin + direction * t), picked: label) {
            plane.label(i: $0, j: $1)
        }
        let mni = plane.mni(i: best.i, j: best.j)
        var answer = region
        if let region, let library { answer?.provenance = library.answerProvenance(of: region, mni: mni) }
        return PickReport(x: pixel.x, y: pixel.y, region: answer, text: text, plane: plane.orientation.rawValue, mni: mni)
    }
}

extension PickReport {
    /// A pick on a plane: `surface` names the plane (region or not), `mni` is the voxel centre,
    /// and there is no mesh vertex.
    init(x: Int, y: Int, region: Region?, text: String?, plane: String, mni: SIMD3<Double>) {
        self.x = x
        self.y = y
        self.region = region.map { RegionWith($0, TextField(text: text)) }
        self.mni = [mni.x, mni.y, mni.z]
        vertex = nil
        surface = plane
    }
}

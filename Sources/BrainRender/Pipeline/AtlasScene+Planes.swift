import BrainAtlas

extension SceneRequest {
    /// Whether the cortex is drawn: always, except in the slicing mode, where it hides the
    /// planes unless a hemisphere is asked for (`hemi`).
    var showsCortex: Bool { planes == nil || hemisphere != nil }
}

extension AtlasScene {
    /// The slicing mode's layers: the head, opaque and cut open on the camera's side of the
    /// planes (`CutAway`), then one layer per plane (`PlaneSection`), whose ranges are the
    /// atlas's region ids so picks and pixel counts name regions as on meshes.
    static func planeLayers(_ planes: ScenePlanes, request: SceneRequest, atlas: Atlas, library: AtlasLibrary,
                            highlighted: Set<Region>, assets: SceneAssets) throws -> (layers: [Scene.Layer], infos: [LayerInfo]) {
        let head = try assets.geometry(mesh: .head, atlas: nil)
        var headLayer = Scene.Layer(geometry: head, colors: head.grouping.ranges.map { _ in headColor })
        headLayer.cutAway = CutAway(planes: planes, forward: try request.direction().forward)
        var layers = [headLayer]
        var infos = [LayerInfo(mesh: .head, regions: head.grouping.ranges.map { _ in nil })]
        let sections = try PlaneSectionBuilder.sections(planes, atlas: atlas, assets: assets, highlighted: highlighted,
                                                        dimOthers: request.dimOthers)
        for section in sections {
            var layer = Scene.Layer(geometry: try section.quad(), colors: [unlabelledColor])
            layer.plane = section
            layers.append(layer)
            infos.append(LayerInfo(mesh: nil, name: section.orientation.rawValue,
                                   regions: (0..<section.palette.idCount).map { atlas.region(id: $0) }))
        }
        return (layers, infos)
    }
}

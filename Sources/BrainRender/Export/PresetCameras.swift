/// The camera of every preset view for a built scene's layers and size: what the renderer would
/// use for `view = name` with the same hemisphere choice, without building the scene again.
extension AtlasScene {
    public func presetCameras() -> [ViewName: Camera] {
        // Framing points depend only on the layers (shown ranges), not on the view.
        let framing = scene.layers.map(\.framingPositions)
        var cameras: [ViewName: Camera] = [:]
        for view in ViewName.allCases {
            // Lateral and medial need one hemisphere: with both shown they have no camera.
            guard let direction = try? SceneRequest.direction(view: view, hemisphere: hemisphere) else { continue }
            // The scene's framing area too: a map's colour bar keeps its strip in every view.
            cameras[view] = Camera(direction: direction, framing: framing, width: scene.width, height: scene.height,
                                   area: scene.framingArea)
        }
        return cameras
    }
}

import BrainAtlas

/// The passes a one-shot command is about to draw, so their shader variants can be built early.
public enum PassKind: Sendable {
    case color(Shading)
    case pick
}

extension GLContext {
    /// Draws a one-quad scene through each of `passes`, with the same state, programs and vertex
    /// layout as the real pass but scissored to one pixel. llvmpipe builds (or loads from its disk
    /// cache) shader variants at the first draw that needs them, ~10 ms; a one-shot command calls
    /// this while another thread still loads the scene, so the real pass finds them ready.
    public func warmUp(_ passes: [PassKind], width: Int, height: Int) throws(RenderError) {
        let scene = try Self.warmUpScene(width: width, height: height)
        // The quad fills the frame, so the centre pixel is covered and every pass really draws.
        let pixel = try scene.pixel(x: width / 2, y: height / 2)
        for pass in passes {
            switch pass {
            case .color(let shading): try drawColorPass(scene, shading: shading, scissor: (pixel.x, pixel.glRow))
            case .pick: _ = try pickID(scene, pixel: pixel, candidates: PixelCandidates(scene: scene, pixel: pixel))
            }
        }
        buffers.release(scene.layers[0].geometry, gl)
    }

    private static func warmUpScene(width: Int, height: Int) throws(RenderError) -> Scene {
        // A closed mesh (culling on, like the brain) with both windings, so half faces the camera.
        let mesh = RenderMesh(positions: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(1, 1, 0), SIMD3(0, 1, 0)],
                              normals: Array(repeating: SIMD3(0, 0, 1), count: 4),
                              triangles: [0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2])
        let geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: [1, 1, 1, 1])
        let layer = Scene.Layer(geometry: geometry, colors: [RGB(128, 128, 128)])
        return try Scene(layers: [layer], direction: ViewDirection(forward: SIMD3(0, 0, -1), up: SIMD3(0, 1, 0)),
                         width: width, height: height)
    }
}

import BrainAtlas
import Testing
@testable import BrainRender

/// See-through layers look the same whatever order their triangles or layers come in: each glass
/// layer shows only its nearest surface, and layers blend farthest first (`SeeThroughOrder`).
@Suite(.serialized) struct SortedTransparencyTests {
    /// One glass mesh of two ellipsoids, the second behind the first in a lateral-left view (so
    /// the mesh covers itself), over an opaque synthetic hemisphere; `reversed` lists the glass
    /// mesh's triangles in the opposite order.
    static func glassLayer(reversed: Bool, offset: SIMD3<Float> = .zero, opacity: Float = 0.3) throws -> Scene.Layer {
        let (one, _) = SyntheticBrain.hemisphere(isLeft: true, rings: 24, segments: 48)
        let n = UInt32(one.vertexCount)
        let near = one.positions.map { $0 * 1.1 + offset }
        let far = one.positions.map { $0 * 1.1 + offset + SIMD3<Float>(40, 6, 4) }
        var triangles = one.triangles + one.triangles.map { $0 + n }
        if reversed {
            // Whole triangles in the opposite order, each keeping its winding.
            triangles = stride(from: triangles.count - 3, through: 0, by: -3).flatMap { Array(triangles[$0..<($0 + 3)]) }
        }
        let mesh = RenderMesh(positions: near + far, normals: one.normals + one.normals, triangles: triangles, isClosed: true)
        let geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: [UInt32](repeating: 0, count: mesh.vertexCount))
        return Scene.Layer(geometry: geometry, colors: [RGB(120, 170, 230)], opacity: opacity)
    }

    static func draw(_ layers: [Scene.Layer], direction: ViewDirection = .named(.lateral, hemisphereIsLeft: true)) throws -> RenderedImage {
        let scene = try Scene(layers: layers, direction: direction, width: 240, height: 180)
        return try GLContext(width: 240, height: 180).renderImage(scene, shading: .lit)
    }

    @Test func reversedTriangleOrderDrawsTheSameGlass() throws {
        let brain = try SyntheticBrain.layers([true])[0]
        for direction in [ViewDirection.named(.lateral, hemisphereIsLeft: true), .named(.superior, hemisphereIsLeft: true),
                          .named(.anterior, hemisphereIsLeft: true), .named(.lateral, hemisphereIsLeft: false)] {
            let forward = try Self.draw([brain, Self.glassLayer(reversed: false)], direction: direction)
            let backward = try Self.draw([brain, Self.glassLayer(reversed: true)], direction: direction)
            let differing = stride(from: 0, to: forward.rgba.count, by: 4).filter {
                forward.rgba[$0..<($0 + 4)] != backward.rgba[$0..<($0 + 4)]
            }.count
            #expect(differing == 0, "\(direction): \(differing) pixels differ")
        }
    }

    @Test func glassShowsItsNearestSurfaceOnly() throws {
        // The same two ellipsoids as separate layers: the far one at opacity 0 adds nothing but
        // keeps the framing. Wherever the near one is drawn, the one-mesh glass must match it:
        // the far surface behind adds no second blend.
        let (one, _) = SyntheticBrain.hemisphere(isLeft: true, rings: 24, segments: 48)
        func layer(_ shift: SIMD3<Float>, opacity: Float) throws -> Scene.Layer {
            let mesh = RenderMesh(positions: one.positions.map { $0 * 1.1 + shift }, normals: one.normals,
                                  triangles: one.triangles, isClosed: true)
            let geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: [UInt32](repeating: 0, count: mesh.vertexCount))
            return Scene.Layer(geometry: geometry, colors: [RGB(120, 170, 230)], opacity: opacity)
        }
        let together = try Self.draw([Self.glassLayer(reversed: false)])
        let nearAlone = try Self.draw([layer(.zero, opacity: 0.3), layer(SIMD3(40, 6, 4), opacity: 0)])
        var covered = 0, differing = 0
        for i in stride(from: 0, to: nearAlone.rgba.count, by: 4) where nearAlone.rgba[i..<(i + 3)] != [255, 255, 255] {
            covered += 1
            if nearAlone.rgba[i..<(i + 4)] != together.rgba[i..<(i + 4)] { differing += 1 }
        }
        #expect(covered > 5000)
        #expect(differing == 0, "\(differing) of \(covered) pixels")
    }

    @Test func layerOrderDoesNotChangeTheImage() throws {
        let brain = try SyntheticBrain.layers([true])[0]
        let inner = try Self.glassLayer(reversed: false, opacity: 0.4)
        // A shell around the glass: its nearest corner is always nearer, so it blends last.
        let (one, _) = SyntheticBrain.hemisphere(isLeft: true, rings: 24, segments: 48)
        let centre = SIMD3<Float>(-16, -12, 14)
        let shellMesh = RenderMesh(positions: one.positions.map { centre + ($0 - SIMD3<Float>(-36, -15, 12)) * 2.2 },
                                   normals: one.normals, triangles: one.triangles, isClosed: true)
        let shell = Scene.Layer(geometry: try SurfaceGeometry(mesh: shellMesh, vertexLabels: [UInt32](repeating: 0, count: shellMesh.vertexCount)),
                                colors: [AtlasScene.headColor], opacity: AtlasScene.headOpacity)
        for direction in [ViewDirection.named(.lateral, hemisphereIsLeft: true), .named(.posterior, hemisphereIsLeft: true)] {
            let a = try Self.draw([brain, inner, shell], direction: direction)
            let b = try Self.draw([shell, inner, brain], direction: direction)
            #expect(a.rgba == b.rgba, "\(direction)")
            #expect(SeeThroughOrder.farthestFirst([brain, inner, shell], forward: direction.forward) == [1, 2])
        }
    }
}

import BrainAtlas
import Testing
@testable import BrainRender

/// The CPU pick decision (`CertainPick`) on hand-made scenes where the right answer is known,
/// each checked against the GL pick pass too: nearest surface wins, the background is 0, back
/// faces of closed meshes are culled, and what rounding could decide (equal depths, a pixel
/// centre on a region border) is left to the GL.
@Suite(.serialized) struct CertainPickTests {
    /// Quads facing the camera (which looks down −z), each `(x0, x1, z, label)`, spanning y ±10.
    static func scene(_ quads: [(Float, Float, Float, UInt32)], closed: Bool = false, flipped: Bool = false,
                      width: Int = 64, height: Int = 48) throws -> Scene {
        var positions: [SIMD3<Float>] = [], triangles: [UInt32] = [], labels: [UInt32] = []
        for (x0, x1, z, label) in quads {
            let base = UInt32(positions.count)
            positions += [SIMD3(x0, -10, z), SIMD3(x1, -10, z), SIMD3(x1, 10, z), SIMD3(x0, 10, z)]
            labels += [label, label, label, label]
            // Counter-clockwise seen from +z (front faces), or clockwise when `flipped`.
            triangles += flipped ? [base, base + 2, base + 1, base, base + 3, base + 2]
                                 : [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        let mesh = RenderMesh(positions: positions, normals: Array(repeating: SIMD3(0, 0, 1), count: positions.count),
                              triangles: triangles, isClosed: closed)
        let geometry = try SurfaceGeometry(mesh: mesh, vertexLabels: labels)
        let colors = geometry.grouping.ranges.map { _ in RGB(200, 200, 200) }
        return try Scene(layers: [Scene.Layer(geometry: geometry, colors: colors)],
                         direction: ViewDirection(forward: SIMD3(0, 0, -1), up: SIMD3(0, 1, 0)), width: width, height: height)
    }

    /// The label of the range a pick id names (0 for the background).
    static func label(_ scene: Scene, _ id: UInt32?) -> UInt32? {
        guard let id else { return nil }
        return scene.pickTarget(id: id).map { scene.layers[$0.layer].geometry.grouping.ranges[$0.range].label } ?? 0
    }

    /// The image pixel whose centre is nearest to world point (x, y).
    static func pixel(_ scene: Scene, _ x: Float, _ y: Float) -> (Int, Int) {
        let p = scene.camera.project(SIMD3(x, y, 0))
        return (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
    }

    @Test func theNearestSurfaceWinsAndTheBackgroundIsZero() throws {
        let scene = try Self.scene([(-20, 10, 0, 1), (0, 20, 5, 2)])
        let picks = try GLContext(width: scene.width, height: scene.height).renderPickImage(scene)
        for (x, y, expected) in [(-15 as Float, 3 as Float, 1 as UInt32), (5, -4, 2), (15, 6, 2)] {
            let (px, py) = Self.pixel(scene, x, y)
            #expect(Self.label(scene, try scene.certainPickID(x: px, y: py)) == expected, "at \(x), \(y)")
            #expect(Self.label(scene, try picks.id(x: px, y: py)) == expected)
        }
        // The top row lies above the quads (the frame adds room for the image's aspect).
        #expect(try scene.certainPickID(x: 32, y: 0) == 0 && (try picks.id(x: 32, y: 0)) == 0)
    }

    @Test func equalDepthsWithDifferentRegionsAreLeftToTheGL() throws {
        // Two regions in one plane, overlapping over x 0…10: which wins is the drawing order's
        // business (depth test LESS keeps the first), not something to guess.
        let scene = try Self.scene([(-20, 10, 0, 1), (0, 20, 0, 2)])
        let (px, py) = Self.pixel(scene, 5, 0)
        #expect(try scene.certainPickID(x: px, y: py) == nil)
        // Outside the overlap each is certain.
        let (qx, qy) = Self.pixel(scene, -15, 0)
        #expect(Self.label(scene, try scene.certainPickID(x: qx, y: qy)) == 1)
    }

    @Test func backFacesOfClosedMeshesAreCulledAndOpenOnesDrawn() throws {
        for closed in [true, false] {
            let scene = try Self.scene([(-20, 20, 0, 1)], closed: closed, flipped: true)
            let picks = try GLContext(width: scene.width, height: scene.height).renderPickImage(scene)
            let (px, py) = Self.pixel(scene, 3, 2)
            let expected: UInt32 = closed ? 0 : 1
            #expect(Self.label(scene, try scene.certainPickID(x: px, y: py)) == expected, "closed: \(closed)")
            #expect(Self.label(scene, try picks.id(x: px, y: py)) == expected)
        }
    }

    @Test func aRegionBorderThroughAPixelCentreIsLeftToTheGL() throws {
        // Frame first, then put a border exactly on a pixel centre's x: only the GL's tie rule
        // knows which side owns that centre.
        let frame = try Self.scene([(-20, 20, 0, 1)])
        let (px, py) = Self.pixel(frame, 2, 0)
        let d = frame.camera.direction
        let centreX = frame.camera.center + d.right * ((Float(px) + 0.5) / Float(frame.width) * 2 - 1) * frame.camera.halfWidth
        let scene = try Self.scene([(-20, centreX.x, 0, 1), (centreX.x, 20, 0, 2)])
        #expect(scene.camera == frame.camera)
        #expect(try scene.certainPickID(x: px, y: py) == nil)
        // A pixel away from the border is certain again.
        #expect(Self.label(scene, try scene.certainPickID(x: px + 1, y: py)) == 2)
        #expect(Self.label(scene, try scene.certainPickID(x: px - 1, y: py)) == 1)
    }

    @Test func pixelsOutsideTheImageAreErrors() throws {
        let scene = try Self.scene([(-20, 20, 0, 1)])
        #expect(throws: RenderError.pixelOutside(x: 64, y: 0, width: 64, height: 48)) { try scene.certainPickID(x: 64, y: 0) }
    }
}

import BrainAtlas
import Testing
@testable import BrainRender

/// The pick test on the synthetic two-hemisphere brain: in a flat render, the pick at a
/// brain pixel names the range whose colour is at that pixel, and background pixels pick nothing.
@Suite(.serialized) struct PickConsistencyTests {
    static let cases: [(ViewName, Bool?)] = [
        (.lateral, true), (.lateral, false), (.medial, true), (.medial, false),
        (.superior, nil), (.inferior, nil), (.anterior, nil), (.posterior, nil),
    ]

    @Test(arguments: 0..<cases.count)
    func picksMatchFlatColors(_ index: Int) throws {
        let (view, left) = Self.cases[index]
        let sides = left.map { [$0] } ?? [true, false]
        let scene = try Scene(layers: try SyntheticBrain.layers(sides),
                              direction: .named(view, hemisphereIsLeft: left ?? true), width: 320, height: 240,
                              background: .color(RGB(0, 0, 0)))
        let context = try GLContext(width: 320, height: 240)
        let image = try context.renderImage(scene, shading: .flat)
        let picks = try context.renderPickImage(scene)

        var brain = 0, agree = 0, background = 0, backgroundWrong = 0
        for y in 0..<240 {
            for x in 0..<320 {
                let p = image.pixel(x: x, y: y)
                let id = try picks.id(x: x, y: y)
                if p.r == 0 && p.g == 0 && p.b == 0 {
                    background += 1
                    if id != 0 { backgroundWrong += 1 }
                    continue
                }
                brain += 1
                guard let target = scene.pickTarget(id: id) else { continue }
                let color = scene.layers[target.layer].colors[target.range]
                if color == RGB(p.r, p.g, p.b) { agree += 1 }
            }
        }
        #expect(brain >= 2000, "only \(brain) brain pixels in \(view)")
        #expect(Double(agree) >= 0.995 * Double(brain), "\(view): \(agree) of \(brain) picks agree")
        #expect(background > 1000)
        #expect(backgroundWrong == 0)

        // The one-pixel (scissored) pick used by the CLI gives the same ids as the full pass.
        var x = 7, y = 3
        for _ in 0..<40 {
            #expect(try context.pickID(scene, x: x, y: y) == (try picks.id(x: x, y: y)))
            x = (x + 71) % 320; y = (y + 37) % 240
        }
    }

    @Test func resolvedPointProjectsBackToThePixel() throws {
        let scene = try Scene(layers: try SyntheticBrain.layers([true]),
                              direction: .named(.lateral, hemisphereIsLeft: true), width: 400, height: 300)
        let context = try GLContext(width: 400, height: 300)
        let picks = try context.renderPickImage(scene)
        var checked = 0
        for (x, y) in [(200, 150), (120, 90), (300, 200), (250, 100), (150, 210)] {
            guard let target = scene.pickTarget(id: try picks.id(x: x, y: y)) else { continue }
            let hit = try #require(PickResolver.resolve(scene: scene, target: target, pixel: try scene.pixel(x: x, y: y)))
            let back = scene.camera.project(hit.point)
            #expect(abs(back.x - (Float(x) + 0.5)) < 0.01 && abs(back.y - (Float(y) + 0.5)) < 0.01)
            // Lateral-left view: the visible surface is the hemisphere's left (lateral) side.
            #expect(hit.point.x < -36)
            // The reported vertex is a corner of the hit triangle, so within one mesh cell.
            let mesh = scene.layers[0].geometry.mesh
            let d = mesh.positions[hit.vertex] - hit.point
            #expect((d * d).sum().squareRoot() < 6)
            checked += 1
        }
        #expect(checked == 5)
    }

    @Test func pixelsOutsideTheImageAreErrors() throws {
        let scene = try Scene(layers: try SyntheticBrain.layers([true]),
                              direction: .named(.lateral, hemisphereIsLeft: true), width: 64, height: 48)
        let context = try GLContext(width: 64, height: 48)
        #expect(throws: RenderError.pixelOutside(x: 64, y: 0, width: 64, height: 48)) { try context.pickID(scene, x: 64, y: 0) }
        let picks = try context.renderPickImage(scene)
        #expect(throws: RenderError.pixelOutside(x: 0, y: -1, width: 64, height: 48)) { try picks.id(x: 0, y: -1) }
    }
}

import BrainAtlas
import Testing
@testable import BrainRender

/// The views put anterior/superior/left where the view definitions say, checked through the synthetic
/// brain's octant labels (label 1 + anterior + 2·superior + 4·lateral).
@Suite(.serialized) struct ViewOrientationTests {
    /// Mean image position of pixels whose label satisfies `where`.
    static func centroid(_ view: ViewDirection, sides: [Bool], where keep: (UInt32, Int) -> Bool) throws -> SIMD2<Double> {
        let scene = try Scene(layers: try SyntheticBrain.layers(sides), direction: view, width: 300, height: 200)
        let picks = try GLContext(width: 300, height: 200).renderPickImage(scene)
        var sum = SIMD2<Double>(0, 0), n = 0.0
        for y in 0..<200 {
            for x in 0..<300 {
                guard let t = scene.pickTarget(id: try picks.id(x: x, y: y)) else { continue }
                let label = scene.layers[t.layer].geometry.grouping.ranges[t.range].label
                if keep(label, t.layer) { sum += SIMD2(Double(x), Double(y)); n += 1 }
            }
        }
        try #require(n > 50)
        return sum / n
    }

    static func anterior(_ l: UInt32) -> Bool { (l - 1) & 1 != 0 }
    static func superior(_ l: UInt32) -> Bool { (l - 1) & 2 != 0 }

    @Test func lateralAndMedialPutAnteriorOnTheStatedSide() throws {
        for (view, left, anteriorOnLeft) in [(ViewName.lateral, true, true), (.lateral, false, false),
                                              (.medial, true, false), (.medial, false, true)] {
            let dir = ViewDirection.named(view, hemisphereIsLeft: left)
            let front = try Self.centroid(dir, sides: [left]) { l, _ in Self.anterior(l) }
            let back = try Self.centroid(dir, sides: [left]) { l, _ in !Self.anterior(l) }
            #expect((front.x < back.x) == anteriorOnLeft, "\(view) \(left ? "left" : "right")")
            let top = try Self.centroid(dir, sides: [left]) { l, _ in Self.superior(l) }
            let bottom = try Self.centroid(dir, sides: [left]) { l, _ in !Self.superior(l) }
            #expect(top.y < bottom.y, "superior up in \(view)")
        }
    }

    @Test func lateralShowsTheOutsideAndMedialTheInside() throws {
        for (view, lateralVisible) in [(ViewName.lateral, true), (.medial, false)] {
            let scene = try Scene(layers: try SyntheticBrain.layers([true]),
                                  direction: .named(view, hemisphereIsLeft: true), width: 200, height: 150)
            let stats = try GLContext(width: 200, height: 150).renderPickImage(scene).statistics()
            var lateral = 0, medial = 0
            for (id, s) in stats {
                let t = try #require(scene.pickTarget(id: id))
                let label = scene.layers[0].geometry.grouping.ranges[t.range].label
                if (label - 1) & 4 != 0 { lateral += s.pixels } else { medial += s.pixels }
            }
            #expect(lateralVisible ? lateral > 50 * medial : medial > 50 * lateral, "\(view): \(lateral) vs \(medial)")
        }
    }

    @Test func topDownFrontBackViewsPutTheLeftHemisphereOnTheStatedSide() throws {
        // Layer 0 is the left hemisphere, layer 1 the right one.
        for (view, leftOnImageLeft) in [(ViewName.superior, true), (.inferior, false), (.anterior, false), (.posterior, true)] {
            let dir = ViewDirection.named(view, hemisphereIsLeft: true)
            let left = try Self.centroid(dir, sides: [true, false]) { _, layer in layer == 0 }
            let right = try Self.centroid(dir, sides: [true, false]) { _, layer in layer == 1 }
            #expect((left.x < right.x) == leftOnImageLeft, "\(view)")
        }
        // Superior and inferior: anterior up.
        for view in [ViewName.superior, .inferior] {
            let dir = ViewDirection.named(view, hemisphereIsLeft: true)
            let front = try Self.centroid(dir, sides: [true, false]) { l, _ in Self.anterior(l) }
            let back = try Self.centroid(dir, sides: [true, false]) { l, _ in !Self.anterior(l) }
            #expect(front.y < back.y, "anterior up in \(view)")
        }
    }

    @Test func anglesReproduceTheNamedViews() {
        func close(_ a: ViewDirection, _ b: ViewDirection) -> Bool {
            let d1 = a.forward - b.forward, d2 = a.up - b.up
            return (d1 * d1).sum() < 1e-8 && (d2 * d2).sum() < 1e-8
        }
        #expect(close(.angles(azimuth: -90, elevation: 0), .named(.lateral, hemisphereIsLeft: true)))
        #expect(close(.angles(azimuth: 90, elevation: 0), .named(.lateral, hemisphereIsLeft: false)))
        #expect(close(.angles(azimuth: 0, elevation: 0), .named(.anterior, hemisphereIsLeft: true)))
        #expect(close(.angles(azimuth: 180, elevation: 0), .named(.posterior, hemisphereIsLeft: true)))
        #expect(close(.angles(azimuth: 0, elevation: 90), .named(.superior, hemisphereIsLeft: true)))
        #expect(close(.angles(azimuth: 0, elevation: -90), .named(.inferior, hemisphereIsLeft: true)))
    }

    @Test func lateralAndMedialRefuseBothHemispheres() throws {
        #expect(throws: FieldError("hemi", value: "both", "cannot be used with {view} medial, which shows one hemisphere; use left or right")) {
            try SceneRequest(["view": "medial", "hemi": "both"])
        }
        #expect(try SceneRequest(["view": "medial"]).resolvedHemisphere() == .left)
        #expect(try SceneRequest(["view": "superior"]).resolvedHemisphere() == .both)
    }
}

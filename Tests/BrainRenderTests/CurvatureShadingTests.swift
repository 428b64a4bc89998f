import BrainAtlas
import Foundation
import Testing
@testable import BrainRender

/// Curvature shading on the bundled atlas: on by default on inflated surfaces, darker sulci and
/// lighter gyri within one region, and no effect on pick or flat images. Needs AtlasData whose
/// cortex SRFs carry curvature greys (`build-atlas` after curvature was added).
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct CurvatureShadingTests {
    static func request(_ surface: SceneRequest.Surface, _ view: ViewName = .lateral, curvature: Bool? = nil,
                        shading: Shading = .lit) throws -> SceneRequest {
        var more = ["shading": shading.rawValue, "aa": "off"]
        if let curvature { more["curvature"] = curvature ? "on" : "off" }
        return try AtlasViewTests.request("gyri", view, .left, surface: surface, more)
    }

    static func build(_ request: SceneRequest) throws -> AtlasScene {
        try AtlasScene.build(request, assets: BundledAtlas.assets!)
    }

    @Test func onByDefaultForInflatedOffForPial() throws {
        let mesh = try BundledAtlas.assets!.mesh(.cortex(.inflated, .left))
        let curvature = try #require(mesh.curvature, "AtlasData meshes carry no curvature greys: rebuild with build-atlas")
        #expect(curvature.count == mesh.vertexCount && curvature.allSatisfy { (-1...1).contains($0) })
        #expect(try BundledAtlas.assets!.mesh(.cortex(.pial, .left)).curvature == curvature)
        #expect(try Self.build(Self.request(.inflated)).scene.layers[0].curvature)
        #expect(try !Self.build(Self.request(.pial)).scene.layers[0].curvature)
        #expect(try Self.build(Self.request(.pial, curvature: true)).scene.layers[0].curvature)
        #expect(try !Self.build(Self.request(.inflated, curvature: false)).scene.layers[0].curvature)
        // Split border vertices interpolate the convexity of their edge's ends.
        let drawn = try Self.build(Self.request(.inflated)).scene.layers[0].geometry.mesh
        #expect(drawn.curvature?.count == drawn.vertexCount && drawn.vertexCount > mesh.vertexCount)
        #expect(Array(drawn.curvature!.prefix(mesh.vertexCount)) == curvature)
    }

    /// One visible vertex's pixel: brightness (r + g + b) with and without shading, and its convexity.
    struct Sample {
        let shaded: Double
        let plain: Double
        let convexity: Float
    }

    /// Samples at the pixels of visible, camera-facing input vertices that are deep in a sulcus
    /// (convexity < −0.6) or on a gyral crown (> 0.6), per region label. Both images show the same
    /// geometry from the same camera, so a sample's two values differ by the shading alone.
    static func samples(_ scene: AtlasScene, shaded: RenderedImage, plain: RenderedImage, pick: IndexImage) -> [UInt32: [Sample]] {
        let geometry = scene.scene.layers[0].geometry, camera = scene.scene.camera
        let inputCount = try! BundledAtlas.assets!.mesh(.cortex(.inflated, .left)).vertexCount
        let rangeOf = Dictionary(uniqueKeysWithValues: geometry.grouping.ranges.enumerated().map { ($0.element.label, $0.offset) })
        let first = scene.scene.pickIDs.first[0]
        var out: [UInt32: [Sample]] = [:]
        for i in 0..<inputCount {
            let c = geometry.mesh.curvature![i]
            guard abs(c) > 0.6, dot(geometry.mesh.normals[i], -camera.direction.forward) > 0.6 else { continue }
            let p = camera.project(geometry.mesh.positions[i])
            let (x, y) = (Int(p.x), Int(p.y))
            guard x >= 0, y >= 0, x < pick.width, y < pick.height else { continue }
            let label = geometry.vertexLabels[i]
            guard let range = rangeOf[label], pick.ids[y * pick.width + x] == first + UInt32(range) else { continue }
            // A channel clipped at white in the unshaded picture hides part of the darkening.
            let unshaded = plain.pixel(x: x, y: y)
            guard max(unshaded.r, unshaded.g, unshaded.b) < 250 else { continue }
            func brightness(_ image: RenderedImage) -> Double {
                let px = image.pixel(x: x, y: y)
                return Double(px.r) + Double(px.g) + Double(px.b)
            }
            out[label, default: []].append(Sample(shaded: brightness(shaded), plain: brightness(plain), convexity: c))
        }
        return out
    }

    static func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(max(1, v.count)) }

    @Test(arguments: [ViewName.lateral, .medial])
    func deepSulciAreDarkerThanGyriOfTheSameRegion(view: ViewName) throws {
        try #require(try BundledAtlas.assets!.mesh(.cortex(.inflated, .left)).curvature != nil, "AtlasData predates curvature greys")
        let context = try GLContext(width: 512, height: 384)
        let on = try Self.build(Self.request(.inflated, view))
        let off = try Self.build(Self.request(.inflated, view, curvature: false))
        #expect(on.scene.layers[0].curvature && !off.scene.layers[0].curvature)
        let pick = try context.renderPickImage(on.scene)
        let shaded = try context.renderImage(on.scene, shading: .lit), plain = try context.renderImage(off.scene, shading: .lit)
        var compared = 0
        for (label, samples) in Self.samples(on, shaded: shaded, plain: plain, pick: pick) {
            let sulcal = samples.filter { $0.convexity < 0 }, gyral = samples.filter { $0.convexity > 0 }
            guard sulcal.count >= 15, gyral.count >= 15 else { continue }
            // At the same pixel, the shading darkens sulci by 1 − 0.35·|c| (≤ 0.79 here) and
            // lightens gyri by up to 8 % (less where the colour saturates).
            let sulcalGain = Self.mean(sulcal.map(\.shaded)) / Self.mean(sulcal.map(\.plain))
            let gyralGain = Self.mean(gyral.map(\.shaded)) / Self.mean(gyral.map(\.plain))
            #expect(sulcalGain < 0.82, "\(view) label \(label): sulci at \(sulcalGain) of their unshaded brightness")
            #expect(gyralGain >= 1 && gyralGain < 1.09, "\(view) label \(label): gyri at \(gyralGain)")
            // Against the region's own gyri: the sulcus/gyrus brightness ratio drops by the
            // shading whatever the lights did (they alone can make sulci the brighter side).
            let shadedRatio = Self.mean(sulcal.map(\.shaded)) / Self.mean(gyral.map(\.shaded))
            let plainRatio = Self.mean(sulcal.map(\.plain)) / Self.mean(gyral.map(\.plain))
            #expect(shadedRatio < plainRatio * 0.8, "\(view) label \(label): \(shadedRatio) vs unshaded \(plainRatio)")
            compared += 1
        }
        #expect(compared >= 3, "\(view): only \(compared) regions with enough sulcal and gyral pixels")
    }

    @Test(arguments: [SceneRequest.Surface.inflated, .pial])
    func pickAndFlatImagesIgnoreCurvature(surface: SceneRequest.Surface) throws {
        let context = try GLContext(width: 384, height: 288)
        let on = try Self.build(Self.request(surface, curvature: true, shading: .flat))
        let off = try Self.build(Self.request(surface, curvature: false, shading: .flat))
        #expect(on.scene.layers[0].curvature && !off.scene.layers[0].curvature)
        #expect(try context.renderPickImage(on.scene).ids == (try context.renderPickImage(off.scene).ids))
        let flatOn = try context.renderImage(on.scene, shading: .flat)
        #expect(flatOn.rgba == (try context.renderImage(off.scene, shading: .flat).rgba))
        // And a lit render does change with it.
        #expect(try context.renderImage(on.scene, shading: .lit).rgba != (try context.renderImage(off.scene, shading: .lit).rgba))
    }

    @Test func requestFieldIsValidatedAndNamed() throws {
        var fields: [String: String] = [:]
        fields["curvature"] = "sometimes"
        #expect(throws: FieldError("curvature", value: "sometimes", "is not on or off")) { try SceneRequest(fields) }
        fields["curvature"] = "ON"
        #expect(try SceneRequest(fields).curvature == true)
        fields["curvature"] = "off"
        fields["surface"] = "inflated"
        #expect(try SceneRequest(fields).showsCurvature == false)
        fields["curvature"] = nil
        #expect(try SceneRequest(fields).showsCurvature)
        fields["surface"] = "pial"
        #expect(try SceneRequest(fields).showsCurvature == false)
        fields["curvature"] = "on"
        fields["mesh"] = "cube.srf"
        let error = #expect(throws: FieldError.self) { try SceneRequest(fields) }
        #expect(error?.field == "curvature")
    }

    @Test func shadingFactorSpansTheDocumentedRange() {
        let s = CurvatureShading.standard
        #expect(s.factor(convexity: 0) == 1)
        #expect(abs(s.factor(convexity: -1) - 0.65) < 1e-6)
        #expect(abs(s.factor(convexity: 1) - 1.08) < 1e-6)
        #expect(CurvatureShading.off.factor(convexity: -1) == 1)
    }
}

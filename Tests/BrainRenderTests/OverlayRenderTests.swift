import BrainAtlas
import BrainFormats
import BrainMaps
import Foundation
import Testing
@testable import BrainRender

/// Volume maps on the bundled cortex: a blob placed just under a pial vertex colours that vertex,
/// and `pick` reports the map's value at the picked point.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct OverlayRenderTests {
    /// A 2 mm MNI NIfTI whose value is `field` at each voxel centre.
    static func writeMap(_ field: (SIMD3<Double>) -> Float) throws -> URL {
        let dims = [91, 109, 91]
        let affine: [[Double]] = [[-2, 0, 0, 90], [0, 2, 0, -126], [0, 0, 2, -72], [0, 0, 0, 1]]
        var values = [Float](repeating: 0, count: dims.reduce(1, *))
        for k in 0..<dims[2] { for j in 0..<dims[1] { for i in 0..<dims[0] {
            values[i + dims[0] * (j + dims[1] * k)] = field(SIMD3(90 - 2 * Double(i), -126 + 2 * Double(j), -72 + 2 * Double(k)))
        } } }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID().uuidString).nii")
        try AtomicFile.write(Data(try NIfTIFile(float32: values, dims: dims, affine: affine, sformCode: 4, name: "map.nii").encoded()), to: url)
        return url
    }

    static func request(_ map: URL, surface: String = "pial", extra: [String: String] = [:]) throws -> SceneRequest {
        var given = ["view": "lateral", "hemi": "left", "size": "512x384", "surface": surface, "overlay": map.path]
        given.merge(extra) { $1 }
        return try SceneRequest(given)
    }

    @Test func theVertexOverAPeakIsColoredAndFarOnesAreNot() throws {
        let assets = try #require(BundledAtlas.assets)
        let pial = try assets.mesh(.cortex(.pial, .left))
        // The most lateral vertex (smallest x), in plain view from the left.
        let vertex = pial.positions.indices.min { pial.positions[$0].x < pial.positions[$1].x }!
        let peak = SIMD3<Double>(pial.positions[vertex]) - 1.5 * SIMD3<Double>(pial.normals[vertex])
        let map = try Self.writeMap { p in let d = p - peak; return 8 * Float(exp(-(d * d).sum() / 32)) }
        defer { try? FileManager.default.removeItem(at: map) }
        for surface in ["pial", "inflated"] {
            let scene = try AtlasScene.build(try Self.request(map, surface: surface, extra: ["threshold": "3,8"]), assets: assets)
            let layer = scene.scene.layers[0]
            let colors = try #require(layer.overlay)
            let drawn = try #require(layer.geometry.sourceVertex.firstIndex(of: UInt32(vertex)))
            #expect(colors[drawn] >> 24 < 128, "\(surface): the vertex over the peak is past the threshold (alpha < ½)")
            #expect(colors[drawn] & 0xFF == 255 && (colors[drawn] >> 16) & 0xFF == 0, "\(surface): a warm colour")
            let far = pial.positions.indices.max { pial.positions[$0].x < pial.positions[$1].x }!
            let farDrawn = try #require(layer.geometry.sourceVertex.firstIndex(of: UInt32(far)))
            #expect(colors[farDrawn] >> 24 > 128 && colors[farDrawn] & 0xFF_FFFF == 0,
                    "\(surface): a medial vertex (value 0) is below the threshold, with no colour")
            #expect(layer.colors.allSatisfy { $0 == AtlasScene.unlabelledColor }, "under a map the atlas has no fill")
        }
    }

    @Test func theRenderShowsMapColorsOnlyWithAMap() throws {
        let assets = try #require(BundledAtlas.assets)
        let pial = try assets.mesh(.cortex(.pial, .left))
        let vertex = pial.positions.indices.min { pial.positions[$0].x < pial.positions[$1].x }!
        let peak = SIMD3<Double>(pial.positions[vertex])
        let map = try Self.writeMap { p in let d = p - peak; return 8 * Float(exp(-(d * d).sum() / 32)) }
        defer { try? FileManager.default.removeItem(at: map) }
        func warmPixels(_ request: SceneRequest) throws -> Int {
            let context = try GLContext(width: request.width, height: request.height)
            let image = try AtlasScene.build(request, assets: assets).image(context: context)
            return stride(from: 0, to: image.rgba.count, by: 4).filter { i in
                image.rgba[i] > 240 && image.rgba[i + 2] < 40 && image.rgba[i + 1] > 100
            }.count
        }
        #expect(try warmPixels(try Self.request(map, extra: ["threshold": "3,8", "atlas": "none"])) > 20)
        let plain = try SceneRequest(["view": "lateral", "hemi": "left", "size": "512x384", "atlas": "none"])
        #expect(try warmPixels(plain) == 0)
    }

    @Test func pickReportsTheMapValueAtThePoint() throws {
        // value = x + 2y + 3z: trilinear sampling is exact for it, so the value is the point's.
        let map = try Self.writeMap { p in Float(p.x + 2 * p.y + 3 * p.z) }
        defer { try? FileManager.default.removeItem(at: map) }
        let request = try Self.request(map, extra: ["threshold": "1"])
        let report = try RenderJobs.pick(request, data: nil, x: 200, y: 150)
        let mni = try #require(report.mni)
        let value = try #require(report.value.flatMap { $0 })
        // mni is rounded to 0.01 mm: the sum can move by 6 × 0.005.
        #expect(abs(value - (mni[0] + 2 * mni[1] + 3 * mni[2])) < 0.031)
        let off = try RenderJobs.pick(request, data: nil, x: 2, y: 2)
        #expect(off.region == nil && off.value == .some(nil), "off the brain: value null")
    }

    @Test func badOverlayRequestsNameTheirField() throws {
        let map = try Self.writeMap { _ in 1 }
        defer { try? FileManager.default.removeItem(at: map) }
        #expect(throws: FieldError.self) { try Self.request(map, extra: ["shading": "flat"]) }
        for (extra, field) in [(["cmap": "rainbow"], "cmap"), (["atlas": "none", "legend": "on"], "legend"),
                               (["clusterMin": "-5"], "clusterMin"), (["legend": "on"], "legend"), (["threshold": "3,x"], "threshold")] {
            let error = try #require(throws: FieldError.self) { try Self.request(map, extra: extra) }
            #expect(error.field == field)
        }
    }
}

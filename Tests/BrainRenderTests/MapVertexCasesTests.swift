import Foundation
import Testing
import BrainAtlas
@testable import BrainMaps
@testable import BrainRender

extension RendererContractTests {
    /// A volume map over the curved grid (`curvedGrid`), its values varying in both signs, with one
    /// vertex whose line meets −2 before +2: a tie of magnitudes, which both renderers give to the
    /// positive value.
    static func gridMapVolume() -> MapVolume {
        // Voxel (i, j, k) is MNI (i − 1, j − 1, k − 5): the grid (0…8, 0…8, 0…1.2) and 3 mm below it.
        let dims = SIMD3(12, 12, 10)
        var values = [Float](repeating: 0, count: dims.x * dims.y * dims.z)
        for k in 0..<dims.z {
            for j in 0..<dims.y {
                for i in 0..<dims.x {
                    values[i + dims.x * (j + dims.y * k)] = Float(i - 5) * 1.25 + Float(j % 3) * 0.5 - Float(k) * 0.25
                }
            }
        }
        // Vertex 2 lies at (4, 0, 0): voxel column i = 5, j = 1 holds −2 at its pial point, +2 one mm down.
        for k in 0..<dims.z { values[5 + dims.x * (1 + dims.y * k)] = k == 5 ? -2 : k == 4 ? 2 : 0 }
        return MapVolume(name: "grid", values: values, dims: dims,
                         affine: [[1, 0, 0, -1], [0, 1, 0, -1], [0, 0, 1, -5]], space: .mni)
    }

    /// The map on the device (`map-colours.js`): the value each vertex shows for each sign choice
    /// (from the strongest positive and negative samples the server sends), and the per-vertex
    /// colour and alpha the lit pass draws, rims included, for every drawn vertex of the split grid.
    @Test func mapVertexCasesAreWritten() throws {
        let (mesh, labels) = Self.curvedGrid()
        let split = BorderSplit(mesh: mesh, labels: labels, absorbIslands: false)
        let volume = Self.gridMapVolume()
        func ints<T: BinaryInteger>(_ v: [T]) -> String { "[" + v.map { String($0) }.joined(separator: ", ") + "]" }
        func floats(_ v: [Float]) -> String { "[" + v.map { "\($0)" }.joined(separator: ", ") + "]" }

        var plain = OverlayOptions()
        plain.file = "grid.nii"
        plain.threshold = [1]
        plain.twoSided = true
        let sampler = try MapOverlay(volume: volume, options: plain)
        let sampled = [MapDisplay.Signs.positive, .negative, .both].map {
            SurfaceMapSampling.values(sampler, positions: mesh.positions, normals: mesh.normals, signs: $0)
        }
        #expect(sampled[2][2] == 2, "the tie at vertex 2 goes to the positive value")

        var rows: [String] = []
        for scale in OverlayColorScale.allCases {
            for twoSided in [true, false] {
                for threshold in [[1.5, 6], [3.0]] {
                    var options = plain
                    options.threshold = threshold
                    options.twoSided = twoSided
                    options.colorScale = scale
                    let overlay = try MapOverlay(volume: volume, options: options)
                    let values = SurfaceMapSampling.values(overlay, positions: mesh.positions, normals: mesh.normals)
                    let encoded = AtlasScene.vertexOverlay(overlay, values: values, triangles: mesh.triangles)
                    let drawn = split.sourceVertex.map { encoded[Int($0)] }
                    let bytes = drawn.flatMap { [$0 & 255, $0 >> 8 & 255, $0 >> 16 & 255, $0 >> 24] }
                    rows.append("  {\"display\": {\"threshold\": \(overlay.threshold), \"upper\": \(overlay.upper), "
                        + "\"signs\": \"\(overlay.signs.rawValue)\", \"scale\": \"\(scale.rawValue)\"},\n   \"values\": \(floats(values)),\n   "
                        + "\"rgba\": \(ints(bytes))}")
                }
            }
        }
        let text = "{\n\"positive\": \(floats(sampled[0])),\n\"negative\": \(floats(sampled[1])),\n\"both\": \(floats(sampled[2])),\n"
            + "\"triangles\": \(ints(mesh.triangles)),\n\"sourceVertex\": \(ints(split.sourceVertex)),\n\"displays\": [\n"
            + rows.joined(separator: ",\n") + "\n]}\n"
        try check("tests/cases/map-vertices.json", equals: text)
    }
}

import BrainAtlas
import BrainImage
import BrainMaps
@testable import BrainReport
import Foundation
import Testing

/// The glass brain's projections against a brute-force maximum along every line of sight, on a map
/// with two planted blobs of opposite sign, and the cluster numbers against the cells they name.
@Suite struct GlassBrainTests {
    /// MNI152's 2 mm grid: voxel (i, j, k) at (2i − 90, 2j − 126, 2k − 72).
    static let dims = SIMD3(91, 109, 91)
    static let affine: [[Double]] = [[2, 0, 0, -90], [0, 2, 0, -126], [0, 0, 2, -72]]
    /// A positive blob in the right hemisphere and a negative one in the left, as (centre, peak).
    static let blobs: [(centre: SIMD3<Double>, peak: Float)] = [(SIMD3(40, -20, 10), 6), (SIMD3(-30, 30, -10), -5)]

    static func plantedMap() -> MapVolume {
        var values = [Float](repeating: 0, count: dims.x * dims.y * dims.z)
        for k in 0..<dims.z {
            for j in 0..<dims.y {
                for i in 0..<dims.x {
                    let p = SIMD3(2 * Double(i) - 90, 2 * Double(j) - 126, 2 * Double(k) - 72)
                    for b in blobs {
                        let d = p - b.centre
                        let r2 = (d * d).sum()
                        if r2 <= 100 { values[i + dims.x * (j + dims.y * k)] += b.peak * Float(exp(-r2 / 50)) }
                    }
                }
            }
        }
        return MapVolume(name: "planted", values: values, dims: dims, affine: affine, space: .mni)
    }

    static let threshold: Float = 2

    /// The largest-magnitude supra-threshold value on the line through `cell` of `view`, sampling
    /// the voxel whose extent holds each millimetre of depth: no splatting, one look per millimetre.
    static func bruteForce(_ map: MapVolume, view: GlassPlane.View, cell: (x: Int, y: Int)) -> Float {
        let (h, v) = view.axes
        let depth = 3 - h - v
        var mm = [0, 0, 0]
        mm[h] = view == .sagittal ? GlassPlane.box[h].upperBound - cell.x : GlassPlane.box[h].lowerBound + cell.x
        mm[v] = GlassPlane.box[v].upperBound - cell.y
        var best: Float = 0
        for d in GlassPlane.box[depth] {
            mm[depth] = d
            // Voxel n covers [2n − 91 + offset…) on each axis: the nearest centre, halves up.
            let index = (0..<3).map { r in Int(((Double(mm[r]) - affine[r][3] + 1) / 2).rounded(.down)) }
            guard index[0] >= 0, index[1] >= 0, index[2] >= 0, index[0] < dims.x, index[1] < dims.y, index[2] < dims.z else { continue }
            let value = map.values[index[0] + dims.x * (index[1] + dims.y * index[2])]
            if abs(value) >= threshold, abs(value) > abs(best) { best = value }
        }
        return best
    }

    @Test func projectionIsTheMaximumAlongEachLineOfSight() throws {
        let map = Self.plantedMap()
        let clusters = try ClusterFinder.clusters(in: map, options: ClusterOptions(threshold: Self.threshold, twoSided: true))
        #expect(clusters.count == 2)
        let projection = GlassProjection(map: map, clusters: clusters)
        for plane in projection.planes {
            // Brute force around each blob's projected centre (its core lies within 8 mm; 12 mm squares);
            // every other cell must be empty.
            let near = Self.blobs.compactMap { plane.cell(ofMNI: $0.centre) }
            var colored = 0
            for y in 0..<plane.height {
                for x in 0..<plane.width {
                    let value = plane.values[y * plane.width + x]
                    guard near.contains(where: { abs($0.x - x) <= 12 && abs($0.y - y) <= 12 }) else {
                        #expect(value == 0, "\(plane.view) cell \(x),\(y) far from both blobs")
                        continue
                    }
                    let expected = Self.bruteForce(map, view: plane.view, cell: (x, y))
                    #expect(value == expected, "\(plane.view) cell \(x),\(y)")
                    if expected != 0 { colored += 1 }
                }
            }
            // Each blob shows as a disc of its supra-threshold core: radius 7.4 mm (positive), 6.8 mm (negative),
            // about 320 mm² together, a little more on the 2 mm grid.
            #expect(colored > 250 && colored < 450, "\(plane.view): \(colored) cells")
            // Each blob's centre projects onto its own cell, with its peak value and its cluster.
            for b in Self.blobs {
                let c = try #require(plane.cell(ofMNI: b.centre))
                let i = c.y * plane.width + c.x
                #expect(abs(plane.values[i] - b.peak) < 1e-5, "\(plane.view): \(plane.values[i]) at the centre of the \(b.peak) blob")
                #expect(clusters[plane.clusters[i] - 1].sign == (b.peak > 0 ? 1 : -1))
            }
        }
        // Sagittal shows the front to the left and the top up; coronal and axial the left on the left.
        let sagittal = projection.plane(.sagittal), axial = projection.plane(.axial)
        let front = try #require(sagittal.cell(ofMNI: Self.blobs[1].centre)), back = try #require(sagittal.cell(ofMNI: Self.blobs[0].centre))
        #expect(front.x < back.x && front.y > back.y)
        let left = try #require(axial.cell(ofMNI: Self.blobs[1].centre)), right = try #require(axial.cell(ofMNI: Self.blobs[0].centre))
        #expect(left.x < right.x && left.y < right.y)
    }

    @Test func clusterNumbersSitOnTheirClusters() throws {
        let map = Self.plantedMap()
        let clusters = try ClusterFinder.clusters(in: map, options: ClusterOptions(threshold: Self.threshold, twoSided: true))
        let projection = GlassProjection(map: map, clusters: clusters)
        let empty = projection.planes.map { [Bool](repeating: false, count: $0.width * $0.height) }
        let overlay = try MapOverlay(volume: map, options: try OverlayOptions.read(["overlay": "planted.nii", "threshold": "2", "twoSided": "true"]))
        let text = try TextRenderer()
        let figure = GlassBrainFigure(projection: projection, outline: GlassOutline(brain: empty, deep: empty), overlay: overlay,
                                      scale: 2, text: text)
        // Both clusters numbered on all three projections.
        #expect(figure.numbers.count == 6)
        for n in figure.numbers {
            let plane = projection.plane(n.view)
            #expect(plane.clusters[n.cell.y * plane.width + n.cell.x] == n.cluster, "\(n.view) \(n.cluster)")
            // The number's box touches a square of two ems around its cell.
            let near = PixelRect(x: Int(n.anchor.x) - 2 * figure.textSize, y: Int(n.anchor.y) - 2 * figure.textSize,
                                 width: 4 * figure.textSize, height: 4 * figure.textSize)
            #expect(near.intersects(n.box), "\(n.view) \(n.cluster): \(n.box) far from \(n.anchor)")
            let panel = figure.panels[GlassPlane.View.allCases.firstIndex(of: n.view)!]
            #expect(panel.contains(x: Int(n.anchor.x), y: Int(n.anchor.y)))
            #expect(n.line.text == "\(n.cluster)")
        }
        // The picture shows the map's colours where it projects: the positive blob's centre is warm.
        let image = try figure.picture()
        let sagittal = projection.plane(.sagittal), panel = figure.panels[0]
        let c = try #require(sagittal.cell(ofMNI: Self.blobs[0].centre))
        let pixel = image[panel.x + c.x * 2, panel.y + c.y * 2]
        #expect(pixel.r == 255 && pixel.b < 60, "\(pixel)")
        // Vector forms carry the numbers as text.
        let svg = try figure.svg(text: text)
        #expect(svg.contains(">1</text>") && svg.contains(">2</text>"))
    }
}

import BrainAtlas
import Testing
@testable import BrainRender

@Suite struct BorderSplitTests {
    /// A strip of two triangles with labels 1,1,2 | 1,2,2 and one with three labels.
    static let positions: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(2, 0, 0), SIMD3(0, 2, 0), SIMD3(2, 2, 0), SIMD3(4, 0, 0)]

    static func mesh(_ triangles: [UInt32]) -> RenderMesh {
        RenderMesh(positions: positions, normals: positions.map { _ in SIMD3(0, 0, 1) }, triangles: triangles)
    }

    static func area(_ m: RenderMesh, _ t: Int) -> Float {
        let a = m.positions[Int(m.triangles[3 * t])], b = m.positions[Int(m.triangles[3 * t + 1])]
        let c = m.positions[Int(m.triangles[3 * t + 2])]
        return cross(b - a, c - a).z / 2    // signed: positive keeps the counter-clockwise winding
    }

    @Test func twoLabelTrianglesSplitAtEdgeMidpointsKeepingAreaAndWinding() throws {
        let split = BorderSplit(mesh: Self.mesh([0, 1, 2, 1, 3, 2]), labels: [1, 1, 2, 2, 0], relaxation: 0, absorbIslands: false)
        // Each triangle becomes three; the two shared-edge midpoints (labels 1 and 2) are shared.
        #expect(split.mesh.triangleCount == 6)
        #expect(split.mesh.vertexCount == 5 + 6)   // midpoints of edges 1-2, 0-2, 1-3: one copy per label
        var areaByLabel: [UInt32: Float] = [:]
        for t in 0..<split.mesh.triangleCount {
            let corners = (0..<3).map { split.labels[Int(split.mesh.triangles[3 * t + $0])] }
            #expect(Set(corners).count == 1, "piece \(t) has one label")
            #expect(Self.area(split.mesh, t) > 0)
            areaByLabel[corners[0], default: 0] += Self.area(split.mesh, t)
        }
        #expect(abs(areaByLabel[1, default: 0] + areaByLabel[2, default: 0] - 4) < 1e-5)
        // The border runs from the middle of edge 0-2 to the middle of edge 1-3 (x + y = 2 → 3 diagonal):
        // label 1 gets 1.5 of the first triangle's 2 and 0.5 of the second's.
        #expect(abs(areaByLabel[1, default: 0] - 2) < 1e-5)
        // Picks report input vertices carrying the same label.
        for v in 5..<split.mesh.vertexCount {
            #expect(split.labels[Int(split.sourceVertex[v])] == split.labels[v])
        }
    }

    @Test func threeLabelTrianglesMeetAtTheCentroid() throws {
        // Triangle 0-1-2 has labels 1, 2, 3; three outer vertices give each corner a same-label neighbour.
        let positions: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(2, 0, 0), SIMD3(0, 2, 0),
                                         SIMD3(-1, -1, 0), SIMD3(3, -1, 0), SIMD3(-1, 3, 0)]
        let mesh = RenderMesh(positions: positions, normals: positions.map { _ in SIMD3(0, 0, 1) },
                              triangles: [0, 1, 2, 0, 3, 1, 1, 3, 4, 2, 5, 0])
        let split = BorderSplit(mesh: mesh, labels: [1, 2, 3, 1, 2, 3], relaxation: 0, absorbIslands: false)
        var total: Float = 0
        for t in 0..<split.mesh.triangleCount {
            let corners = (0..<3).map { split.labels[Int(split.mesh.triangles[3 * t + $0])] }
            #expect(Set(corners).count == 1)
            #expect(Self.area(split.mesh, t) > 0)
            total += Self.area(split.mesh, t)
        }
        #expect(abs(total - 6) < 1e-5)
        // With cuts at midpoints the junction is the centroid, in one copy per label.
        let atCentroid = split.mesh.positions.indices.filter {
            let d = split.mesh.positions[$0] - SIMD3<Float>(2.0 / 3, 2.0 / 3, 0)
            return dot(d, d) < 1e-10
        }
        #expect(Set(atCentroid.map { split.labels[$0] }) == [1, 2, 3])
    }

    @Test func oneVertexIslandsTakeTheirNeighboursLabel() {
        // Vertex 2 (label 5) shares no triangle with another 5: it takes the most common
        // neighbour label (1); so does vertex 3, an island of 2 among 1s. Vertex 4 is in no triangle.
        let labels = IslandVertices.absorbed([1, 1, 5, 2, 9], triangles: [0, 1, 2, 1, 3, 2])
        #expect(labels == [1, 1, 1, 1, 9])
        // A spur: vertex 0 (label 2) has one label-2 neighbour (1) among five label-3 fan corners.
        let fan: [UInt32] = [0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 5, 0, 5, 1]
        #expect(IslandVertices.absorbed([2, 2, 3, 3, 3, 3], triangles: fan)[0] == 3)
        // Two same-label neighbours are kept.
        #expect(IslandVertices.absorbed([2, 2, 2, 3, 3, 3], triangles: fan)[0] == 2)
    }

    @Test func smoothedCutsStayOnTheirEdgesAndKeepTheArea() throws {
        // The border bends at the shared edge 1-2: relaxing moves the cuts, the area stays.
        let split = BorderSplit(mesh: Self.mesh([0, 1, 2, 1, 3, 2, 1, 4, 3]), labels: [1, 1, 2, 2, 2], absorbIslands: false)
        var total: Float = 0
        for t in 0..<split.mesh.triangleCount {
            #expect(Self.area(split.mesh, t) > 0)
            total += Self.area(split.mesh, t)
        }
        #expect(abs(total - 6) < 1e-5)
        for v in 5..<split.mesh.vertexCount {
            // Every cut vertex lies on a mesh edge at least `margin` from both ends.
            let p = split.mesh.positions[v]
            let onEdge = [(0, 2), (1, 2), (1, 3), (1, 4)].contains { a, b in
                let pa = Self.positions[a], pb = Self.positions[b]
                let s = dot(p - pa, pb - pa) / dot(pb - pa, pb - pa)
                let off = p - (pa + s * (pb - pa))
                return dot(off, off) < 1e-10 && s >= BorderCuts.margin - 1e-6 && s <= 1 - BorderCuts.margin + 1e-6
            }
            #expect(onEdge, "vertex \(v) at \(p)")
        }
    }

    @Test func uniformTrianglesAreKeptAsTheyAre() throws {
        let split = BorderSplit(mesh: Self.mesh([0, 1, 2, 1, 3, 2]), labels: [4, 4, 4, 4, 4], absorbIslands: false)
        #expect(split.mesh.triangles == [0, 1, 2, 1, 3, 2])
        #expect(split.mesh.vertexCount == 5)
    }
}

/// The border figure on the bundled atlas: flat lateral-left gyri at 1024×768, with and without
/// splitting, through the same camera.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct BorderRoughnessTests {
    @Test func splitBordersAreSmoother() throws {
        let request = try SceneRequest(["atlas": "gyri", "view": "lateral", "hemi": "left", "size": "1024x768", "shading": "flat"])
        let built = try AtlasScene.build(request, assets: BundledAtlas.assets!)
        let layer = built.scene.layers[0]
        let raw = try BundledAtlas.assets!.mesh(.cortex(.pial, .left))
        let labels = try BundledAtlas.assets!.library.atlas(named: "gyri").surfaceLabels(.left).regionIds.map { UInt32($0) }
        let whole = try SurfaceGeometry(mesh: raw, vertexLabels: labels, splitBorders: false)
        #expect(whole.grouping.ranges.map(\.label) == layer.geometry.grouping.ranges.map(\.label))
        let unsplit = try Scene(layers: [Scene.Layer(geometry: whole, colors: layer.colors)], direction: built.scene.direction,
                                width: 1024, height: 768)
        let context = try GLContext(width: 1024, height: 768)
        let white = RGB(255, 255, 255)
        let before = BorderRoughness.score(try context.renderImage(unsplit, shading: .flat), background: white)
        let after = BorderRoughness.score(try context.renderImage(built.scene, shading: .flat), background: white)
        var figures: [String] = []
        for relaxation in [0, 2, 6, 12] {
            let split = BorderSplit(mesh: raw, labels: labels, relaxation: relaxation)
            let geometry = try SurfaceGeometry(mesh: split.mesh, vertexLabels: split.labels, splitBorders: false)
            let scene = try Scene(layers: [Scene.Layer(geometry: geometry, colors: layer.colors)],
                                  direction: built.scene.direction, width: 1024, height: 768)
            figures.append("\(relaxation): \(BorderRoughness.score(try context.renderImage(scene, shading: .flat), background: white))")
        }
        print("border roughness, flat lateral-left gyri 1024×768: \(before) whole triangles, \(after) split; by relaxation steps \(figures)")
        // Measured: 16.8 → 13.7 (−18 %); what is left is mostly where folds hide one region behind another.
        #expect(after <= 0.83 * before, "\(after) vs \(before)")
        #expect(before > 10)   // the figure counts real borders
    }
}

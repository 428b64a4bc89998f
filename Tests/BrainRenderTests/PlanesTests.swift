import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainRender

/// The slicing mode's request field: every bad text is a `planes` FieldError before anything loads.
struct PlanesFieldTests {
    @Test(arguments: [
        ("1,2", "neither X,Y,Z"),
        ("a,b,c", "not a number"),
        ("0,0,300", "outside the volume"),
        ("0,-128,0", "outside the volume"),
        ("axial:nan", "not a number"),
        ("axial:inf", "not a number"),
        ("axial:1,axial:2", "twice"),
        ("axial:1,coronal:2,sagittal:3,axial:4", "at most three"),
        ("1,2,3,4", "at most three"),
        ("top:3", "axial:Z"),
        ("1,axial:2", "axial:Z"),
        ("", "neither X,Y,Z"),
    ])
    func badTextNamesTheField(text: String, problem: String) {
        do {
            _ = try SceneRequest(["planes": text])
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.field == "planes")
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
    }

    @Test func positionsRoundToVoxelCentres() throws {
        let all = try #require(try SceneRequest(["planes": "10.4,-3.5, 128"]).planes)
        #expect(all.positions == [.sagittal: 10, .coronal: -4, .axial: 128])
        #expect(all.text == "10,-4,128")
        let some = try #require(try SceneRequest(["planes": "Axial:-20,sagittal:-127"]).planes)
        #expect(some.positions == [.axial: -20, .sagittal: -127])
        #expect(some.orientations == [.sagittal, .axial])
        #expect(some.text == "sagittal:-127,axial:-20")
    }

    @Test func planesCannotCutAUserMesh() {
        #expect(throws: FieldError.self) { try SceneRequest(["planes": "0,0,0", "mesh": "/tmp/x.srf"]) }
    }

    @Test func planesWithoutAViewLookFromAnObliqueAngle() throws {
        let oblique = try SceneRequest(["planes": "-30,-12,8"])
        let angles = ScenePlanes.defaultAngles
        // The camera takes the side of each vertical plane that holds the origin, so the corner cut
        // away is the larger one: a sagittal plane left of the midline is seen from the right (at
        // x = −30 from the front left, only a small wedge of the head's side was open).
        #expect(try oblique.direction() == .angles(azimuth: -angles.azimuth, elevation: angles.elevation))
        #expect(oblique.viewLabel == "azimuth 45.0 elevation 30.0")
        #expect(try SceneRequest(["planes": "0,0,0"]).direction() == .angles(azimuth: angles.azimuth, elevation: angles.elevation))
        #expect(try SceneRequest(["planes": "20,30,-10"]).direction() == .angles(azimuth: -135, elevation: angles.elevation))
        #expect(try SceneRequest(["planes": "axial:40"]).direction() == .angles(azimuth: angles.azimuth, elevation: angles.elevation))
        // Every axis is seen at a slant, so each plane shows a face (none edge-on).
        let forward = try oblique.direction().forward
        #expect([forward.x, forward.y, forward.z].allSatisfy { abs($0) > 0.3 }, "\(forward)")
        // A view or an angle asked for is kept; without planes the default stays lateral.
        #expect(try SceneRequest(["planes": "-30,-12,8", "view": "lateral"]).direction() == .named(.lateral, hemisphereIsLeft: true))
        #expect(try SceneRequest(["planes": "-30,-12,8", "azimuth": "20"]).direction() == .angles(azimuth: 20, elevation: 0))
        #expect(try SceneRequest([:]).direction() == .named(.lateral, hemisphereIsLeft: true))
    }

    /// A shallow staircase of inside texels (rise one texel per three): where the linearly
    /// sampled edge crosses one half along each column, off the straight line it steps along.
    static func staircaseResidual(_ alpha: (Int) -> Double, side: Int) -> Double {
        var crossings: [(Double, Double)] = []
        for i in 20..<(side - 20) {
            for j in 0..<(side - 1) {
                let a = alpha(j * side + i), b = alpha((j + 1) * side + i)
                if a >= 0.5 && b < 0.5 { crossings.append((Double(i), Double(j) + (a - 0.5) / (a - b))) }
            }
        }
        let n = Double(crossings.count)
        let mx = crossings.map(\.0).reduce(0, +) / n, my = crossings.map(\.1).reduce(0, +) / n
        let slope = crossings.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +) / crossings.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
        return crossings.map { abs($0.1 - (my + slope * ($0.0 - mx))) }.max() ?? .infinity
    }

    @Test func thePlaneEdgeIsSmoothNotVoxelSteps() {
        let side = 96
        // Bright below the line j = 30 + i / 3, air (dark, joined to the border) above it.
        var grey = [UInt8](repeating: 0, count: side * side)
        for j in 0..<side { for i in 0..<side where j <= 30 + i / 3 { grey[j * side + i] = 200 } }
        let mask = HeadMask(grey: grey, side: side, threshold: 22)
        let edge = mask.smoothedEdge()
        let binary = Self.staircaseResidual({ mask.contains($0) ? 1 : 0 }, side: side)
        let smooth = Self.staircaseResidual({ Double(edge[$0]) / 255 }, side: side)
        #expect(binary > 0.3, "the voxel steps: \(binary) texel off the line")
        #expect(smooth < 0.12, "the smoothed edge: \(smooth) texel off the line")
        // Deep inside and far outside stay as they were.
        #expect(edge[5 * side + 50] == 255 && edge[90 * side + 50] == 0)
    }

    @Test func specksInTheAirAreLeftOffThePlane() {
        let side = 64
        // A 30 × 30 head, a 3 × 2 speck of bright noise in the air beside it, and a piece of
        // exactly the limit (8 × 8 = 64 texels, as an ear's rim) apart from both.
        var grey = [UInt8](repeating: 0, count: side * side)
        func fill(_ i0: Int, _ j0: Int, _ w: Int, _ h: Int) {
            for j in j0..<(j0 + h) { for i in i0..<(i0 + w) { grey[j * side + i] = 120 } }
        }
        fill(4, 4, 30, 30)
        fill(50, 10, 3, 2)
        fill(40, 45, 8, 8)
        let mask = HeadMask(grey: grey, side: side, threshold: 22)
        #expect(PlaneSection.smallestPiece == 64)
        #expect(!mask.contains(10 * side + 50) && !mask.contains(11 * side + 52), "the speck stays on the plane")
        #expect(mask.contains(45 * side + 40) && mask.contains(52 * side + 47), "a piece of the limit's size was dropped")
        #expect(mask.contains(20 * side + 20))
        #expect(mask.bounds.map { $0.i1 } == 47 && mask.bounds.map { $0.i0 } == 4)
        // Without the limit the speck is inside, as the air's flood alone leaves it.
        #expect(HeadMask(grey: grey, side: side, threshold: 22, smallestPiece: 0).contains(10 * side + 50))
    }

    @Test func cutAwayTakesTheCameraSideOfEachPlane() throws {
        let planes = try ScenePlanes(parsing: "axial:10,coronal:-5")
        // Seen from the front, right and above (forward points back, left and down).
        let cut = CutAway(planes: planes, forward: SIMD3(-0.5, -0.6, -0.6))
        #expect(cut.corner == SIMD3(0, -5, 10))
        #expect(cut.side == SIMD3(0, 1, 1), "no sagittal plane: x is not cut")
    }
}

/// The slicing mode drawn and picked on the active GL backend with the bundled atlas.
@Suite(.serialized, .enabled(if: BundledAtlas.assets != nil, "AtlasData with meshes not built"))
struct PlanesSceneTests {
    static func request(_ fields: [String: String]) throws -> SceneRequest {
        try SceneRequest(["width": "320", "height": "240", "planes": "-30,-12,8"].merging(fields) { $1 })
    }

    /// Three views that see the planes from different sides, each naming the planes it faces.
    static let views: [[String: String]] = [
        ["view": "lateral"],
        ["view": "anterior", "atlas": "subcortical"],
        ["azimuth": "-50", "elevation": "30", "atlas": "lobes"],
    ]

    @Test func picksOnPlanesNameWhatWhereGivesAtTheReportedPoint() throws {
        let assets = try #require(BundledAtlas.assets)
        let lookup = Lookup(library: assets.library)
        let context = try GLContext(width: 320, height: 240)
        var compared = 0, labelled = 0
        var planesSeen: Set<String> = []
        for fields in Self.views {
            let request = try Self.request(fields)
            let scene = try AtlasScene.build(request, assets: assets)
            let index = try context.renderPickImage(scene.scene)
            var onPlanes: [(Int, Int)] = []
            for y in 0..<index.height {
                for x in 0..<index.width {
                    if let target = scene.target(id: index.ids[y * index.width + x]),
                       scene.scene.layers[target.layer].plane != nil { onPlanes.append((x, y)) }
                }
            }
            #expect(onPlanes.count > 1000, "\(fields): \(onPlanes.count) plane pixels")
            // Every 7th plane pixel: spread over the planes, about 200 per view at this size.
            for (x, y) in stride(from: 0, to: onPlanes.count, by: max(1, onPlanes.count / 200)).map({ onPlanes[$0] }) {
                let report = try scene.pickReport(index: index, x: x, y: y, library: assets.library)
                let surface = try #require(report.surface)
                planesSeen.insert(surface)
                #expect(ScenePlanes.Orientation(rawValue: surface) != nil)
                #expect(report.vertex == nil)
                let mni = try #require(report.mni)
                #expect(mni.allSatisfy { $0 == $0.rounded() }, "a voxel centre: \(mni)")
                let answer = try lookup.lookup(SIMD3(mni[0], mni[1], mni[2]), space: .mni)
                let expected = try #require(answer.atlases.first { $0.name == request.atlas }).region
                #expect(report.region?.region == expected, "(\(x), \(y)) \(fields) at \(mni)")
                // The plane's own coordinate is the plane's position.
                let orientation = ScenePlanes.Orientation(rawValue: surface)!
                #expect(Int(mni[orientation.axis]) == request.planes!.positions[orientation])
                compared += 1
                if expected != nil { labelled += 1 }
            }
        }
        #expect(compared >= 600)
        #expect(labelled >= 50, "\(labelled) picks landed on a region")
        #expect(planesSeen == ["sagittal", "coronal", "axial"])
    }

    @Test func oneShotPickAnswersAsTheDrawnPickImage() throws {
        let assets = try #require(BundledAtlas.assets)
        let request = try Self.request(["azimuth": "-50", "elevation": "30"])
        let scene = try AtlasScene.build(request, assets: assets)
        let index = try GLContext(width: 320, height: 240).renderPickImage(scene.scene)
        for (x, y) in [(160, 120), (150, 110), (170, 100), (10, 10), (160, 200)] {
            let drawn = try scene.pickReport(index: index, x: x, y: y, library: assets.library)
            let oneShot = try RenderJobs.pick(request, data: nil, x: x, y: y)
            #expect(try BrainJSON.encode(oneShot) == BrainJSON.encode(drawn), "(\(x), \(y))")
        }
    }

    @Test func aPlanesRenderDiffersFromAPlainOneAndRepeatsExactly() throws {
        let assets = try #require(BundledAtlas.assets)
        let context = try GLContext(width: 320, height: 240)
        let request = try Self.request(["azimuth": "-50", "elevation": "30"])
        let plain = try SceneRequest(["width": "320", "height": "240", "azimuth": "-50", "elevation": "30"])
        let first = try AtlasScene.build(request, assets: assets).png(context: context)
        let second = try AtlasScene.build(request, assets: assets).png(context: context)
        let without = try AtlasScene.build(plain, assets: assets).png(context: context)
        #expect(first == second)
        #expect(first != without)
        // The cut shows the planes: the pick image holds all three, and the head beside them.
        let scene = try AtlasScene.build(request, assets: assets)
        let stats = try context.renderPickImage(scene.scene).statistics()
        let names = Set(stats.keys.compactMap { scene.target(id: $0).map { scene.layers[$0.layer].name } })
        #expect(names.isSuperset(of: ["head", "sagittal", "coronal", "axial"]))
    }

    @Test func theHighlightedRegionIsOutlinedOnThePlanes() throws {
        let assets = try #require(BundledAtlas.assets)
        let context = try GLContext(width: 320, height: 240)
        let request = try Self.request(["view": "lateral", "atlas": "lobes", "highlight": "frontal", "shading": "lit", "aa": "off"])
        let scene = try AtlasScene.build(request, assets: assets)
        let index = try context.renderPickImage(scene.scene)
        let ids = scene.highlightedIDs
        let planeIDs = ids.filter { id in scene.target(id: id).map { scene.scene.layers[$0.layer].plane != nil } ?? false }
        #expect(!planeIDs.isEmpty, "the highlight's ids include its voxels on the planes")
        #expect(index.ids.contains { planeIDs.contains($0) }, "and the sagittal plane shows it")
        // The colour pass outlines it there: decorated and plain images differ on plane pixels.
        let decorated = try scene.image(context: context), plain = try context.renderImage(scene.scene, shading: .lit)
        var outlined = 0
        for i in 0..<index.ids.count where planeIDs.contains(index.ids[i]) && decorated.rgba[4 * i] < plain.rgba[4 * i] {
            outlined += 1
        }
        #expect(outlined > 20, "\(outlined) darkened pixels on the highlighted region")
    }
}

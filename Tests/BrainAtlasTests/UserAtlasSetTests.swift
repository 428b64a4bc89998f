import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

@Suite struct UserAtlasSetTests {
    let user = Fixture.testsDir.appendingPathComponent("Fixtures/atlas-model/user")

    @Test func bvVOIBecomesARegionAtlasOnTheTemplateGrid() throws {
        let library = try UserAtlasSet(voi: user.appendingPathComponent("sub-test03.voi").path).library()
        let atlas = try library.atlas(named: "sub-test03")
        #expect(atlas.regions.map(\.name) == ["test voi 1", "test-voi-2", "test_voi_3"])
        #expect(atlas.regions[0].color == RGB(255, 0, 0))
        // First voxel of VOI 1 is (84, 7, 23) at 0.992537 × 0.99 × 0.992537 mm → template (83, 7, 23).
        let hit = try Lookup(library: library).lookup(SIMD3(83, 7, 23), space: .voxel)
        #expect(hit.atlases.first?.region?.name == "test voi 1")
        #expect(try RegionSearch(library: library).find("test voi 2").region.id == 2)
        #expect(atlas.entries[0].voxelCount == 90)
    }

    @Test func mniAndTalairachVOIsLandOnTheirTemplateVoxels() throws {
        let dir = Fixture.tempDir()
        for (space, point) in [("MNI", SIMD3<Double>(-38, -10, 50)), ("TAL", Talairach.talairach(fromMNI: SIMD3(-38, -10, 50)))] {
            let p = point.rounded(.toNearestOrAwayFromZero)
            let text = """
            FileVersion: 4\nReferenceSpace: \(space)\nOriginalVMRResolutionX: 1\nOriginalVMRResolutionY: 1\nOriginalVMRResolutionZ: 1
            OriginalVMROffsetX: 0\nOriginalVMROffsetY: 0\nOriginalVMROffsetZ: 0\nOriginalVMRFramingCubeDim: 256\nLeftRightConvention: 1
            SubjectVOINamingConvention: <VOI>_<SUBJ>\nNrOfVOIs: 1\nNameOfVOI: Hand knob (left)\nColorOfVOI: 1 2 3\nNrOfVoxels: 1
            \(Int(p.x)) \(Int(p.y)) \(Int(p.z))\nNrOfVOIVTCs: 0\n
            """
            let url = dir.appendingPathComponent("knob-\(space).voi")
            try Data(text.utf8).write(to: url)
            let library = try UserAtlasSet(voi: url.path).library()
            let region = try #require(library.atlases[0].region(id: 1))
            #expect(region.name == "Hand knob" && region.hemisphere == .left)
            let voxel = try #require(CanonicalFrame.voxel(ofMNI: space == "MNI" ? p : Talairach.mni(fromTalairach: p)))
            let r = try Lookup(library: library).lookup(SIMD3(Double(voxel.x), Double(voxel.y), Double(voxel.z)), space: .voxel)
            #expect(r.atlases[0].region == region, "\(space)")
            if space == "MNI" { #expect(voxel == VoxelIndex(138, 78, 166)) }
        }
    }

    @Test func poiOnItsMeshIsASurfaceAtlas() throws {
        let set = UserAtlasSet(mesh: user.appendingPathComponent("sub-test03_cube.srf").path,
                               poi: user.appendingPathComponent("sub-test03_cube.poi").path)
        let atlas = try set.library().atlases[0]
        #expect(atlas.regions.map(\.name) == ["POI 1", "POI 2", "POI 3"])
        let ids = try atlas.surfaceLabels(.none).regionIds
        #expect(ids.count == 866)
        #expect(ids[731] == 1)  // LabelVertex of POI 1 in the file
        #expect(ids.filter { $0 == 1 }.count == 37)
    }

    @Test func incompleteSetsAreClearErrors() {
        #expect(throws: AtlasError.self) { try UserAtlasSet(poi: "x.poi").library() }
        #expect(throws: AtlasError.self) { try UserAtlasSet(vmr: "x.vmr").library() }
        #expect(throws: (any Error).self) { try UserAtlasSet(voi: "/nonexistent.voi").library() }
        #expect(UserAtlasSet.splitSide("Hippocampus_L") == ("Hippocampus", .left))
        #expect(UserAtlasSet.splitSide("Amygdala (right)") == ("Amygdala", .right))
        #expect(UserAtlasSet.splitSide("test voi 1") == ("test voi 1", .none))
    }
}

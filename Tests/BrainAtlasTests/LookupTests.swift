import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

@Suite struct LookupTests {
    @Test func coordinateFrameRoundsHalvesAwayFromZero() {
        #expect(CanonicalFrame.voxel(ofMNI: SIMD3(0, 0, 0)) == VoxelIndex(128, 128, 128))
        #expect(CanonicalFrame.voxel(ofMNI: SIMD3(-38, -10, 50)) == VoxelIndex(138, 78, 166))
        #expect(CanonicalFrame.voxel(ofMNI: SIMD3(0.5, -0.5, 2.5)) == VoxelIndex(129, 125, 127))
        #expect(CanonicalFrame.mni(of: VoxelIndex(138, 78, 166)) == SIMD3(-38, -10, 50))
        #expect(CanonicalFrame.voxel(ofMNI: SIMD3(.nan, 0, 0)) == nil)
    }

    @Test func talairachIsLancasterOther2TalAndInvertsExactly() {
        let tal = Talairach.talairach(fromMNI: SIMD3(0, 0, 0))
        #expect(tal == SIMD3(-1.0423, -1.3940, 3.6475))
        let t = Talairach.talairach(fromMNI: SIMD3(-38, -10, 50))
        // Hand-computed row sums of the published matrix.
        #expect(abs(t.x - (0.9357 * -38 + 0.0029 * -10 - 0.0072 * 50 - 1.0423)) < 1e-12)
        let back = Talairach.mni(fromTalairach: t)
        #expect(abs(back.x + 38) < 1e-9 && abs(back.y + 10) < 1e-9 && abs(back.z - 50) < 1e-9)
    }

    @Test func whereNamesTheRegionOfEveryAtlas() throws {
        let library = try Fixture.library()
        // MNI (-7, 0, 8) → voxel (128, 120, 135): precentral left; subcortical box misses it.
        let r = try Lookup(library: library).lookup(SIMD3(-7, 0, 8), space: .mni)
        #expect(r.voxel == VoxelIndex(128, 120, 135))
        #expect(r.atlases.map(\.name) == ["gyri", "subcortical", "networks", "parcels"])
        #expect(r.atlases[0].region?.sourceLabel == "precentral" && r.atlases[0].region?.hemisphere == .left)
        #expect(r.atlases[1].region == nil)
        // Nearest subcortical voxel: (127, 120, 132) → distance √(1 + 0 + 9).
        let near = try #require(r.nearest.first { $0.name == "subcortical" }?.hit)
        #expect(near.region.sourceLabel == "thalamusproper" && near.region.hemisphere == .left)
        #expect(near.distanceMm == 3.16)
        #expect(r.nearest.allSatisfy { $0.name != "gyri" })
        #expect(r.conversion == nil)
    }

    @Test func whereJSONHasTheIssueShape() throws {
        let library = try Fixture.library()
        let r = try Lookup(library: library).lookup(SIMD3(3, 4, 1), space: .mni)  // voxel (124, 127, 125)
        let object = try Fixture.jsonObject(try BrainJSON.encode(r))
        #expect(object["space"] as? String == "mni")
        #expect(object["mni"] as? [Double] == [3, 4, 1])
        #expect(object["voxel"] as? [Int] == [124, 127, 125])
        let atlases = try #require(object["atlases"] as? [String: Any])
        #expect(Set(atlases.keys) == ["gyri", "subcortical", "networks", "parcels"])
        #expect((atlases["subcortical"] as? [String: Any])?["hemisphere"] as? String == "right")
        #expect(atlases["gyri"] is NSNull)
        let nearest = try #require(object["nearest"] as? [String: [String: Any]])
        #expect(nearest["gyri"]?["distanceMm"] as? Double == 3)   // voxel (124, 124, 125): precentral right
        #expect((nearest["gyri"]?["region"] as? [String: Any])?["hemisphere"] as? String == "right")
    }

    @Test func voxelAndTalairachSpaces() throws {
        let library = try Fixture.library()
        let v = try Lookup(library: library).lookup(SIMD3(121, 121, 128), space: .voxel)
        #expect(v.mni! == [0, 7, 7] && v.atlases[1].region?.sourceLabel == "3rd-Ventricle")
        let tal = Talairach.talairach(fromMNI: SIMD3(-2, 7, 7))
        let t = try Lookup(library: library).lookup(tal, space: .tal)
        #expect(t.voxel == VoxelIndex(121, 121, 130) && t.atlases[1].region?.id == 1)
        #expect(t.mni! == [-2, 7, 7])
        #expect(t.conversion?.contains("Lancaster") == true)
        #expect(try Fixture.jsonObject(try BrainJSON.encode(t))["conversion"] is String)
    }

    @Test func pointsOutsideTheVolumeAreClearErrors() throws {
        let lookup = try Lookup(library: Fixture.library())
        #expect(throws: AtlasError.outsideVolume(point: [0, 0, 200], space: "mni", voxel: [128, -72, 128],
                                                 grid: "the 256×256×256 template", dims: [256, 256, 256])) {
            try lookup.lookup(SIMD3(0, 0, 200), space: .mni)
        }
        #expect(throws: AtlasError.self) { try lookup.lookup(SIMD3(256, 0, 0), space: .voxel) }
        #expect(throws: AtlasError.self) { try lookup.lookup(SIMD3(1.5, 0, 0), space: .voxel) }
        #expect(throws: AtlasError.self) { try lookup.lookup(SIMD3(.infinity, 0, 0), space: .mni) }
        #expect(throws: AtlasError.self) { try lookup.lookup(SIMD3(1e300, 0, 0), space: .tal) }
        let message = AtlasError.outsideVolume(point: [0, 0, 200], space: "mni", voxel: [128, -72, 128],
                                               grid: "the 256×256×256 template", dims: [256, 256, 256]).description
        #expect(message == "point (0, 0, 200) in mni is outside the 256×256×256 template (voxel 128, -72, 128; indices must be within 0…255, 0…255, 0…255)")
    }
}

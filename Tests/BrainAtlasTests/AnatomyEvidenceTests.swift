import Foundation
import Testing
import BrainFormats
@testable import BrainAtlas

/// The Brodmann and functional maps rest on stated evidence and answer textbook points correctly;
/// area numbers match exactly; tissue is named between the grey-matter labels.
@Suite struct AnatomyEvidenceTests {
    static func library() throws -> AtlasLibrary { try #require(try Fixture.realLibrary()) }

    func answer(_ library: AtlasLibrary, _ p: SIMD3<Double>, _ atlas: String) throws -> Region? {
        try Lookup(library: library).lookup(p, space: .mni).atlases.first { $0.name == atlas }?.region
    }

    @Test func everyBrodmannAndFunctionalRegionCarriesProvenance() throws {
        let library = try Self.library()
        for name in ["brodmann", "functional"] {
            for r in try library.atlas(named: name).regions {
                #expect(r.provenance != nil, "\(name) \(r.displayName) has no provenance")
                #expect(r.provenance?.source.isEmpty == false && r.provenance?.rule.isEmpty == false)
            }
        }
        let histology = try library.atlas(named: "brodmann").regions.filter { $0.provenance?.kind == .histology }
        #expect(Set(histology.map(\.sourceLabel)) == Set([1, 2, 3, 4, 6, 17, 18, 28, 35, 44, 45].map { "Brodmann.\($0)" }))
        for r in try library.atlas(named: "brodmann-pals").regions {
            #expect(r.provenance?.kind == .approximate && r.isApproximate)
        }
    }

    /// Points the PALS-B12 map answered wrongly, answered where textbooks put them.
    @Test(arguments: [
        (SIMD3<Double>(-22, -14, -32), "brodmann", "Brodmann.28"),      // entorhinal cortex
        (SIMD3<Double>(-48, -20, 8), "brodmann", "Brodmann.41"),        // Heschl's gyrus
        (SIMD3<Double>(-48, -20, 8), "functional", "primary-auditory"),
        (SIMD3<Double>(-30, -5, 50), "functional", "frontal-eye-field"), // SFS/precentral junction
        (SIMD3<Double>(-44, -72, 4), "functional", "middle-temporal-visual"),
        (SIMD3<Double>(-52, -50, 18), "brodmann", "Brodmann.39"),
    ])
    func textbookPointsAnswerTheirArea(point: SIMD3<Double>, atlas: String, sourceLabel: String) throws {
        let region = try answer(try Self.library(), point, atlas)
        #expect(region?.sourceLabel == sourceLabel, "\(point) in \(atlas): \(region?.displayName ?? "nothing")")
    }

    @Test func pregenualCingulateIsNotSomatosensory() throws {
        let library = try Self.library()
        let near = try Lookup(library: library).lookup(SIMD3(5, 20, -10), space: .mni)
        let hit = near.atlases.first { $0.name == "brodmann" }?.region ?? near.nearest.first { $0.name == "brodmann" }?.hit.region
        #expect(hit?.sourceLabel == "Brodmann.25")
        #expect(try answer(library, SIMD3(5, 20, -10), "brodmann-pals")?.sourceLabel == "Brodmann.3")
    }

    @Test func frontalEyeFieldLiesAtItsLandmark() throws {
        let entries = try Self.library().atlas(named: "functional").entries
        for e in entries where e.sourceLabel == "frontal-eye-field" {
            let c = try #require(e.centroidMni)
            let x = e.hemisphere == .left ? -30.0 : 30.0
            let d = ((c[0] - x) * (c[0] - x) + (c[1] + 5) * (c[1] + 5) + (c[2] - 50) * (c[2] - 50)).squareRoot()
            #expect(d < 10, "FEF (\(e.hemisphere)) centroid \(c) is \(d) mm from its landmark")
        }
    }

    @Test func brodmannNumbersMatchExactly() throws {
        let library = try Self.library()
        for (query, label) in [("BA3", "Brodmann.3"), ("BA 44", "Brodmann.44"), ("area 4", "Brodmann.4"),
                               ("Brodmann area 17", "Brodmann.17"), ("right BA2", "Brodmann.2")] {
            #expect(try RegionSearch(library: library).find(query).region.sourceLabel == label, "\(query)")
        }
        #expect(try RegionSearch(library: library, atlas: "brodmann-histology").find("BA4").region.sourceLabel == "BA4a_exvivo")
        #expect(try RegionSearch(library: library, atlas: "brodmann-histology").find("BA3b").region.sourceLabel == "BA3b_exvivo")
        for query in ["BA34", "BA12", "BA48", "BA52", "BA14"] {
            #expect(throws: AtlasError.self) { try RegionSearch(library: library).find(query) }
            do { _ = try RegionSearch(library: library).find(query) } catch let e as AtlasError {
                #expect(e.description.contains("is not in this atlas; nearest: BA"), "\(query): \(e.description)")
            }
        }
        do { _ = try RegionSearch(library: library).find("BA34") } catch let e as AtlasError {
            #expect(e.description.hasPrefix("BA34 is not in this atlas; nearest: BA28"))
        }
        #expect(BrodmannNumber(["bankssts"]) == nil && BrodmannNumber(["17"]) == nil)
    }

    @Test func whereFootnotesApproximateAnswers() throws {
        let result = try Lookup(library: try Self.library()).lookup(SIMD3(-22, -14, -32), space: .mni)
        let text = result.readableText()
        #expect(text.contains("Brodmann area 28 (left) [histology]"))
        #expect(text.contains("(approximate*)") && text.contains("* Brodmann area 20 (left) [brodmann-pals]: approximate map"))
        // The same warning is data: `where --json` and the server's /api/where carry it.
        #expect(result.caveats.contains { $0.atlas == "brodmann-pals" && $0.kind == .at && $0.region == "Brodmann area 20 (left)" })
        #expect(!result.caveats.contains { $0.atlas == "brodmann" }, "the evidence-based answer needs no caveat")
        let json = try Fixture.jsonObject(try BrainJSON.encode(result))
        let caveats = json["caveats"] as? [[String: Any]] ?? []
        #expect(caveats.contains { $0["atlas"] as? String == "brodmann-pals" && $0["kind"] as? String == "at" })
    }

    /// Off the PALS-B12 map, its nearest area is named with the same warning.
    @Test func nearestApproximateAreaCarriesItsCaveat() throws {
        let library = try Self.library()
        let pals = try library.atlas(named: "brodmann-pals").labelVolume()
        // A white-matter point under the left central sulcus: no PALS label there, one within 10 mm.
        let result = try Lookup(library: library).lookup(SIMD3(-30, -20, 40), space: .mni)
        let voxel = result.voxel
        try #require(pals.label(x: voxel.x, y: voxel.y, z: voxel.z) == 0, "the point must lie off the PALS-B12 map")
        let nearest = try #require(result.nearest.first { $0.name == "brodmann-pals" })
        #expect(result.caveats.contains { $0.atlas == "brodmann-pals" && $0.kind == .nearest && $0.region == nearest.hit.region.displayName })
    }
}

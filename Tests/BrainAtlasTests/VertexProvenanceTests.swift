@testable import BrainAtlas
import Testing

/// `[histology]` on the cortex mesh: an answer of a histology-based area is histological at a vertex
/// only where the histology atlas's own surface label there is one of the area's ex vivo labels,
/// the rule `where` applies at a voxel.
@Suite(.enabled(if: (try? Fixture.realLibrary()) != nil, "AtlasData not built"))
struct VertexProvenanceTests {
    @Test(arguments: [Hemisphere.left, .right])
    func histologyOnlyWhereTheExVivoSurfaceLabelCoversTheVertex(side: Hemisphere) throws {
        let library = try WhereCertaintyTests.library()
        let histology = try library.atlas(named: AnswerProvenance.histologyAtlas)
        let exVivo = try histology.surfaceLabels(side).regionIds
        var covered: [String: Int] = [:], outside: [String: Int] = [:]
        for name in ["brodmann", "functional"] {
            let atlas = try library.atlas(named: name)
            let ids = try atlas.surfaceLabels(side).regionIds
            #expect(ids.count == exVivo.count, "\(name): both atlases label the same mesh")
            for (vertex, id) in ids.enumerated() where id != 0 {
                guard let region = atlas.region(id: Int(id)), let own = region.provenance, own.kind == .histology else { continue }
                let answer = try #require(AnswerProvenance.at(vertex: vertex, region: region, library: library))
                let here = histology.region(id: Int(exVivo[vertex]))
                let isCovered = here.map { WhereCertaintyTests.backing[region.sourceLabel]?.contains($0.sourceLabel) == true } ?? false
                #expect((answer.kind == .histology) == isCovered, "\(name) \(region.displayName) at vertex \(vertex)")
                if isCovered {
                    covered[region.sourceLabel, default: 0] += 1
                    #expect(answer == own)
                } else {
                    outside[region.sourceLabel, default: 0] += 1
                    #expect(answer.kind == .landmarks && !answer.rule.isEmpty && answer.rule.contains("ex vivo label"), "\(answer.rule)")
                }
            }
        }
        print("\(side.rawValue) vertices of histology-based areas: inside the ex vivo label \(covered.values.reduce(0, +)), outside \(outside.values.reduce(0, +))")
        // The landmark fill around Broca's area is where the teacher found [histology] overstated.
        #expect((covered["Brodmann.45"] ?? 0) > 100 && (outside["Brodmann.45"] ?? 0) > 100)
        #expect((covered["Brodmann.17"] ?? 0) > 500)
    }

    @Test func aPlanePickAtAVoxelAnswersAsWhereDoes() throws {
        // Outside every ex vivo label on the inferior frontal gyrus, and inside V1.
        let library = try WhereCertaintyTests.library()
        for point in [SIMD3<Double>(-46, 36, -8), SIMD3(-10, -85, 2), SIMD3(-38, -22, 56)] {
            let result = try Lookup(library: library).lookup(point, space: .mni)
            for name in ["brodmann", "functional"] {
                guard let region = result.atlases.first(where: { $0.name == name })?.region else { continue }
                #expect(AnswerProvenance.at(mni: point, region: region, library: library) == result.details[name]?.provenance, "\(name) at \(point)")
            }
        }
        let ba17 = try #require(try Lookup(library: library).lookup(SIMD3(-10, -85, 2), space: .mni).atlases.first { $0.name == "brodmann" }?.region)
        #expect(AnswerProvenance.at(mni: SIMD3(-10, -85, 2), region: ba17, library: library)?.kind == .histology)
    }

    @Test func areasWithoutAHistologyClaimKeepTheirOwnProvenance() throws {
        let library = try WhereCertaintyTests.library()
        let atlas = try library.atlas(named: "brodmann")
        let ids = try atlas.surfaceLabels(.left).regionIds
        let vertex = try #require(ids.firstIndex { atlas.region(id: Int($0))?.sourceLabel == "Brodmann.22" })
        let region = try #require(atlas.region(id: Int(ids[vertex])))
        #expect(region.provenance?.kind != .histology)
        #expect(AnswerProvenance.at(vertex: vertex, region: region, library: library) == region.provenance)
        // A vertex past the mesh is no point of it: the area's own provenance, no crash.
        let ba45 = try #require(atlas.regions.first { $0.sourceLabel == "Brodmann.45" && $0.hemisphere == .left })
        #expect(AnswerProvenance.at(vertex: ids.count + 5, region: ba45, library: library) == ba45.provenance)
    }
}

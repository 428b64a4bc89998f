import BrainAtlas
import BrainFormats
import Foundation
import Testing
@testable import BrainServer

/// The server's `where` answers, spliced from pre-written region pieces, against the generic encoding the
/// CLI prints: the same bytes at every point of a lattice over the head and beyond it, in every space,
/// with and without a radius, and at the faces of the grid.
@Suite struct WhereAnswerJSONTests {
    let library: AtlasLibrary
    let fragments: RegionJSONFragments

    init() throws {
        library = try AtlasLibrary(root: URL(fileURLWithPath: TestServer.dataPath))
        fragments = RegionJSONFragments(library)
    }

    /// What the lattice met, so the test shows it compared each kind of member, not only plain answers.
    struct Seen {
        var answers = 0, disagreements = 0, conversions = 0, within = 0, caveats = 0, fillProvenances = 0, borders = 0
    }

    private func compare(_ point: SIMD3<Double>, space: CoordinateSpace, radius: Double? = nil, seen: inout Seen) throws {
        let answer = try Lookup(library: library).lookup(point, space: space, radius: radius)
        let spliced = try #require(WhereAnswerJSON.text(answer, fragments: fragments), "no pieces for \(point)")
        let generic = try BrainJSON.string(answer)
        let radiusText = radius.map { "\($0)" } ?? "none"
        #expect(spliced == generic, "\(space.rawValue) \(point) radius \(radiusText)")
        seen.answers += 1
        if answer.disagreement != nil { seen.disagreements += 1 }
        if answer.conversion != nil { seen.conversions += 1 }
        if answer.within != nil { seen.within += 1 }
        if !answer.caveats.isEmpty { seen.caveats += 1 }
        if answer.atlases.contains(where: { $0.region != nil && answer.details[$0.name]?.border != nil }) { seen.borders += 1 }
        // A histology area answered where no ex vivo label covers the point carries its fill rule instead.
        if answer.atlases.contains(where: { entry in
            entry.region.map { answer.details[entry.name]?.provenance != $0.provenance } ?? false
        }) { seen.fillProvenances += 1 }
    }

    @Test func splicedAnswersAreTheGenericBytes() throws {
        var seen = Seen()
        for x in stride(from: -75.0, through: 75, by: 18) {
            for y in stride(from: -110.0, through: 75, by: 18) {
                for z in stride(from: -50.0, through: 80, by: 16) {
                    // Off the voxel centres, so the input and the MNI point print differently.
                    try compare(SIMD3(x + 0.25, y - 0.5, z + 0.125), space: .mni, seen: &seen)
                }
            }
        }
        for (k, point) in [SIMD3<Double>(-44, 18, 8), SIMD3(40, -20, 50), SIMD3(-6, -60, 30), SIMD3(30, 10, -5)].enumerated() {
            try compare(point, space: .tal, seen: &seen)
            try compare(point, space: .mni, radius: [0, 2.5, 6, 12][k], seen: &seen)
        }
        for face in [0.0, 255] {
            for axis in 0..<3 {
                var voxel = SIMD3<Double>(128, 128, 128)
                voxel[axis] = face
                try compare(voxel, space: .voxel, seen: &seen)
            }
        }
        #expect(seen.answers > 800)
        #expect(seen.disagreements > 0 && seen.conversions == 4 && seen.within == 4)
        #expect(seen.caveats > 0 && seen.fillProvenances > 0 && seen.borders > 0, "\(seen)")
    }
}

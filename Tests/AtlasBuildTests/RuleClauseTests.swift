import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// The clauses a landmark rule is written in, and the overlap gate on the areas they draw.
@Suite struct RuleClauseTests {
    static func vertex(dk: String?, destrieux: String?, lobe: String? = nil, at p: SIMD3<Float> = SIMD3(40, 0, 0)) -> RuleVertex {
        RuleVertex(dk: dk, destrieux: destrieux, pals: nil, of: nil, lobe: lobe, exvivo: [], position: p, left: false)
    }

    static func clause(_ json: String) throws -> RuleClause { try BrainJSON.decode(RuleClause.self, from: Data(json.utf8)) }

    /// The superior temporal gyrus without its polar, Heschl's and planum-temporale parcels: the
    /// area 22 of textbooks, not the whole Desikan-Killiany gyrus.
    @Test func notDestrieuxCutsACoarseGyrusAlongAFinerParcel() throws {
        let c = try Self.clause(#"{"dk": ["superiortemporal"], "notDestrieux": ["Pole_temporal", "G_temp_sup-Plan_tempo"]}"#)
        #expect(c.matches(Self.vertex(dk: "superiortemporal", destrieux: "G_temp_sup-Lateral")))
        #expect(!c.matches(Self.vertex(dk: "superiortemporal", destrieux: "Pole_temporal")))
        #expect(!c.matches(Self.vertex(dk: "superiortemporal", destrieux: "G_temp_sup-Plan_tempo")))
        #expect(!c.matches(Self.vertex(dk: "middletemporal", destrieux: "G_temp_sup-Lateral")))
        // A vertex with no Destrieux parcel is not excluded by one.
        #expect(c.matches(Self.vertex(dk: "superiortemporal", destrieux: nil)))
    }

    /// The supramarginal gyrus's Destrieux parcel, but never on temporal cortex.
    @Test func notDkKeepsAParcelOffTheNamedGyri() throws {
        let c = try Self.clause(#"{"destrieux": ["G_pariet_inf-Supramar"], "notDk": ["superiortemporal", "transversetemporal"]}"#)
        #expect(c.matches(Self.vertex(dk: "supramarginal", destrieux: "G_pariet_inf-Supramar")))
        #expect(!c.matches(Self.vertex(dk: "superiortemporal", destrieux: "G_pariet_inf-Supramar")))
    }

    /// Area 7 ends at the lobes atlas's parieto-occipital border.
    @Test func lobeClauseFollowsTheLobesAtlas() throws {
        let c = try Self.clause(#"{"dk": ["superiorparietal"], "lobe": ["parietal"], "fill": true}"#)
        #expect(c.pass == 2)
        #expect(c.matches(Self.vertex(dk: "superiorparietal", destrieux: "G_parietal_sup", lobe: "parietal")))
        #expect(!c.matches(Self.vertex(dk: "superiorparietal", destrieux: "G_occipital_sup", lobe: "occipital")))
        #expect(!c.matches(Self.vertex(dk: "superiorparietal", destrieux: "G_parietal_sup", lobe: nil)))
    }

    /// The build fails when a landmark area has less than 80 % of its surface on its rule's gyri;
    /// histology areas are reported but not held to it.
    @Test func overlapGateFailsLandmarkAreasBelowEightyPercent() {
        func row(_ kind: String, _ share: Double) -> AreaOverlap.Row {
            AreaOverlap.Row(atlas: "brodmann", area: "Brodmann area 22", hemisphere: .left, kind: kind, gyri: ["superiortemporal"],
                            vertices: 100, share: share, palsShare: nil, distanceMm: 1)
        }
        #expect(AreaOverlap.minimumShare == 0.8)
        #expect(AreaOverlap(rows: [row("landmarks", 0.79)]).failures.count == 1)
        #expect(AreaOverlap(rows: [row("landmarks", 0.8), row("histology", 0.5)]).failures.isEmpty)
    }
}

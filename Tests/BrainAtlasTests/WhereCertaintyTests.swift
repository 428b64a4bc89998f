import BrainFormats
import Foundation
import Testing
@testable import BrainAtlas

/// How sure a `where` answer is, on the bundled atlases: each answer's border (checked against a
/// plain scan of the cube around the point), its own provenance (histology only inside the ex vivo
/// label), the line where the Brodmann atlases disagree, and `--radius`.
@Suite(.enabled(if: (try? Fixture.realLibrary()) != nil, "AtlasData has not been built yet"))
struct WhereCertaintyTests {
    static func library() throws -> AtlasLibrary { try #require(try Fixture.realLibrary()) }

    /// The nearest voxel with another region, by scanning the whole cube: what the shell walk must find.
    static func scannedBorder(_ labels: LabelVolume, _ v: VoxelIndex, own: Int, radius: Int) -> Double? {
        var best: Int?
        for dz in -radius...radius {
            for dy in -radius...radius {
                for dx in -radius...radius {
                    let d2 = dx * dx + dy * dy + dz * dz
                    guard d2 <= radius * radius, d2 < (best ?? .max) else { continue }
                    let l = labels.label(x: v.x + dx, y: v.y + dy, z: v.z + dz)
                    if l != 0 && l != own { best = d2 }
                }
            }
        }
        return best.map { Double($0).squareRoot() }
    }

    @Test func bordersAreTheNearestOtherRegionAsAFullScanFindsIt() throws {
        let library = try Self.library()
        let lookup = Lookup(library: library)
        var checked = 0
        // A coarse grid through the brain: cortex, deep grey matter, white matter and the midline.
        for x in stride(from: -60, through: 60, by: 15) {
            for y in stride(from: -90, through: 60, by: 25) {
                for z in stride(from: -30, through: 60, by: 18) {
                    let result = try lookup.lookup(SIMD3(Double(x), Double(y), Double(z)), space: .mni)
                    for (name, region) in result.atlases {
                        guard let region else { continue }
                        let labels = try library.atlas(named: name).labelVolume()
                        let expected = Self.scannedBorder(labels, result.voxel, own: region.id, radius: 10)
                        let got = result.details[name]?.border
                        #expect(got.map { ($0.distanceMm * 100).rounded() } == expected.map { ($0 * 100).rounded() },
                                "\(name) at (\(x), \(y), \(z)): \(String(describing: got?.distanceMm)) vs \(String(describing: expected))")
                        if let got {
                            #expect(got.region.atlas == name && got.region.id != region.id)
                            let v = result.voxel
                            #expect(labels.labels(near: v.x, v.y, v.z, radius: got.distanceMm + 0.01).contains(got.region.id))
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 300)
    }

    @Test func aBorderWithinThreeMillimetresIsSaidInWords() throws {
        // The supramarginal gyrus 1 mm above the superior temporal gyrus (a Desikan-Killiany border).
        let result = try Lookup(library: try Self.library()).lookup(SIMD3(-58, -44, 22), space: .mni)
        let border = try #require(result.details["gyri"]?.border)
        #expect(border.region.sourceLabel == "superiortemporal" && border.distanceMm <= Lookup.caveatRadiusMm)
        let text = result.readableText()
        #expect(text.contains("Supramarginal gyrus (left), \(format(border.distanceMm)) mm from Superior temporal gyrus (left)"), "\(text)")
        // JSON: the border beside the region object, null where no other region lies within 10 mm.
        let json = try Fixture.jsonObject(try BrainJSON.encode(result))
        let gyri = try #require((json["atlases"] as? [String: Any])?["gyri"] as? [String: Any])
        let b = try #require(gyri["border"] as? [String: Any])
        #expect((b["region"] as? [String: Any])?["name"] as? String == "Superior temporal gyrus")
        #expect(b["distanceMm"] as? Double == border.distanceMm)
        // Every answered atlas carries the key (null when no other region lies within 10 mm).
        for (name, region) in result.atlases where region != nil {
            #expect(((json["atlases"] as? [String: Any])?[name] as? [String: Any])?.keys.contains("border") == true, "\(name)")
        }
        // Farther than 3 mm the text says nothing of the border, but the JSON still has it.
        let far = try Lookup(library: try Self.library()).lookup(SIMD3(-46, -19, 7), space: .mni)
        for (name, region) in far.atlases {
            guard let region, let d = far.details[name]?.border, d.distanceMm > Lookup.caveatRadiusMm else { continue }
            #expect(!far.readableText().contains("\(region.displayName)" + evidenceTag(region, far.details[name]?.provenance) + ", "))
        }
    }

    /// The ex vivo labels each histology-based area rests on, written out here as the recipe names them.
    static let backing: [String: Set<String>] = [
        "Brodmann.1": ["BA1_exvivo"], "Brodmann.2": ["BA2_exvivo"], "Brodmann.3": ["BA3a_exvivo", "BA3b_exvivo"],
        "Brodmann.4": ["BA4a_exvivo", "BA4p_exvivo"], "Brodmann.6": ["BA6_exvivo"], "Brodmann.17": ["V1_exvivo"],
        "Brodmann.18": ["V2_exvivo"], "Brodmann.28": ["entorhinal_exvivo"], "Brodmann.35": ["perirhinal_exvivo"],
        "Brodmann.44": ["BA44_exvivo"], "Brodmann.45": ["BA45_exvivo"],
        "primary-motor": ["BA4a_exvivo", "BA4p_exvivo"], "premotor": ["BA6_exvivo"], "broca": ["BA44_exvivo", "BA45_exvivo"],
        "primary-somatosensory": ["BA1_exvivo", "BA2_exvivo", "BA3a_exvivo", "BA3b_exvivo"], "primary-visual": ["V1_exvivo"],
        "middle-temporal-visual": ["MT_exvivo"], "visual-association": ["V2_exvivo"],
    ]

    @Test func everyHistologyAreaKnowsItsExVivoLabels() throws {
        let library = try Self.library()
        let histology = Set(try library.atlas(named: AnswerProvenance.histologyAtlas).regions.map(\.sourceLabel))
        for atlas in library.atlases {
            for r in atlas.regions where r.provenance?.kind == .histology {
                let labels = AnswerProvenance.histologyLabels(for: r)
                #expect(labels == Self.backing[r.sourceLabel], "\(atlas.name) \(r.sourceLabel): \(labels)")
                #expect(labels.isSubset(of: histology), "\(r.sourceLabel): \(labels.subtracting(histology)) not in the histology atlas")
            }
        }
    }

    @Test func histologyOnlyWhereTheExVivoLabelCoversThePoint() throws {
        let library = try Self.library()
        let histology = try library.atlas(named: AnswerProvenance.histologyAtlas)
        let hLabels = try histology.labelVolume()
        let lookup = Lookup(library: library)
        var claims = 0, covered = 0, outside = 0
        // Every 3rd voxel of a slab through the central, visual and frontal cortex of both sides.
        for x in stride(from: -66, through: 66, by: 3) {
            for y in stride(from: -100, through: 50, by: 3) {
                for z in stride(from: -20, through: 70, by: 9) {
                    let result = try lookup.lookup(SIMD3(Double(x), Double(y), Double(z)), space: .mni)
                    let v = result.voxel
                    let here = histology.region(id: hLabels.label(x: v.x, y: v.y, z: v.z))
                    for name in ["brodmann", "functional"] {
                        guard let region = result.atlases.first(where: { $0.name == name })?.region,
                              region.provenance?.kind == .histology else { continue }
                        claims += 1
                        let answer = try #require(result.details[name]?.provenance)
                        let isCovered = here.map { Self.backing[region.sourceLabel]?.contains($0.sourceLabel) == true } ?? false
                        #expect((answer.kind == .histology) == isCovered, "\(name) \(region.displayName) at (\(x), \(y), \(z))")
                        if isCovered { covered += 1 } else { outside += 1 }
                        if !isCovered { #expect(answer.kind == .landmarks && !answer.rule.isEmpty) }
                    }
                }
            }
        }
        print("histology claims: \(claims) answers of histology-based areas, \(covered) inside the ex vivo label, \(outside) outside (now [landmarks])")
        #expect(covered > 100 && outside > 100)
    }

    @Test func theOverstatedHistologyAnswerNowNamesItsRule() throws {
        // The teacher's point on the inferior frontal gyrus, outside every ex vivo label.
        let library = try Self.library()
        let result = try Lookup(library: library).lookup(SIMD3(-46, 36, -8), space: .mni)
        #expect(result.atlases.first { $0.name == "brodmann-histology" }?.region == nil)
        let line = try #require(result.readableText().split(separator: "\n").first { $0.hasPrefix("  brodmann ") })
        #expect(!line.contains("[histology]"), "\(line)")
        if let area = result.atlases.first(where: { $0.name == "brodmann" })?.region, let own = area.provenance, own.kind == .histology {
            let answer = try #require(result.details["brodmann"]?.provenance)
            let fill = try #require(own.rule.range(of: "; ").map { String(own.rule[$0.upperBound...]) })
            #expect(answer.kind == .landmarks && answer.rule.hasPrefix(fill), "\(answer.rule)")
        }
        // Inside the V1 label the answer stays histological.
        let inside = try Lookup(library: library).lookup(SIMD3(-10, -85, 2), space: .mni)
        #expect(inside.atlases.first { $0.name == "brodmann-histology" }?.region?.sourceLabel == "V1_exvivo")
        #expect(inside.details["brodmann"]?.provenance?.kind == .histology)
        #expect(inside.readableText().contains("Brodmann area 17 (left) [histology]"))
    }

    @Test func disagreementOfTheBrodmannAtlasesIsOneLine() throws {
        let library = try Self.library()
        let lookup = Lookup(library: library)
        var disagree = 0, agree = 0
        for x in stride(from: -60, through: 60, by: 12) {
            for y in stride(from: -95, through: 55, by: 10) {
                for z in stride(from: -25, through: 65, by: 15) {
                    let result = try lookup.lookup(SIMD3(Double(x), Double(y), Double(z)), space: .mni)
                    var numbers: [Int] = []
                    for name in BrodmannDisagreement.atlases {
                        if let r = result.atlases.first(where: { $0.name == name })?.region, let n = BrodmannNumber.area(ofSourceLabel: r.sourceLabel) {
                            numbers.append(n)
                        }
                    }
                    let lines = result.readableText().split(separator: "\n").filter { $0.hasPrefix("! ") }
                    if Set(numbers).count > 1 {
                        disagree += 1
                        let d = try #require(result.disagreement)
                        #expect(d.areas.map(\.area) == numbers)
                        #expect(lines.count == 1 && lines[0].hasPrefix("! the Brodmann atlases disagree here: area \(numbers[0]) (brodmann"))
                    } else {
                        if numbers.count > 1 { agree += 1 }
                        #expect(result.disagreement == nil && lines.isEmpty)
                    }
                }
            }
        }
        #expect(disagree > 20 && agree > 20, "\(disagree) disagreements, \(agree) agreements")
    }

    @Test func radiusListsEveryRegionNearestFirst() throws {
        let library = try Self.library()
        let lookup = Lookup(library: library)
        let result = try lookup.lookup(SIMD3(-46, 36, -8), space: .mni, radius: 6)
        let within = try #require(result.within)
        #expect(within.map(\.name) == library.atlasNames)
        for (name, hits) in within {
            #expect(hits.map(\.distanceMm) == hits.map(\.distanceMm).sorted(), "\(name) not nearest first")
            #expect(hits.allSatisfy { $0.distanceMm <= 6 })
            #expect(Set(hits.map(\.region.id)).count == hits.count)
            let labels = try library.atlas(named: name).labelVolume()
            let v = result.voxel
            #expect(Set(hits.map(\.region.id)) == Set(labels.labels(near: v.x, v.y, v.z, radius: 6)), "\(name)")
            if let region = result.atlases.first(where: { $0.name == name })?.region {
                #expect(hits.first?.region == region && hits.first?.distanceMm == 0)
                if let border = result.details[name]?.border, border.distanceMm <= 6 {
                    #expect(hits.dropFirst().first == border, "\(name): the border is the second entry")
                }
            }
        }
        #expect(result.readableText().contains("Within 6 mm, nearest first:"))
        #expect(try lookup.lookup(SIMD3(-46, 36, -8), space: .mni).within == nil)
        for bad in [-1.0, 51, .nan] {
            #expect(throws: AtlasError.self) { try lookup.lookup(SIMD3(0, 0, 0), space: .mni, radius: bad) }
        }
        // Beyond the standard table a wider one is built: 20 mm reaches regions 10 mm does not.
        let wide = try lookup.lookup(SIMD3(0, 0, 0), space: .mni, radius: 20)
        let narrow = try lookup.lookup(SIMD3(0, 0, 0), space: .mni, radius: 10)
        #expect(wide.within!.map(\.hits.count).reduce(0, +) > narrow.within!.map(\.hits.count).reduce(0, +))
    }

    @Test func shellOffsetsAreNearestFirstAndComplete() {
        let shells = ShellOffsets(radius: 3)
        let lengths = shells.offsets.map(\.squared)
        #expect(lengths == lengths.sorted())
        #expect(shells.offsets.count == 123)  // the lattice points with x² + y² + z² ≤ 9
        #expect(ShellOffsets.reaching(4).radius == Lookup.nearestRadiusMm && ShellOffsets.reaching(12).radius == 12)
    }
}

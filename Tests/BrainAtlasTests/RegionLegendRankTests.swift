import Testing
@testable import BrainAtlas

@Test func legendRankPutsBrodmannByNumberAndOthersByLobe() {
    func region(_ name: String, lobe: String?, lobes: [String]? = nil) -> Region {
        Region(id: 1, name: name, sourceLabel: name, hemisphere: .left, atlas: "t", color: RGB(1, 2, 3), lobe: lobe, lobes: lobes)
    }
    #expect(region("Brodmann area 4", lobe: "frontal").legendRank < region("Brodmann area 40", lobe: "parietal").legendRank)
    #expect(region("Brodmann area 44", lobe: "frontal").legendRank == 44)
    let frontal = region("Precentral gyrus", lobe: "frontal").legendRank
    let occipital = region("Cuneus", lobe: "occipital").legendRank
    #expect(frontal < occipital)
    // A network goes by the first lobe it spans; no lobe at all sorts last.
    #expect(region("Visual", lobe: nil, lobes: ["occipital", "parietal"]).legendRank == occipital)
    #expect(region("A VOI", lobe: nil).legendRank > occipital)
}

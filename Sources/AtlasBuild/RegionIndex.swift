import BrainAtlas

/// Region ids of one atlas by (sourceLabel, hemisphere): id = position in the recipe list + 1.
struct RegionIndex: Sendable {
    let regions: [Recipe.RegionRecipe]
    private let ids: [String: UInt16]

    init(_ regions: [Recipe.RegionRecipe]) {
        self.regions = regions
        var ids: [String: UInt16] = [:]
        for (i, r) in regions.enumerated() { ids[Self.key(r.sourceLabel, r.hemisphere)] = UInt16(i + 1) }
        self.ids = ids
    }

    private static func key(_ label: String, _ hemi: Hemisphere) -> String { "\(hemi.rawValue)|\(label)" }

    /// The id of `label` on `hemisphere`, or 0 when the atlas does not list it.
    func id(_ label: String, _ hemisphere: Hemisphere) -> UInt16 { ids[Self.key(label, hemisphere)] ?? 0 }

    func contains(_ label: String, _ hemisphere: Hemisphere) -> Bool { ids[Self.key(label, hemisphere)] != nil }

    /// The recipe entry of id `id` (1-based).
    func region(_ id: UInt16) -> Recipe.RegionRecipe { regions[Int(id) - 1] }
}

/// The two hemispheres in build order: index 0 = left (`lh`, `L`), 1 = right (`rh`, `R`).
enum Side: Int, CaseIterable, Sendable {
    case left = 0, right = 1

    var hemisphere: Hemisphere { self == .left ? .left : .right }
    var fs: String { self == .left ? "lh" : "rh" }
    var letter: String { self == .left ? "L" : "R" }

    /// Expands `{hemi}` and `{HEMI}` in a recipe path.
    func path(_ template: String) -> String {
        template.replacingOccurrences(of: "{hemi}", with: fs).replacingOccurrences(of: "{HEMI}", with: letter)
    }
}

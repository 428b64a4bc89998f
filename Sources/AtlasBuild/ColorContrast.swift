import BrainAtlas

/// How well an atlas's colours tell apart the regions that touch (pial mesh adjacency, or voxel
/// faces for volume atlases) and the regions seen together in a preset view (CIE76 ΔE), and stand
/// out from what surrounds them: reported by the build for the source, drawn and colour-blind
/// colours.
public struct ColorContrast: Codable, Sendable, Equatable {
    /// Smallest ΔE between two touching regions.
    public var minimumTouching: Double
    /// Share of touching pairs at least `Palette.pairTarget` apart.
    public var shareDistinct: Double
    /// Smallest ΔE between two non-homologous regions seen together in a preset view (nil: not measured).
    public var minimumCoVisible: Double?
    /// Smallest ΔE between a region colour and the background, the unlabelled grey or black.
    public var minimumToSurroundings: Double
    /// Smallest ΔE between two touching regions as seen under each simulated dichromacy
    /// (`ColorVisionSimulation`: protan, deutan, tritan).
    public var minimumTouchingSimulated: [String: Double] = [:]
    /// Smallest ΔE between two regions seen side by side in a preset view (folding included) under
    /// each simulated dichromacy (empty: not measured).
    public var minimumSideBySideSimulated: [String: Double] = [:]

    /// White background, unlabelled cortex grey, black: colours no region may resemble.
    static let surroundings: [CIELab] = [RGB(255, 255, 255), RGB(212, 212, 212), RGB(0, 0, 0)].map(CIELab.init)

    init(colors: [RGB], adjacency: RegionAdjacency, coVisible: Set<RegionAdjacency.Pair> = [],
         sideBySide: Set<RegionAdjacency.Pair> = []) {
        let lab = colors.map(CIELab.init)
        var minimum = Double.infinity, distinct = 0
        for p in adjacency.pairs {
            let d = lab[p.low - 1].distance(lab[p.high - 1])
            minimum = min(minimum, d)
            if d >= Palette.pairTarget { distinct += 1 }
        }
        minimumTouching = adjacency.pairs.isEmpty ? 0 : Self.tenth(minimum)
        shareDistinct = adjacency.pairs.isEmpty ? 1 : (Double(distinct) / Double(adjacency.pairs.count) * 1000).rounded() / 1000
        minimumCoVisible = coVisible.isEmpty ? nil : Self.tenth(coVisible.map { lab[$0.low - 1].distance(lab[$0.high - 1]) }.min()!)
        let surround = lab.map { c in Self.surroundings.map { c.distance($0) }.min()! }.min() ?? 0
        minimumToSurroundings = Self.tenth(surround)
        for vision in ColorVisionSimulation.allCases {
            let seen = colors.map(vision.simulate)
            let least = adjacency.pairs.map { seen[$0.low - 1].distance(seen[$0.high - 1]) }.min() ?? 0
            minimumTouchingSimulated[vision.rawValue] = Self.tenth(least)
            if !sideBySide.isEmpty {
                minimumSideBySideSimulated[vision.rawValue] = Self.tenth(sideBySide.map { seen[$0.low - 1].distance(seen[$0.high - 1]) }.min()!)
            }
        }
    }

    static func tenth(_ v: Double) -> Double { (v * 10).rounded() / 10 }

    var line: String {
        let simulated = ColorVisionSimulation.allCases
            .map { String(format: "%@ %.1f", $0.rawValue, minimumTouchingSimulated[$0.rawValue] ?? 0) }
        let seen = minimumCoVisible.map { String(format: "; seen together ΔE min %.1f", $0) } ?? ""
        let seenSimulated = minimumSideBySideSimulated.isEmpty ? "" : "; side by side, simulated: " + ColorVisionSimulation.allCases
            .map { String(format: "%@ %.1f", $0.rawValue, minimumSideBySideSimulated[$0.rawValue] ?? 0) }.joined(separator: ", ")
        return String(format: "touching ΔE min %.1f, %.1f %% ≥ %.0f%@; to background/grey/black ≥ %.1f; simulated dichromacy: %@%@",
                      minimumTouching, shareDistinct * 100, Palette.pairTarget, seen, minimumToSurroundings,
                      simulated.joined(separator: ", "), seenSimulated)
    }
}

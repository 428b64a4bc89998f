import BrainAtlas

/// How well an atlas's colours tell touching regions apart (CIE76 ΔE on the pial mesh adjacency)
/// and stand out from what surrounds them: reported by the build for the source and drawn colours.
public struct ColourContrast: Codable, Sendable, Equatable {
    /// Smallest ΔE between two touching regions.
    public var minimumTouching: Double
    /// Share of touching pairs at least `Palette.pairTarget` apart.
    public var shareDistinct: Double
    /// Smallest ΔE between a region colour and the background, the unlabelled grey or black.
    public var minimumToSurroundings: Double
    /// Smallest ΔE between two touching regions as seen under each simulated dichromacy
    /// (`ColourVisionSimulation`: protan, deutan, tritan).
    public var minimumTouchingSimulated: [String: Double] = [:]

    /// White background, unlabelled cortex grey, black: colours no region may resemble.
    static let surroundings: [CIELab] = [RGB(255, 255, 255), RGB(212, 212, 212), RGB(0, 0, 0)].map(CIELab.init)

    init(colors: [RGB], adjacency: RegionAdjacency) {
        let lab = colors.map(CIELab.init)
        var minimum = Double.infinity, distinct = 0
        for p in adjacency.pairs {
            let d = lab[p.low - 1].distance(lab[p.high - 1])
            minimum = min(minimum, d)
            if d >= Palette.pairTarget { distinct += 1 }
        }
        minimumTouching = adjacency.pairs.isEmpty ? 0 : (minimum * 10).rounded() / 10
        shareDistinct = adjacency.pairs.isEmpty ? 1 : (Double(distinct) / Double(adjacency.pairs.count) * 1000).rounded() / 1000
        let surround = lab.map { c in Self.surroundings.map { c.distance($0) }.min()! }.min() ?? 0
        minimumToSurroundings = (surround * 10).rounded() / 10
        for vision in ColourVisionSimulation.allCases {
            let seen = colors.map(vision.simulate)
            let least = adjacency.pairs.map { seen[$0.low - 1].distance(seen[$0.high - 1]) }.min() ?? 0
            minimumTouchingSimulated[vision.rawValue] = (least * 10).rounded() / 10
        }
    }

    var line: String {
        let simulated = ColourVisionSimulation.allCases
            .map { String(format: "%@ %.1f", $0.rawValue, minimumTouchingSimulated[$0.rawValue] ?? 0) }
        return String(format: "touching ΔE min %.1f, %.1f %% ≥ %.0f; to background/grey/black ≥ %.1f; simulated dichromacy: %@",
                      minimumTouching, shareDistinct * 100, Palette.pairTarget, minimumToSurroundings,
                      simulated.joined(separator: ", "))
    }
}

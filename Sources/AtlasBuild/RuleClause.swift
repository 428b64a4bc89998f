import BrainAtlas

/// One clause of a `rules` atlas: a vertex matches when every condition given holds (each list is
/// a choice of names). Histology clauses (`exvivo`) are tried for all regions before landmark clauses.
public struct RuleClause: Codable, Sendable {
    /// Ex vivo histology labels (e.g. "BA44_exvivo").
    public var exvivo: [String]?
    /// Desikan-Killiany gyri.
    public var dk: [String]?
    /// Destrieux parcels.
    public var destrieux: [String]?
    /// Desikan-Killiany gyri and Destrieux parcels the vertex must not lie on: how a rule cuts a
    /// coarse gyrus along a finer parcel's border (the superior temporal gyrus without the pole).
    public var notDk: [String]?
    public var notDestrieux: [String]?
    /// Lobes (`sourceLabel`s of the `lobes` atlas built before): the textbook lobe borders, such as
    /// the parieto-occipital sulcus and the preoccipital line, decided in one place.
    public var lobe: [String]?
    /// PALS-B12 Brodmann labels, only to split a gyrus the other conditions already name.
    public var pals: [String]?
    /// Regions (`sourceLabel`) of the atlas named by `groupsOf`.
    public var of: [String]?
    public var minY: Double?
    public var maxY: Double?
    public var minZ: Double?
    public var maxZ: Double?
    /// Distance from the midline, |x|, in mm.
    public var minAbsX: Double?
    public var maxAbsX: Double?
    /// A border line on the basal surface, `[x1, y1, x2, y2]` (right-hemisphere x, mirrored on the
    /// left): the vertex must lie behind it (smaller y than the line at its |x|)…
    public var behindLine: [Double]?
    /// …or in front of it (y at or above the line).
    public var inFrontOfLine: [Double]?
    /// A landmark point (right-hemisphere x; mirrored on the left) and the radius around it.
    public var near: [Double]?
    public var radius: Double?
    /// A fill clause only takes what no other histology or landmark clause claims.
    public var fill: Bool?

    /// Evaluation pass: 0 histology, 1 landmarks, 2 fills.
    var pass: Int { exvivo != nil ? 0 : fill == true ? 2 : 1 }

    /// Names of gyri or parcels the clause requires (DK and Destrieux together).
    var gyri: [String] { (dk ?? []) + (destrieux ?? []) }
}

/// What a rule clause can see at one vertex.
struct RuleVertex {
    var dk: String?
    var destrieux: String?
    var pals: String?
    var of: String?
    var lobe: String?
    var exvivo: Set<String>
    var position: SIMD3<Float>
    var left: Bool
}

extension RuleClause {
    func matches(_ v: RuleVertex) -> Bool {
        if let exvivo, exvivo.allSatisfy({ !v.exvivo.contains($0) }) { return false }
        if let dk, !(v.dk.map(dk.contains) ?? false) { return false }
        if let destrieux, !(v.destrieux.map(destrieux.contains) ?? false) { return false }
        if let notDk, v.dk.map(notDk.contains) ?? false { return false }
        if let notDestrieux, v.destrieux.map(notDestrieux.contains) ?? false { return false }
        if let lobe, !(v.lobe.map(lobe.contains) ?? false) { return false }
        if let pals, !(v.pals.map(pals.contains) ?? false) { return false }
        if let of, !(v.of.map(of.contains) ?? false) { return false }
        let p = SIMD3<Double>(Double(v.position.x), Double(v.position.y), Double(v.position.z))
        if let minY, p.y < minY { return false }
        if let maxY, p.y > maxY { return false }
        if let minZ, p.z < minZ { return false }
        if let maxZ, p.z > maxZ { return false }
        if let minAbsX, abs(p.x) < minAbsX { return false }
        if let maxAbsX, abs(p.x) > maxAbsX { return false }
        if let behindLine, !(p.y < Self.lineY(behindLine, absX: abs(p.x))) { return false }
        if let inFrontOfLine, p.y < Self.lineY(inFrontOfLine, absX: abs(p.x)) { return false }
        if let near, near.count == 3, let radius {
            let c = SIMD3<Double>(v.left ? -near[0] : near[0], near[1], near[2])
            let d = p - c
            if (d * d).sum() > radius * radius { return false }
        }
        return true
    }
}

extension RuleClause {
    /// The y of the border line `[x1, y1, x2, y2]` at distance |x| from the midline, extended past
    /// its ends (the recipe check guarantees four numbers and x1 ≠ x2).
    static func lineY(_ line: [Double], absX: Double) -> Double {
        line[1] + (line[3] - line[1]) * (absX - line[0]) / (line[2] - line[0])
    }

    /// Why a border line is unusable, or nil.
    static func lineProblem(_ line: [Double]?) -> String? {
        guard let line else { return nil }
        if line.count != 4 { return "\(line) is not [x1, y1, x2, y2]" }
        if line[0] == line[2] { return "\(line) has x1 == x2; a line across the base needs two distances from the midline" }
        return nil
    }
}

import Foundation
import BrainAtlas

/// How the cluster-forming threshold is chosen: a value, or a p-value uncorrected, Bonferroni-corrected or as an
/// FDR q (Benjamini–Hochberg), turned into the map's statistic through its null distribution.
public struct ThresholdRequest: Sendable, Equatable {
    public var value: Float?
    /// Uncorrected p per voxel (per tail; with `twoSided` each tail gets p / 2).
    public var p: Double?
    /// False discovery rate over the in-mask voxels.
    public var q: Double?
    /// Divide `p` by the number of in-mask voxels.
    public var bonferroni: Bool
    /// Degrees of freedom when the file does not store them (t and r maps; F maps: `df1,df2`).
    public var df: [Double]?
    public var twoSided: Bool

    public init(value: Float? = nil, p: Double? = nil, q: Double? = nil, bonferroni: Bool = false, df: [Double]? = nil, twoSided: Bool = false) {
        self.value = value
        self.p = p
        self.q = q
        self.bonferroni = bonferroni
        self.df = df
        self.twoSided = twoSided
    }
}

/// The threshold a table was made with and, in words, how it was found.
public struct ResolvedThreshold: Sendable, Equatable {
    public let value: Float
    public let method: String
}

extension ThresholdRequest {
    /// The threshold for `map`; throws naming the option when the request is incomplete or nothing survives.
    public func resolve(for map: MapVolume) throws -> ResolvedThreshold {
        try validate()
        if let value { return ResolvedThreshold(value: value, method: "given") }
        let distribution = try nullDistribution(map)
        let tails = twoSided ? 2.0 : 1.0
        let sided = twoSided ? "two-sided" : "one-sided"
        let inMask = map.values.filter { $0.isFinite && $0 != 0 }
        guard !inMask.isEmpty else { throw MapsError("\(map.name): no voxel has a value, so no p-value threshold can be found") }
        if let p {
            let per = bonferroni ? p / Double(inMask.count) : p
            let t = distribution.threshold(upperTail: per / tails)
            let how = bonferroni ? "p < \(Self.text(p)) Bonferroni-corrected over \(inMask.count) in-mask voxels (p < \(Self.text(per)) per voxel), \(sided), \(distribution.name)"
                                 : "p < \(Self.text(p)) uncorrected, \(sided), \(distribution.name)"
            return ResolvedThreshold(value: Float(t), method: how)
        }
        let q = q!
        if let own = map.fdrTable.first(where: { abs(Double($0.x) - q) < 1e-6 }), own.y > 0 {
            return ResolvedThreshold(value: own.y, method: "FDR q = \(Self.text(q)) from the VMP's own FDR table")
        }
        guard let t = Self.benjaminiHochberg(inMask.map { twoSided ? abs($0) : $0 }, q: q, pValue: { distribution.upperTail(Double($0)) * tails }) else {
            throw FieldError("q", "no voxel of \(map.name) survives FDR q = \(Self.text(q)) (\(sided), \(distribution.name))")
        }
        return ResolvedThreshold(value: t, method: "FDR q = \(Self.text(q)) (Benjamini–Hochberg over \(inMask.count) in-mask voxels), \(sided), \(distribution.name)")
    }

    /// One way of finding the threshold, with a p or q that is a probability; fields by their
    /// request keys (`MapClusterRequest.fields`), so each front end spells them its own way.
    public func validate() throws(FieldError) {
        let given = [value != nil, p != nil, q != nil].filter { $0 }.count
        if given == 0 { throw FieldError("threshold", "give a value T, or {p} P (with {bonferroni} for a corrected one) or {q} Q") }
        if given > 1 { throw FieldError("threshold", "give one of {threshold}, {p} and {q}, not several") }
        for (key, value) in [("p", p), ("q", q)] {
            if let value, !(value > 0 && value < 1) { throw FieldError(key, value: Self.text(value), "must lie between 0 and 1") }
        }
        if bonferroni && p == nil { throw FieldError("bonferroni", "corrects a {p} value; give {p}") }
    }

    /// The smallest statistic among the largest k values, k the largest rank whose p-value ≤ k·q/m; nil when none qualifies.
    public static func benjaminiHochberg(_ values: [Float], q: Double, pValue: (Float) -> Double) -> Float? {
        let sorted = values.sorted(by: >)
        let m = Double(sorted.count)
        var found: Float?
        // p grows as the statistic falls, so rank k (1-based) holds the k-th smallest p.
        for (n, v) in sorted.enumerated() where pValue(v) <= Double(n + 1) * q / m { found = v }
        return found
    }

    /// The map's statistic and degrees of freedom: the file's (VMP header, NIfTI intent) or `--df`.
    func nullDistribution(_ map: MapVolume) throws -> StatisticDistribution {
        let stat = map.display.statistic ?? ""
        let stored = map.degreesOfFreedom.filter { $0 > 0 }
        let dfs = df ?? stored
        switch stat {
        case "z", "Z": return .z
        case "t":
            guard let d = dfs.first, d > 0 else { throw FieldError("df", "\(map.name) is a t map whose file stores no degrees of freedom; give {df} N") }
            return .t(df: d)
        case "r", "CC":
            guard let d = dfs.first, d > 0 else { throw FieldError("df", "\(map.name) is a correlation map whose file stores no degrees of freedom; give {df} N") }
            return .r(df: d)
        case "F":
            guard dfs.count >= 2, dfs[0] > 0, dfs[1] > 0 else { throw FieldError("df", "\(map.name) is an F map; give {df} DF1,DF2") }
            return .f(df1: dfs[0], df2: dfs[1])
        default:
            throw FieldError(p != nil ? "p" : q != nil ? "q" : "threshold", "\(map.name) holds \(stat.isEmpty ? "values of no stated statistic" : "a \(stat) map"); p-values need a t, z, F or r map")
        }
    }

    static func text(_ x: Double) -> String { String(format: "%g", x) }
}

extension StatisticDistribution {
    /// "t(57)", "z", "F(2, 30)", "r(40)".
    public var name: String {
        func n(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(format: "%g", d) }
        switch self {
        case .t(let d): return "t(\(n(d)))"
        case .z: return "z"
        case .f(let a, let b): return "F(\(n(a)), \(n(b)))"
        case .r(let d): return "r(\(n(d)))"
        }
    }
}

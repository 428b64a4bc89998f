import Foundation

/// The null distribution of a map's statistic (t, z, F or r with its degrees of freedom): upper-tail p-values and their inverse.
public enum StatisticDistribution: Sendable, Equatable {
    case t(df: Double)
    case z
    case f(df1: Double, df2: Double)
    /// A correlation coefficient with `df` degrees of freedom (tested as t = r·√(df / (1 − r²))).
    case r(df: Double)

    /// P(X ≥ x) under the null.
    public func upperTail(_ x: Double) -> Double {
        switch self {
        case .z:
            return 0.5 * erfc(x / 2.0.squareRoot())
        case .t(let df):
            let tail = 0.5 * Self.incompleteBeta(df / (df + x * x), a: df / 2, b: 0.5)
            return x >= 0 ? tail : 1 - tail
        case .f(let d1, let d2):
            guard x > 0 else { return 1 }
            return Self.incompleteBeta(d2 / (d2 + d1 * x), a: d2 / 2, b: d1 / 2)
        case .r(let df):
            guard abs(x) < 1 else { return x >= 1 ? 0 : 1 }
            return StatisticDistribution.t(df: df).upperTail(x * (df / (1 - x * x)).squareRoot())
        }
    }

    /// The x with P(X ≥ x) = p (0 < p < 1), by bisection on the monotone tail: exact to double precision, and
    /// one call per map, so speed does not matter.
    public func threshold(upperTail p: Double) -> Double {
        var lo = -1.0, hi = 1.0
        switch self {
        case .r:
            break
        case .f:
            lo = 0
            while upperTail(hi) > p, hi < 1e12 { hi *= 2 }
        case .t, .z:
            while upperTail(hi) > p, hi < 1e12 { hi *= 2 }
            while upperTail(lo) < p, lo > -1e12 { lo *= 2 }
        }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid == lo || mid == hi { break }
            if upperTail(mid) > p { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The regularised incomplete beta function I_x(a, b), from its continued fraction (modified Lentz), using
    /// the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges slowly.
    static func incompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logGammas + logPowers
        if x > (a + 1) / (a + b + 2) { return 1 - incompleteBeta(1 - x, a: b, b: a) }
        let tiny = 1e-300
        var c = 1.0, d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var f = d
        for m in 1...500 {
            let m2 = Double(2 * m), md = Double(m)
            var num = md * (b - md) * x / ((a + m2 - 1) * (a + m2))
            d = 1 + num * d; if abs(d) < tiny { d = tiny }
            c = 1 + num / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            f *= d * c
            num = -(a + md) * (a + b + md) * x / ((a + m2) * (a + m2 + 1))
            d = 1 + num * d; if abs(d) < tiny { d = tiny }
            c = 1 + num / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            f *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return exp(logFront) * f / a
    }
}

import Foundation

/// A map's spatial smoothness (FWHM per axis) from the correlation of neighbouring voxels, the classic estimate
/// of AFNI's 3dFWHMx (Forman et al. 1995): for a Gaussian-smoothed field the correlation ρ of neighbours one voxel
/// apart gives FWHM = √(−2 ln 2 / ln ρ) voxels, with 1 − ρ = var(difference) / (2 var(value)).
public enum SmoothnessEstimate {
    /// FWHM along the grid's axes, in voxels, over the voxels `inMask` marks (pairs of neighbours both in it).
    /// A rough map (ρ ≤ 0 on an axis) gets 0 there: white noise. Throws when an axis has no neighbouring pair.
    public static func fwhmVoxels(values: [Float], dims: SIMD3<Int>, inMask: (Int) -> Bool, name: String) throws -> SIMD3<Double> {
        var sum = 0.0, sumSquares = 0.0, count = 0.0
        for i in values.indices where inMask(i) {
            let v = Double(values[i])
            sum += v
            sumSquares += v * v
            count += 1
        }
        guard count > 1 else { throw MapsError("\(name): no voxel has a value, so its smoothness cannot be estimated") }
        let variance = (sumSquares - sum * sum / count) / (count - 1)
        guard variance > 0 else { throw MapsError("\(name): every in-mask voxel holds the same value, so its smoothness cannot be estimated") }
        let strides = SIMD3(1, dims.x, dims.x * dims.y)
        var out = SIMD3<Double>()
        for axis in 0..<3 {
            var dSum = 0.0, dSquares = 0.0, pairs = 0.0
            for i in values.indices where inMask(i) {
                let coordinate = (i / strides[axis]) % dims[axis]
                guard coordinate + 1 < dims[axis] else { continue }
                let j = i + strides[axis]
                guard inMask(j) else { continue }
                let d = Double(values[j]) - Double(values[i])
                dSum += d
                dSquares += d * d
                pairs += 1
            }
            guard pairs > 1 else {
                throw MapsError("\(name): no two neighbouring in-mask voxels along axis \(["i", "j", "k"][axis]), so its smoothness cannot be estimated; give --fwhm")
            }
            let differenceVariance = (dSquares - dSum * dSum / pairs) / (pairs - 1)
            let rho = 1 - differenceVariance / (2 * variance)
            out[axis] = rho > 0 && rho < 1 ? (-2 * log(2.0) / log(rho)).squareRoot() : (rho >= 1 ? .infinity : 0)
        }
        guard out.x.isFinite, out.y.isFinite, out.z.isFinite else {
            throw MapsError("\(name): neighbouring voxels vary less than the map as a whole allows for any smoothness; give --fwhm")
        }
        return out
    }
}

import Foundation

/// A binary mask turned into a smooth scalar field for marching cubes: the mask, read as a union
/// of unit voxel cubes, convolved with a Gaussian and sampled on a finer grid. Blurring makes the
/// iso-surface cut voxel edges at varying points instead of their midpoints, so it no longer
/// follows the voxel faces in terraces; the finer grid makes the triangles small against the
/// curvature of small structures, which is what keeps the angles between them small. The
/// convolution is evaluated exactly at each fine sample (a Gaussian integrated over each voxel's
/// extent, one axis at a time), so the field has no creases at voxel borders, as trilinear
/// upsampling of a blurred voxel grid would.
public struct SmoothField: Sendable {
    public var values: [Float]
    public var dims: SIMD3<Int>
    /// Distance between field samples, in mask voxels (≤ 1: finer than the mask).
    public let spacing: Double
    /// Mask voxels of margin added on every side, so the blur is not cut off.
    public let padding: Int

    /// `sigma` in voxels (> 0); `spacing` in (0, 1].
    public init(mask: VoxelMask, sigma: Double, spacing: Double) {
        precondition(spacing > 0 && spacing <= 1 && sigma > 0, "SmoothField: spacing \(spacing), sigma \(sigma)")
        let reach = 3 * sigma + 0.5
        padding = Int(reach.rounded(.up)) + 1
        self.spacing = spacing
        let padded = mask.padded(by: padding)
        var values = padded.voxels.map { Float($0) }
        var dims = padded.dims
        for axis in 0 ..< 3 {
            let n = dims[axis]
            let m = Int((Double(n - 1) / spacing + 1e-9).rounded(.down)) + 1
            let weights = Self.weights(count: n, samples: m, spacing: spacing, sigma: sigma, reach: reach)
            (values, dims) = Self.pass(values, dims: dims, axis: axis, samples: m, weights: weights)
        }
        self.values = values
        self.dims = dims
    }

    /// Row-major 3×4 affine from field index to millimetres, given the mask's voxel → mm affine.
    public func fieldToMM(_ voxelToMM: [[Double]]) -> [[Double]] {
        // voxel = index · spacing − padding
        let s = spacing, p = Double(padding)
        return (0 ..< 3).map { r in
            let a = voxelToMM[r]
            return [a[0] * s, a[1] * s, a[2] * s, a[3] - p * (a[0] + a[1] + a[2])]
        }
    }

    /// For each fine sample i (at voxel coordinate i · spacing), the first voxel it reads and the
    /// Gaussian's integral over each voxel's extent [v − ½, v + ½] from there on.
    static func weights(count n: Int, samples m: Int, spacing: Double, sigma: Double, reach: Double) -> [(first: Int, weights: [Float])] {
        let scale = 1 / (sigma * 2.0.squareRoot())
        return (0 ..< m).map { i in
            let x = Double(i) * spacing
            let lo = max(0, Int((x - reach).rounded(.up))), hi = min(n - 1, Int((x + reach).rounded(.down)))
            guard lo <= hi else { return (0, []) }
            let w = (lo ... hi).map { v -> Float in
                let t = x - Double(v)
                return Float(0.5 * (Foundation.erf((t + 0.5) * scale) - Foundation.erf((t - 0.5) * scale)))
            }
            return (lo, w)
        }
    }

    /// One separable pass: resamples `axis` from its voxels to `samples` field samples.
    static func pass(_ input: [Float], dims: SIMD3<Int>, axis: Int, samples m: Int,
                     weights: [(first: Int, weights: [Float])]) -> ([Float], SIMD3<Int>) {
        var out = dims
        out[axis] = m
        let inStrides = [1, dims.x, dims.x * dims.y], outStrides = [1, out.x, out.x * out.y]
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3)
        var values = [Float](repeating: 0, count: out.x * out.y * out.z)
        input.withUnsafeBufferPointer { src in
            values.withUnsafeMutableBufferPointer { dst in
                for p in 0 ..< dims[u] {
                    for q in 0 ..< dims[v] {
                        let inBase = p * inStrides[u] + q * inStrides[v], outBase = p * outStrides[u] + q * outStrides[v]
                        let s = inStrides[axis], t = outStrides[axis]
                        for (i, entry) in weights.enumerated() {
                            var sum: Float = 0
                            for (k, w) in entry.weights.enumerated() { sum += w * src[inBase + (entry.first + k) * s] }
                            dst[outBase + i * t] = sum
                        }
                    }
                }
            }
        }
        return (values, out)
    }
}

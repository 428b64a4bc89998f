import Foundation

/// Separable Gaussian smoothing of a box of voxels, one 1-D kernel per axis, with zeros beyond the box.
/// Cluster simulations smooth white noise with it; voxels at least `radius` from every face come out exact.
public struct GaussianSmoothing: Sendable, Equatable {
    /// Normalised kernel weights per axis, from −radius to +radius (one weight of 1 when the FWHM is 0).
    public let kernels: [[Float]]

    /// `fwhmVoxels`: full width at half maximum along each box axis, in voxels (0: no smoothing on that axis).
    public init(fwhmVoxels: SIMD3<Double>) {
        kernels = (0..<3).map { Self.kernel(fwhm: fwhmVoxels[$0]) }
    }

    /// The sampled Gaussian, cut at 3.5 σ (the weights beyond hold under 0.05 % of its mass).
    static func kernel(fwhm: Double) -> [Float] {
        let sigma = fwhm / (8 * log(2.0)).squareRoot()
        guard sigma > 0.05 else { return [1] }
        let radius = Int((3.5 * sigma).rounded(.up))
        let w = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        return w.map { Float($0 / sum) }
    }

    /// Kernel half-width per axis, in voxels.
    public var radius: SIMD3<Int> { SIMD3(kernels[0].count / 2, kernels[1].count / 2, kernels[2].count / 2) }

    /// Variance of unit white noise after smoothing: the product over axes of the squared weights' sums.
    public var noiseVariance: Double {
        kernels.reduce(1.0) { product, k in product * k.reduce(0.0) { $0 + Double($1) * Double($1) } }
    }

    /// Smooths `values` (a box of `dims`, x fastest) in place; `scratch` is reused between calls.
    public func apply(_ values: inout [Float], dims: SIMD3<Int>, scratch: inout [Float]) {
        if scratch.count != values.count { scratch = [Float](repeating: 0, count: values.count) }
        let strides = [1, dims.x, dims.x * dims.y]
        for axis in 0..<3 where kernels[axis].count > 1 {
            let n = dims[axis], stride = strides[axis], kernel = kernels[axis], r = kernel.count / 2
            values.withUnsafeBufferPointer { src in
                scratch.withUnsafeMutableBufferPointer { dst in
                    kernel.withUnsafeBufferPointer { w in
                        for start in Self.lineStarts(axis: axis, dims: dims) {
                            for i in 0..<n {
                                var sum: Float = 0
                                let lo = max(-r, -i), hi = min(r, n - 1 - i)
                                var k = lo
                                while k <= hi {
                                    sum += w[k + r] * src[start + (i + k) * stride]
                                    k += 1
                                }
                                dst[start + i * stride] = sum
                            }
                        }
                    }
                }
            }
            swap(&values, &scratch)
        }
    }

    /// The first voxel of every line of the box along `axis` (its coordinate on that axis 0).
    static func lineStarts(axis: Int, dims: SIMD3<Int>) -> [Int] {
        let (a, b) = axis == 0 ? (1, 2) : axis == 1 ? (0, 2) : (0, 1)
        let strides = SIMD3(1, dims.x, dims.x * dims.y)
        var starts: [Int] = []
        starts.reserveCapacity(dims[a] * dims[b])
        for j in 0..<dims[b] { for i in 0..<dims[a] { starts.append(i * strides[a] + j * strides[b]) } }
        return starts
    }
}

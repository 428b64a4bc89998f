import BrainFormats
import Foundation

/// A native or AC-PC map taken into Talairach space through the subject's `.tal` landmarks. The warp is
/// piecewise linear, not one affine, so the map is resampled as BrainVoyager resamples a VMP it Talairach-transforms:
/// onto a grid of whole Talairach millimetres at the map's own resolution, each value trilinear in the source
/// (0 outside it), so clusters, sizes and peaks are then measured in Talairach millimetres.
enum TalairachResampling {
    /// `acpcAffine`: rows of the source voxel → AC-PC RAS mm matrix.
    static func resample(values: [Float], dims: SIMD3<Int>, acpcAffine: [[Double]], landmarks: TalairachLandmarks,
                         name: String) throws -> (values: [Float], dims: SIMD3<Int>, affine: [[Double]]) {
        let a = acpcAffine
        func toACPC(_ v: SIMD3<Double>) -> SIMD3<Double> {
            var out = SIMD3<Double>()
            for r in 0..<3 {
                let sum: Double = a[r][0] * v.x + a[r][1] * v.y + a[r][2] * v.z
                out[r] = sum + a[r][3]
            }
            return out
        }
        let spacing = (0..<3).map { c in (0..<3).reduce(0.0) { $0 + a[$1][c] * a[$1][c] }.squareRoot() }
        let resolution = max(1, (spacing.reduce(0, +) / 3).rounded())
        // The warp is monotone along each axis, so the corners of the source box bound its image.
        var lo = SIMD3(repeating: Double.infinity), hi = SIMD3(repeating: -Double.infinity)
        for corner in 0..<8 {
            let v = SIMD3(Double(corner & 1 == 0 ? 0 : dims.x - 1), Double(corner & 2 == 0 ? 0 : dims.y - 1), Double(corner & 4 == 0 ? 0 : dims.z - 1))
            let t = landmarks.talairach(fromACPC: toACPC(v))
            lo = pointwiseMin(lo, t)
            hi = pointwiseMax(hi, t)
        }
        let first = (lo / resolution).rounded(.down) * resolution
        let last = (hi / resolution).rounded(.up) * resolution
        let steps: SIMD3<Double> = ((last - first) / resolution).rounded(.toNearestOrAwayFromZero)
        let outDims = SIMD3<Int>(Int(steps.x) + 1, Int(steps.y) + 1, Int(steps.z) + 1)
        let affine: [[Double]] = [[resolution, 0, 0, first.x], [0, resolution, 0, first.y], [0, 0, resolution, first.z]]
        try MapGridCheck.check(dims: [outDims.x, outDims.y, outDims.z], affine: affine + [[0, 0, 0, 1]], file: name)
        guard let inverse = TRFChain.inverse(Array(a.prefix(3)) + [[0, 0, 0, 1]]) else {
            throw MapsError("\(name): its voxels cannot be placed in AC-PC space (the transformation is singular)")
        }
        var out = [Float](repeating: 0, count: outDims.x * outDims.y * outDims.z)
        let sourceDims = [dims.x, dims.y, dims.z]
        var n = 0
        for k in 0..<outDims.z { for j in 0..<outDims.y { for i in 0..<outDims.x {
            let tal: SIMD3<Double> = first + SIMD3(Double(i), Double(j), Double(k)) * resolution
            let acpc = landmarks.talairach(fromACPC: tal, inverse: true)
            var v = SIMD3<Double>()
            for r in 0..<3 {
                let row = inverse[r]
                let sum: Double = row[0] * acpc.x + row[1] * acpc.y + row[2] * acpc.z
                v[r] = sum + row[3]
            }
            out[n] = NIfTIToVMP.trilinear(values, base: 0, dims: sourceDims, at: v)
            n += 1
        } } }
        return (out, outDims, affine)
    }
}

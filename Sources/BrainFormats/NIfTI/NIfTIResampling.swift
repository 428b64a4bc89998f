import Foundation

/// Samples a NIfTI volume (first 3-D volume) at every voxel of the canonical 256³ 1 mm BV frame.
///
/// The NIfTI affine is taken as RAS mm in the space of `CanonicalFrame` (docs/file-formats.md §2.3). Output arrays are 256³, x fastest; points outside
/// the source volume get 0.
public enum NIfTIResampling {
    static let edge = CanonicalFrame.size

    /// Trilinear (grey values) sample of the scaled values.
    public static func sampleLinear(_ image: NIfTIFile) throws -> [Float] {
        let source = image.floatValues()
        let (nx, ny, nz) = (image.dims[0], image.dims[1], image.dims[2])
        let map = try frameToVoxel(image)
        let box = map.frameBox(nx: nx, ny: ny, nz: nz)
        // Neighbour strides; a flat axis (size 1) reuses its single plane.
        let sx = nx > 1 ? 1 : 0, sy = ny > 1 ? nx : 0, sz = nz > 1 ? nx * ny : 0
        let (hx, hy, hz) = (Double(nx - 1) + 1e-6, Double(ny - 1) + 1e-6, Double(nz - 1) + 1e-6)
        var out = [Float](repeating: 0, count: edge * edge * edge)
        source.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                map.walk(box) { index, i, j, k in
                    // Tolerance keeps exact lattice points (integer-mm grids) from falling off an edge.
                    if i > -1e-6, j > -1e-6, k > -1e-6, i < hx, j < hy, k < hz {
                        let i0 = min(Int(max(i, 0)), max(nx - 2, 0)), j0 = min(Int(max(j, 0)), max(ny - 2, 0))
                        let k0 = min(Int(max(k, 0)), max(nz - 2, 0))
                        let fx = sx == 0 ? 0 : Float(i - Double(i0)), fy = sy == 0 ? 0 : Float(j - Double(j0))
                        let fz = sz == 0 ? 0 : Float(k - Double(k0))
                        let b = i0 + nx * (j0 + ny * k0)
                        let c00 = src[b] + (src[b + sx] - src[b]) * fx
                        let c10 = src[b + sy] + (src[b + sy + sx] - src[b + sy]) * fx
                        let c01 = src[b + sz] + (src[b + sz + sx] - src[b + sz]) * fx
                        let c11 = src[b + sz + sy] + (src[b + sz + sy + sx] - src[b + sz + sy]) * fx
                        let c0 = c00 + (c10 - c00) * fy, c1 = c01 + (c11 - c01) * fy
                        dst[index] = c0 + (c1 - c0) * fz
                    }
                }
            }
        }
        return out
    }

    /// Nearest-voxel (labels) sample of the unscaled integer values; halves round away from zero.
    public static func sampleNearest(_ image: NIfTIFile, file: String? = nil) throws -> [Int32] {
        let source = try image.integerValues(file: file)
        let (nx, ny, nz) = (image.dims[0], image.dims[1], image.dims[2])
        let map = try frameToVoxel(image)
        let box = map.frameBox(nx: nx, ny: ny, nz: nz)
        let (hx, hy, hz) = (Double(nx) - 0.5, Double(ny) - 0.5, Double(nz) - 0.5)
        var out = [Int32](repeating: 0, count: edge * edge * edge)
        source.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                map.walk(box) { index, i, j, k in
                    // Inside means rounding lands on 0…n−1: position in [−0.5, n − 0.5).
                    if i >= -0.5, j >= -0.5, k >= -0.5, i < hx, j < hy, k < hz {
                        let ri = Int(i.rounded(.toNearestOrAwayFromZero)), rj = Int(j.rounded(.toNearestOrAwayFromZero))
                        let rk = Int(k.rounded(.toNearestOrAwayFromZero))
                        if ri >= 0, rj >= 0, rk >= 0, ri < nx, rj < ny, rk < nz {
                            dst[index] = src[ri + nx * (rj + ny * rk)]
                        }
                    }
                }
            }
        }
        return out
    }

    /// Source voxel position of BV voxel (0, 0, 0) and its change per BV x, y, z step.
    struct Mapping {
        var origin: SIMD3<Double>
        var dx: SIMD3<Double>
        var dy: SIMD3<Double>
        var dz: SIMD3<Double>
        /// Source voxel position of BV voxel (x, y, z), computed afresh per row (no drift across rows).
        func position(_ x: Double, _ y: Double, _ z: Double) -> SIMD3<Double> {
            origin + dx * x + dy * y + dz * z
        }

        /// Calls `body(frameIndex, i, j, k)` for every frame voxel of `box` with its source position,
        /// stepping along each row by `dx` from a fresh row start.
        @inline(__always)
        func walk(_ box: (x: Range<Int>, y: Range<Int>, z: Range<Int>), _ body: (Int, Double, Double, Double) -> Void) {
            for z in box.z {
                for y in box.y {
                    let start = position(Double(box.x.lowerBound), Double(y), Double(z))
                    var (i, j, k) = (start.x, start.y, start.z)
                    let row = CanonicalFrame.index(0, y, z)
                    for x in box.x {
                        body(row + x, i, j, k)
                        i += dx.x; j += dx.y; k += dx.z
                    }
                }
            }
        }

        /// The BV voxels whose source position can land inside the volume (a margin of one voxel),
        /// so the loops skip the empty rest of the 256³ cube.
        func frameBox(nx: Int, ny: Int, nz: Int) -> (x: Range<Int>, y: Range<Int>, z: Range<Int>) {
            // Solve source = origin + D·bv for the eight corners of the source box.
            let m = [[dx.x, dy.x, dz.x], [dx.y, dy.y, dz.y], [dx.z, dy.z, dz.z]]
            guard let inv = try? NIfTIResampling.inverseAffine(
                m.enumerated().map { r, row in row + [origin[r]] } + [[0, 0, 0, 1]], file: "") else {
                return (0 ..< edge, 0 ..< edge, 0 ..< edge)
            }
            var lo = SIMD3<Double>(repeating: .infinity), hi = SIMD3<Double>(repeating: -.infinity)
            for ci in [-1.0, Double(nx)] { for cj in [-1.0, Double(ny)] { for ck in [-1.0, Double(nz)] {
                let p = SIMD3((0 ..< 3).map { r in inv[r][0] * ci + inv[r][1] * cj + inv[r][2] * ck + inv[r][3] })
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            } } }
            func range(_ a: Double, _ b: Double) -> Range<Int> {
                let l = max(0, min(edge, Int((a - 1).rounded(.down))))
                let h = max(l, min(edge, Int((b + 1).rounded(.up)) + 1))
                return l ..< h
            }
            return (range(lo.x, hi.x), range(lo.y, hi.y), range(lo.z, hi.z))
        }
    }

    static func frameToVoxel(_ image: NIfTIFile) throws -> Mapping {
        let inv = try inverseAffine(image.affine, file: image.fileName)
        func voxel(_ ras: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((0 ..< 3).map { r in inv[r][0] * ras.x + inv[r][1] * ras.y + inv[r][2] * ras.z + inv[r][3] })
        }
        func source(_ x: Int, _ y: Int, _ z: Int) -> SIMD3<Double> {
            let m = CanonicalFrame.mni(x, y, z)
            return voxel(SIMD3(Double(m.x), Double(m.y), Double(m.z)))
        }
        let origin = source(0, 0, 0)
        return Mapping(origin: origin, dx: source(1, 0, 0) - origin, dy: source(0, 1, 0) - origin, dz: source(0, 0, 1) - origin)
    }

    /// Inverse of a row-major affine 4×4 (last row 0 0 0 1).
    static func inverseAffine(_ m: [[Double]], file: String) throws -> [[Double]] {
        let a = m[0][0], b = m[0][1], c = m[0][2], d = m[1][0], e = m[1][1], f = m[1][2]
        let g = m[2][0], h = m[2][1], i = m[2][2]
        let c00 = e * i - f * h, c01 = c * h - b * i, c02 = b * f - c * e
        let c10 = f * g - d * i, c11 = a * i - c * g, c12 = c * d - a * f
        let c20 = d * h - e * g, c21 = b * g - a * h, c22 = a * e - b * d
        let det = a * c00 + b * c10 + c * c20
        guard det.isFinite, abs(det) > 1e-12 else {
            throw FormatError(file: file, field: "affine", message: "voxel-to-mm matrix is singular (determinant \(det))")
        }
        let r = [[c00 / det, c01 / det, c02 / det], [c10 / det, c11 / det, c12 / det], [c20 / det, c21 / det, c22 / det]]
        let t = [m[0][3], m[1][3], m[2][3]]
        return (0 ..< 3).map { row in
            let shift: Double = -(r[row][0] * t[0] + r[row][1] * t[1] + r[row][2] * t[2])
            return r[row] + [shift]
        }
    }
}

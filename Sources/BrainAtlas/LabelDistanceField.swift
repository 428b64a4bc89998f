/// Squared distance from every voxel near a label volume's box to its nearest labelled voxel (exact Euclidean,
/// Felzenszwalb and Huttenlocher's separable transform), capped beyond a radius. Computed once per atlas and run,
/// it lets a table of many points skip straight to the shell where its nearest label lies.
public struct LabelDistanceField: Sendable {
    public let radius: Double
    let origin: SIMD3<Int>
    let dims: SIMD3<Int>
    /// Squared distances in voxels², `cap` where the nearest label lies beyond the radius.
    let d2: [UInt16]
    let cap: Int
    /// The walk's steps in the label volume for the table of offsets reaching `radius`.
    let steps: ShellSteps

    public init(labels: LabelVolume, radius: Double) {
        self.radius = radius
        steps = ShellSteps(ShellOffsets.reaching(radius), labels: labels)
        let r = Int(radius.rounded(.up)), n = LabelVolume.frameSize
        let low = SIMD3(max(0, labels.origin.x - r), max(0, labels.origin.y - r), max(0, labels.origin.z - r))
        let high = SIMD3(min(n, labels.origin.x + labels.dims.x + r), min(n, labels.origin.y + labels.dims.y + r),
                         min(n, labels.origin.z + labels.dims.z + r))
        origin = low
        let dims = SIMD3(max(0, high.x - low.x), max(0, high.y - low.y), max(0, high.z - low.z))
        self.dims = dims
        let cap = min(Int(UInt16.max), Int((radius * radius).rounded(.down)) + 1)
        self.cap = cap
        let count = dims.x * dims.y * dims.z
        guard count > 0 else { d2 = []; return }
        // Every value is held at most at `cap`: a squared distance below it is a sum of partial ones below it,
        // so the cap changes no answer within the radius, and the work stays in small integers.
        d2 = [UInt16](unsafeUninitializedCapacity: count) { out, written in
            Self.firstAxis(labels: labels, low: low, dims: dims, cap: UInt16(cap), into: out)
            let longest = max(dims.y, dims.z)
            var line = [Int32](repeating: 0, count: longest), result = [Int32](repeating: 0, count: longest)
            var v = [Int32](repeating: 0, count: longest), bounds = [Double](repeating: 0, count: longest + 1)
            let plane = dims.x * dims.y
            // y lines (one per z and x), then z lines (one per y and x), each gathered, transformed and put back.
            for (stride, length, outerCount, outerStride) in [(dims.x, dims.y, dims.z, plane), (plane, dims.z, dims.y, dims.x)] {
                for outer in 0..<outerCount {
                    for x in 0..<dims.x {
                        let start = outer * outerStride + x
                        var any = false
                        for i in 0..<length {
                            let value = out[start + i * stride]
                            line[i] = Int32(value)
                            any = any || Int(value) < cap
                        }
                        guard any else { continue }  // nothing within the radius along this line: stays at the cap
                        Self.transform(line, length: length, v: &v, bounds: &bounds, into: &result)
                        for i in 0..<length { out[start + i * stride] = UInt16(min(Int32(cap), result[i])) }
                    }
                }
            }
            written = count
        }
    }

    /// Squared distance in voxels² to the nearest labelled voxel of (x, y, z), or nil when none lies within the radius.
    @inline(__always)
    public func squaredDistance(x: Int, y: Int, z: Int) -> Int? {
        let lx = x - origin.x, ly = y - origin.y, lz = z - origin.z
        guard lx >= 0, ly >= 0, lz >= 0, lx < dims.x, ly < dims.y, lz < dims.z else { return nil }
        let d = Int(d2[lx + dims.x * (ly + dims.y * lz)])
        return d >= cap ? nil : d
    }

    /// Along x the nearest label of a row is found by two sweeps (the distance to the last label seen from each
    /// side), written squared and capped.
    static func firstAxis(labels: LabelVolume, low: SIMD3<Int>, dims: SIMD3<Int>, cap: UInt16,
                          into out: UnsafeMutableBufferPointer<UInt16>) {
        let far = Int(cap)
        for z in 0..<dims.z {
            for y in 0..<dims.y {
                let row = dims.x * (y + dims.y * z)
                var gap = far  // voxels since the last label, sweeping up
                for x in 0..<dims.x {
                    gap = labels.label(x: x + low.x, y: y + low.y, z: z + low.z) != 0 ? 0 : min(far, gap + 1)
                    out[row + x] = UInt16(min(far, gap * gap))
                }
                gap = far
                for x in stride(from: dims.x - 1, through: 0, by: -1) {
                    gap = out[row + x] == 0 ? 0 : min(far, gap + 1)
                    out[row + x] = min(out[row + x], UInt16(min(far, gap * gap)))
                }
            }
        }
    }

    /// One axis of the transform: the lower envelope of the parabolas rooted at each sample.
    static func transform(_ f: [Int32], length n: Int, v: inout [Int32], bounds z: inout [Double], into d: inout [Int32]) {
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        if n > 1 {
            for q in 1..<n {
                var s: Double
                repeat {
                    let p = Int(v[k])
                    let num = (Int(f[q]) + q * q) - (Int(f[p]) + p * p)
                    s = Double(num) / Double(2 * (q - p))
                    if s <= z[k] { k -= 1 } else { break }
                } while k >= 0
                k += 1
                v[k] = Int32(q)
                z[k] = s
                z[k + 1] = .infinity
            }
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Double(q) { k += 1 }
            let dq = q - Int(v[k])
            d[q] = Int32(dq * dq) + f[Int(v[k])]
        }
    }
}

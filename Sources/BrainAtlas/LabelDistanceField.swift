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

    public init(labels: LabelVolume, radius: Double) {
        self.radius = radius
        let r = Int(radius.rounded(.up)), n = LabelVolume.frameSize
        let low = SIMD3(max(0, labels.origin.x - r), max(0, labels.origin.y - r), max(0, labels.origin.z - r))
        let high = SIMD3(min(n, labels.origin.x + labels.dims.x + r), min(n, labels.origin.y + labels.dims.y + r),
                         min(n, labels.origin.z + labels.dims.z + r))
        origin = low
        dims = SIMD3(max(0, high.x - low.x), max(0, high.y - low.y), max(0, high.z - low.z))
        cap = min(Int(UInt16.max), Int((radius * radius).rounded(.down)) + 1)
        let count = dims.x * dims.y * dims.z
        guard count > 0 else { d2 = []; return }
        let far = 1e20
        var field = [Double](repeating: far, count: count)
        for z in 0..<dims.z { for y in 0..<dims.y { for x in 0..<dims.x
            where labels.label(x: x + low.x, y: y + low.y, z: z + low.z) != 0 {
            field[x + dims.x * (y + dims.y * z)] = 0
        } } }
        let longest = max(dims.x, dims.y, dims.z)
        var line = [Double](repeating: 0, count: longest), out = [Double](repeating: 0, count: longest)
        var v = [Int](repeating: 0, count: longest), bounds = [Double](repeating: 0, count: longest + 1)
        let strides = [1, dims.x, dims.x * dims.y]
        let lengths = [dims.x, dims.y, dims.z]
        for axis in 0..<3 {
            let stride = strides[axis], length = lengths[axis]
            for start in 0..<count where (start / stride) % length == 0 {
                for i in 0..<length { line[i] = field[start + i * stride] }
                Self.transform(line, length: length, v: &v, bounds: &bounds, into: &out)
                for i in 0..<length { field[start + i * stride] = out[i] }
            }
        }
        let cap = self.cap
        d2 = field.map { UInt16(min(Double(cap), $0.rounded())) }
    }

    /// Squared distance in voxels² to the nearest labelled voxel of (x, y, z), or nil when none lies within the radius.
    @inline(__always)
    public func squaredDistance(x: Int, y: Int, z: Int) -> Int? {
        let lx = x - origin.x, ly = y - origin.y, lz = z - origin.z
        guard lx >= 0, ly >= 0, lz >= 0, lx < dims.x, ly < dims.y, lz < dims.z else { return nil }
        let d = Int(d2[lx + dims.x * (ly + dims.y * lz)])
        return d >= cap ? nil : d
    }

    /// One axis of the transform: the lower envelope of the parabolas rooted at each sample.
    static func transform(_ f: [Double], length n: Int, v: inout [Int], bounds z: inout [Double], into d: inout [Double]) {
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        if n > 1 {
            for q in 1..<n {
                var s: Double
                repeat {
                    let p = v[k]
                    let num: Double = (f[q] + Double(q * q)) - (f[p] + Double(p * p))
                    s = num / Double(2 * (q - p))
                    if s <= z[k] { k -= 1 } else { break }
                } while k >= 0
                k += 1
                v[k] = q
                z[k] = s
                z[k + 1] = .infinity
            }
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Double(q) { k += 1 }
            let dq = Double(q - v[k])
            d[q] = dq * dq + f[v[k]]
        }
    }
}

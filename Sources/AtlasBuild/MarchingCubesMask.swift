/// A binary voxel mask (0/1 bytes, x fastest) with the morphology the mesh steps need.
public struct VoxelMask: Sendable, Equatable {
    public var dims: SIMD3<Int>
    public var voxels: [UInt8]

    public init(dims: SIMD3<Int>, voxels: [UInt8]) {
        precondition(voxels.count == dims.x * dims.y * dims.z, "VoxelMask: \(voxels.count) voxels for \(dims)")
        self.dims = dims
        self.voxels = voxels
    }

    /// `{ value > threshold }`.
    public init(values: [Float], dims: SIMD3<Int>, above threshold: Float) {
        self.init(dims: dims, voxels: values.map { $0 > threshold ? 1 : 0 })
    }

    public var count: Int { voxels.reduce(0) { $0 + Int($1) } }

    @inline(__always) func index(_ x: Int, _ y: Int, _ z: Int) -> Int { x + dims.x * (y + dims.y * z) }

    /// The largest 6-connected piece (ties: the piece met first in scan order).
    public func largestComponent() -> VoxelMask {
        var label = [Int32](repeating: 0, count: voxels.count)
        var stack: [Int] = []
        var best: (label: Int32, size: Int) = (0, 0)
        var next: Int32 = 1
        for start in voxels.indices where voxels[start] != 0 && label[start] == 0 {
            let size = flood(from: start, label: next, into: &label, stack: &stack) { voxels[$0] != 0 }
            if size > best.size { best = (next, size) }
            next += 1
        }
        return VoxelMask(dims: dims, voxels: label.map { $0 == best.label && best.size > 0 ? 1 : 0 })
    }

    /// Fills background not 6-connected to the grid border (closed cavities).
    public func filledHoles() -> VoxelMask {
        var label = [Int32](repeating: 0, count: voxels.count)
        var stack: [Int] = []
        for z in 0 ..< dims.z {
            for y in 0 ..< dims.y {
                for x in 0 ..< dims.x where x == 0 || y == 0 || z == 0 || x == dims.x - 1 || y == dims.y - 1 || z == dims.z - 1 {
                    let i = index(x, y, z)
                    if voxels[i] == 0 && label[i] == 0 { _ = flood(from: i, label: 1, into: &label, stack: &stack) { voxels[$0] == 0 } }
                }
            }
        }
        return VoxelMask(dims: dims, voxels: label.map { $0 == 0 ? 1 : 0 })
    }

    /// Fills, slice by slice across `axis` (2 = z), background 4-connected to no edge of its slice.
    public func filledHolesPerSlice(axis: Int) -> VoxelMask {
        var out = voxels
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3)
        let n = [dims.x, dims.y, dims.z]
        let stride = [1, dims.x, dims.x * dims.y]
        var seen = [Bool](repeating: false, count: n[u] * n[v])
        var stack: [(Int, Int)] = []
        for s in 0 ..< n[axis] {
            for k in seen.indices { seen[k] = false }
            let base = s * stride[axis]
            func at(_ a: Int, _ b: Int) -> Int { base + a * stride[u] + b * stride[v] }
            for a in 0 ..< n[u] {
                for b in 0 ..< n[v] where a == 0 || b == 0 || a == n[u] - 1 || b == n[v] - 1 {
                    guard voxels[at(a, b)] == 0, !seen[a + n[u] * b] else { continue }
                    seen[a + n[u] * b] = true
                    stack.append((a, b))
                    while let (ca, cb) = stack.popLast() {
                        for (da, db) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            let (na, nb) = (ca + da, cb + db)
                            guard na >= 0, nb >= 0, na < n[u], nb < n[v], !seen[na + n[u] * nb], voxels[at(na, nb)] == 0 else { continue }
                            seen[na + n[u] * nb] = true
                            stack.append((na, nb))
                        }
                    }
                }
            }
            for a in 0 ..< n[u] { for b in 0 ..< n[v] where !seen[a + n[u] * b] { out[at(a, b)] = 1 } }
        }
        return VoxelMask(dims: dims, voxels: out)
    }

    /// Dilation by a (2r+1)³ cube, as three separable 1-D passes.
    public func dilated(by r: Int) -> VoxelMask { VoxelMask(dims: dims, voxels: boxPass(voxels, radius: r, keep: 1)) }

    /// Erosion by a (2r+1)³ cube; outside the grid counts as background.
    public func eroded(by r: Int) -> VoxelMask { VoxelMask(dims: dims, voxels: boxPass(voxels, radius: r, keep: 0)) }

    /// Closing (dilate, then erode) with a margin so the grid border does not erode the result.
    public func closed(by r: Int) -> VoxelMask {
        let padded = self.padded(by: r)
        return padded.dilated(by: r).eroded(by: r).cropped(margin: r, to: dims)
    }

    /// Mean of each `factor`³ block (partial blocks at the far edges count missing voxels as 0).
    public func blockFractions(factor: Int) -> (values: [Float], dims: SIMD3<Int>) {
        let d = SIMD3((dims.x + factor - 1) / factor, (dims.y + factor - 1) / factor, (dims.z + factor - 1) / factor)
        var sums = [Float](repeating: 0, count: d.x * d.y * d.z)
        for z in 0 ..< dims.z {
            for y in 0 ..< dims.y {
                let row = (z / factor * d.y + y / factor) * d.x
                let src = index(0, y, z)
                for x in 0 ..< dims.x where voxels[src + x] != 0 { sums[row + x / factor] += 1 }
            }
        }
        let scale = 1 / Float(factor * factor * factor)
        return (sums.map { $0 * scale }, d)
    }

    func padded(by r: Int) -> VoxelMask {
        let d = dims &+ SIMD3(repeating: 2 * r)
        var out = [UInt8](repeating: 0, count: d.x * d.y * d.z)
        for z in 0 ..< dims.z { for y in 0 ..< dims.y {
            let dst = r + d.x * (y + r + d.y * (z + r)), src = index(0, y, z)
            for x in 0 ..< dims.x { out[dst + x] = voxels[src + x] }
        } }
        return VoxelMask(dims: d, voxels: out)
    }

    func cropped(margin r: Int, to size: SIMD3<Int>) -> VoxelMask {
        var out = [UInt8](repeating: 0, count: size.x * size.y * size.z)
        for z in 0 ..< size.z { for y in 0 ..< size.y {
            let src = index(r, y + r, z + r), dst = size.x * (y + size.y * z)
            for x in 0 ..< size.x { out[dst + x] = voxels[src + x] }
        } }
        return VoxelMask(dims: size, voxels: out)
    }

    /// Sets a voxel to `keep` when any voxel within `radius` along each axis in turn holds `keep`
    /// (dilation for keep = 1; erosion for keep = 0, where the outside of the grid counts as 0).
    private func boxPass(_ input: [UInt8], radius: Int, keep: UInt8) -> [UInt8] {
        var a = input
        var b = input
        let n = [dims.x, dims.y, dims.z], strides = [1, dims.x, dims.x * dims.y]
        for axis in 0 ..< 3 {
            let len = n[axis], s = strides[axis]
            let (u, v) = ((axis + 1) % 3, (axis + 2) % 3)
            for p in 0 ..< n[u] {
                for q in 0 ..< n[v] {
                    let base = p * strides[u] + q * strides[v]
                    // Nearest `keep` voxel on the line, from a forward and a backward sweep.
                    var last = keep == 0 ? -1 : -radius - 1
                    for k in 0 ..< len {
                        if a[base + k * s] == keep { last = k }
                        b[base + k * s] = k - last <= radius ? keep : 1 - keep
                    }
                    last = keep == 0 ? len : len + radius + 1
                    for k in Swift.stride(from: len - 1, through: 0, by: -1) {
                        if a[base + k * s] == keep { last = k }
                        if last - k <= radius { b[base + k * s] = keep }
                    }
                }
            }
            swap(&a, &b)
        }
        return a
    }

    /// 6-connected flood fill; returns the number of voxels labelled.
    private func flood(from start: Int, label value: Int32, into label: inout [Int32], stack: inout [Int],
                       _ member: (Int) -> Bool) -> Int {
        let sy = dims.x, sz = dims.x * dims.y
        label[start] = value
        stack.append(start)
        var size = 0
        while let i = stack.popLast() {
            size += 1
            let x = i % dims.x, y = (i / dims.x) % dims.y, z = i / sz
            if x > 0 { Self.visit(i - 1, value, &label, &stack, member) }
            if x < dims.x - 1 { Self.visit(i + 1, value, &label, &stack, member) }
            if y > 0 { Self.visit(i - sy, value, &label, &stack, member) }
            if y < dims.y - 1 { Self.visit(i + sy, value, &label, &stack, member) }
            if z > 0 { Self.visit(i - sz, value, &label, &stack, member) }
            if z < dims.z - 1 { Self.visit(i + sz, value, &label, &stack, member) }
        }
        return size
    }

    @inline(__always)
    private static func visit(_ j: Int, _ value: Int32, _ label: inout [Int32], _ stack: inout [Int], _ member: (Int) -> Bool) {
        if label[j] == 0 && member(j) {
            label[j] = value
            stack.append(j)
        }
    }
}

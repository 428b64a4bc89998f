/// Unit normals on the octahedron, folded into a square: two signed 16-bit values per normal,
/// within a hundredth of a degree of the original.
enum OctahedralNormal {
    static func encode(_ n: SIMD3<Float>) -> [Int16] {
        let l1 = abs(n.x) + abs(n.y) + abs(n.z)
        guard l1 > 0 else { return [0, 0] }
        var x = n.x / l1, y = n.y / l1
        if n.z < 0 {
            let (ox, oy) = (x, y)
            x = (1 - abs(oy)) * (ox >= 0 ? 1 : -1)
            y = (1 - abs(ox)) * (oy >= 0 ? 1 : -1)
        }
        return [Int16((x * 32767).rounded()), Int16((y * 32767).rounded())]
    }

    /// The decoder the browser uses, for tests.
    static func decode(_ qx: Int16, _ qy: Int16) -> SIMD3<Float> {
        var x = Float(qx) / 32767, y = Float(qy) / 32767
        let z = 1 - abs(x) - abs(y)
        if z < 0 {
            let (ox, oy) = (x, y)
            x = (1 - abs(oy)) * (ox >= 0 ? 1 : -1)
            y = (1 - abs(ox)) * (oy >= 0 ? 1 : -1)
        }
        let v = SIMD3<Float>(x, y, z)
        return v / (v * v).sum().squareRoot()
    }
}

import BrainFormats
import Foundation

/// Encodes the `.lbl` label volume of CONVENTIONS.md: `BTLB`, version 1, the cropped box, its first
/// voxel in the 256³ frame, 1 or 2 bytes per label, labels x fastest (little-endian).
public enum LabelVolumeWriter {
    public static func encode(_ volume: AtlasVolume) -> Data {
        var lo = SIMD3<Int>(repeating: CanonicalFrame.size), hi = SIMD3<Int>(repeating: -1)
        for i in volume.indices {
            let v = CanonicalFrame.voxel(Int(i))
            lo = pointwiseMin(lo, SIMD3(v.x, v.y, v.z)); hi = pointwiseMax(hi, SIMD3(v.x, v.y, v.z))
        }
        if volume.indices.isEmpty { lo = .zero; hi = .zero }
        let dims = hi &- lo &+ 1
        let wide = volume.maxLabel > 255
        let count = dims.x * dims.y * dims.z
        var data = Data()
        data.reserveCapacity(40 + count * (wide ? 2 : 1))
        data.append(contentsOf: Array("BTLB".utf8))
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func i32(_ v: Int32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        u32(1)
        u32(UInt32(dims.x)); u32(UInt32(dims.y)); u32(UInt32(dims.z))
        i32(Int32(lo.x)); i32(Int32(lo.y)); i32(Int32(lo.z))
        u32(wide ? 2 : 1)
        var box = [UInt16](repeating: 0, count: count)
        for (i, l) in zip(volume.indices, volume.labels) {
            let v = CanonicalFrame.voxel(Int(i))
            box[(v.x - lo.x) + dims.x * ((v.y - lo.y) + dims.y * (v.z - lo.z))] = l
        }
        if wide {
            box.withUnsafeBufferPointer { b in
                var le = [UInt16](repeating: 0, count: b.count)
                for k in 0 ..< b.count { le[k] = b[k].littleEndian }
                le.withUnsafeBytes { data.append(contentsOf: $0) }
            }
        } else {
            data.append(contentsOf: box.map { UInt8($0) })
        }
        return data
    }
}

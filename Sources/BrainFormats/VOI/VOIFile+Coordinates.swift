extension VOIFile {
    /// RAS mm of one stored coordinate line: TAL/MNI lines are already mm; BV/NATIVE/ACPC lines are voxel
    /// indices of the original VMR, placed through its frame (docs/file-formats.md §2.6).
    public func rasMillimetres(_ c: SIMD3<Int32>) -> SIMD3<Double> {
        let v = SIMD3<Double>(c)
        return coordinatesAreMillimetres ? v : originalFrame.ras(voxel: v)
    }

    /// Nearest voxel of `target` for one stored coordinate line, going through millimetres so
    /// anisotropic voxels and offsets are honoured; nil when it falls outside `dims`.
    public func voxel(_ c: SIMD3<Int32>, in target: VolumeFrame, dims: SIMD3<Int>) -> SIMD3<Int>? {
        let v: SIMD3<Int>
        if coordinatesAreMillimetres {
            v = target.nearestVoxel(ras: SIMD3<Double>(c))
        } else {
            let b = originalFrame.bvMillimetres(voxel: SIMD3<Double>(c))
            let f = target.voxel(bvMillimetres: b)
            v = SIMD3(Int(f.x.rounded()), Int(f.y.rounded()), Int(f.z.rounded()))
        }
        guard v.x >= 0, v.y >= 0, v.z >= 0, v.x < dims.x, v.y < dims.y, v.z < dims.z else { return nil }
        return v
    }
}

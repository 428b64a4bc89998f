import BrainFormats

/// Source volumes re-indexed into the canonical frame (nearest neighbour on 1 mm lattices).
enum CanonicalResample {
    /// How source voxel (i, j, k) lands in MNI mm: mni[row] = sign[row] · ijk[perm[row]] + shift[row].
    ///
    /// The sources sit on integer-millimetre 1 mm lattices, so each voxel lands on exactly one
    /// canonical voxel; anything else is refused instead of silently blurred.
    struct Lattice {
        var perm = [Int](repeating: -1, count: 3), sign = [Int](repeating: 0, count: 3), shift = [Int](repeating: 0, count: 3)

        init(_ nifti: NIfTIFile, file: String) throws {
            let a = nifti.affine
            for row in 0 ..< 3 {
                for col in 0 ..< 3 where abs(a[row][col]) > 1e-6 {
                    guard abs(abs(a[row][col]) - 1) < 1e-6, perm[row] < 0 else {
                        throw BuildError(file: file, field: "affine", problem: "not a 1 mm axis-aligned grid: \(a)")
                    }
                    perm[row] = col
                    sign[row] = a[row][col] > 0 ? 1 : -1
                }
                guard perm[row] >= 0, abs(a[row][3] - a[row][3].rounded()) < 1e-6 else {
                    throw BuildError(file: file, field: "affine", problem: "not an integer-millimetre grid: \(a)")
                }
                shift[row] = Int(a[row][3].rounded())
            }
        }

        /// Calls `body(sourceIndex, canonicalIndex)` for every source voxel inside the 256³ cube.
        func forEach(dims: [Int], _ body: (Int, Int) throws -> Void) rethrows {
            let nx = dims[0], ny = dims[1], nz = dims[2]
            var ijk = [0, 0, 0]
            for k in 0 ..< nz {
                ijk[2] = k
                for j in 0 ..< ny {
                    ijk[1] = j
                    for i in 0 ..< nx {
                        ijk[0] = i
                        let mx = sign[0] * ijk[perm[0]] + shift[0]
                        let my = sign[1] * ijk[perm[1]] + shift[1]
                        let mz = sign[2] * ijk[perm[2]] + shift[2]
                        if let t = CanonicalFrame.index(mniX: mx, mniY: my, mniZ: mz) { try body(i + nx * (j + ny * k), t) }
                    }
                }
            }
        }
    }

    /// Integer labels (0 = none) in a dense 256³ array.
    static func labels(_ nifti: NIfTIFile, file: String) throws -> [UInt16] {
        let lattice = try Lattice(nifti, file: file)
        let values = try nifti.integerValues(file: file)
        var out = [UInt16](repeating: 0, count: CanonicalFrame.voxelCount)
        try lattice.forEach(dims: nifti.dims) { s, t in
            let v = values[s]
            guard v >= 0, v <= Int32(UInt16.max) else {
                throw BuildError(file: file, field: "voxel \(s)", problem: "label \(v) is outside 0…65535")
            }
            out[t] = UInt16(v)
        }
        return out
    }

    /// Scaled intensities in a dense 256³ array; voxels outside the source stay 0.
    static func intensities(_ nifti: NIfTIFile, file: String) throws -> [Float] {
        let lattice = try Lattice(nifti, file: file)
        let values = nifti.floatValues()
        var out = [Float](repeating: 0, count: CanonicalFrame.voxelCount)
        lattice.forEach(dims: nifti.dims) { s, t in out[t] = values[s] }
        return out
    }
}

import Foundation

extension VMPFile {
    /// The space of the maps' box, which the file does not store (docs/file-formats.md §12.4): MNI or
    /// Talairach from a `_MNI` / `_TAL` file-name suffix, else unknown.
    public static func referenceSpace(fileName: String) -> ReferenceSpace {
        let name = fileName.uppercased()
        if name.contains("_MNI") { return .mni }
        if name.contains("_TAL") { return .talairach }
        return .unknown
    }

    /// Throws unless the maps are in MNI or Talairach space on a 256³ cube, the frame atlas look-ups and NIfTI export need.
    public static func requireAtlasSpace(_ vmp: VMPFile, fileName: String, for purpose: String) throws -> ReferenceSpace {
        let space = referenceSpace(fileName: fileName)
        guard space == .mni || space == .talairach else {
            throw FormatError(file: fileName, field: "space", message: "a VMP does not store its space and this name has no _MNI or _TAL "
                                  + "suffix, so its maps are taken as native (subject) space, which \(purpose) cannot use; "
                                  + "if the maps were computed on an MNI or Talairach VMR, name the file …_MNI.vmp or …_TAL.vmp")
        }
        guard vmp.vmrDims == SIMD3(repeating: Int32(CanonicalFrame.size)) else {
            throw FormatError(file: fileName, field: "DimX", message: "the maps' VMR is \(vmp.vmrDims.x) × \(vmp.vmrDims.y) × \(vmp.vmrDims.z), "
                                  + "not the \(CanonicalFrame.size)³ framing cube \(purpose) needs")
        }
        return space
    }

    /// Row-major affine from map voxel (i, j, k) to RAS millimetres in the canonical frame (voxel centres).
    public var canonicalAffine: [[Double]] {
        func mni(_ x: Int32, _ y: Int32, _ z: Int32) -> SIMD3<Double> {
            let m = CanonicalFrame.mni(Int(x), Int(y), Int(z))
            return SIMD3(Double(m.x), Double(m.y), Double(m.z))
        }
        let origin = mni(start.x, start.y, start.z)
        let axes = [mni(start.x + 1, start.y, start.z) - origin, mni(start.x, start.y + 1, start.z) - origin,
                    mni(start.x, start.y, start.z + 1) - origin]
        let r = Double(resolution)
        // A map voxel covers `resolution` VMR voxels per axis; its centre is half of the rest further on.
        let centre = origin + (axes[0] + axes[1] + axes[2]) * ((r - 1) / 2)
        return (0..<3).map { row in [axes[0][row] * r, axes[1][row] * r, axes[2][row] * r, centre[row]] } + [[0, 0, 0, 1]]
    }
}

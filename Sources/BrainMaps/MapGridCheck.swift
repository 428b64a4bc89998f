import BrainFormats
import Foundation

/// What a statistical map's grid must be before any of its voxels are read: a size that fits in memory and a
/// voxel-to-millimetre affine that places voxels one-to-one in space at a plausible size.
public enum MapGridCheck {
    /// The most voxels one map volume may have: 2²⁸ (1 GiB as the 32-bit values look-ups work on). A
    /// whole-head MNI map at 0.5 mm has ~77 million; a 1024³ grid (1.07 billion) is refused up front.
    public static let maxVoxels = 1 << 28

    /// Voxel edges outside this range (mm) are a broken affine, not a map: scanners and templates use
    /// 0.1–10 mm.
    public static let voxelEdgeRange = 0.01 ... 100.0

    /// Both checks below.
    public static func check(dims: [Int], affine: [[Double]], file: String) throws {
        try checkSize(dims: dims, file: file)
        try checkAffine(affine, file: file)
    }

    /// Throws when a volume of `dims` (the first three) has more than `maxVoxels` voxels.
    public static func checkSize(dims: [Int], file: String) throws {
        let voxels = dims.prefix(3).reduce(1) { $0.multipliedReportingOverflow(by: $1).partialValue }
        guard voxels > 0, voxels <= maxVoxels else {
            let gib = Double(voxels) * 4 / Double(1 << 30)
            throw MapsError("\(file): its grid \(dims.prefix(3).map(String.init).joined(separator: "×")) has \(voxels) voxels "
                            + "(\(ClusterReport.number(gib)) GiB as 32-bit values), more than a map may hold (\(maxVoxels) voxels; "
                            + "a whole-head map at 0.5 mm has about 77 million): resample it to a coarser grid")
        }
    }

    /// Throws unless `affine` (row-major 3×4 or 4×4, voxel → mm) is finite, with plausible voxel edges and a
    /// determinant far from zero.
    public static func checkAffine(_ affine: [[Double]], file: String) throws {
        let m: [[Double]] = affine.prefix(3).map { Array($0.prefix(3)) }
        guard affine.prefix(3).allSatisfy({ $0.count >= 4 && $0.prefix(4).allSatisfy(\.isFinite) }) else {
            throw MapsError("\(file): its affine has values that are not finite numbers")
        }
        let edges: [Double] = (0 ..< 3).map { (c: Int) -> Double in
            let column = SIMD3<Double>(m[0][c], m[1][c], m[2][c])
            return (column * column).sum().squareRoot()
        }
        let minors: [Double] = [m[1][1] * m[2][2] - m[1][2] * m[2][1], m[1][0] * m[2][2] - m[1][2] * m[2][0],
                                m[1][0] * m[2][1] - m[1][1] * m[2][0]]
        let det: Double = m[0][0] * minors[0] - m[0][1] * minors[1] + m[0][2] * minors[2]
        let spelled = edges.map { $0 >= 1e6 ? String(format: "%.3g", $0) : ClusterReport.number($0) }.joined(separator: " × ")
        guard edges.allSatisfy(voxelEdgeRange.contains) else {
            throw MapsError("\(file): its affine gives voxels of \(spelled) mm; a map's voxel edges must be "
                            + "\(ClusterReport.number(voxelEdgeRange.lowerBound))…\(ClusterReport.number(voxelEdgeRange.upperBound)) mm "
                            + "(the sform or qform is broken)")
        }
        // |det| equals the product of the edges for perpendicular axes and shrinks as they collapse onto each other.
        guard abs(det) >= 1e-3 * edges.reduce(1, *) else {
            throw MapsError("\(file): its affine is singular (its voxel axes are parallel or flat: determinant "
                            + "\(det)); the sform or qform is broken")
        }
    }
}

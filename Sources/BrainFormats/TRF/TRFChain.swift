import Foundation

/// TRF files applied in order to a VMR's voxels: the one rule from a native (or AC-PC) grid to a normalised one.
///
/// BrainVoyager stores each VMR → VMR matrix the way it resamples: it takes a target position to the source
/// position, both in BV-internal millimetres (axes X = A→P, Y = S→I, Z = R→L) measured from the centre of the
/// framing cube's voxel box (`voxelSize · (cube − 1) / 2`, 127.5 mm for the 256³ 1 mm cube). A source point
/// therefore goes to the target through the matrix's inverse, and a chain applies those inverses in order.
public struct TRFChain: Sendable {
    public let files: [(name: String, trf: TRFFile)]

    /// Checks that every file is a VMR → VMR affine (type 2); FMR alignments and Talairach files are refused by name.
    public init(_ files: [(name: String, trf: TRFFile)]) throws {
        for (name, trf) in files {
            switch trf.transformationType {
            case 2: break
            case 1:
                throw FormatError(file: name, field: "TransformationType", message: "1 is an FMR → VMR alignment; a VMP already lies on its "
                                      + "VMR, so it needs the VMR's own normalisation (an AC-PC or MNI .trf, type 2)")
            default:
                throw FormatError(file: name, field: "TransformationType", message: "\(trf.transformationType ?? 0) (\(trf.kindDescription)) "
                                      + "cannot be applied to a map; give VMR → VMR affine files (type 2: AC-PC, MNI a12)")
            }
            guard let m = trf.matrix, Self.inverse(m.doubles) != nil else {
                throw FormatError(file: name, field: "matrix", message: "singular: it cannot be inverted")
            }
        }
        self.files = files
    }

    /// The space the chain ends in, from the last file's target (or own) name: MNI or Talairach, else nil (AC-PC or native).
    public var targetSpace: ReferenceSpace? {
        guard let last = files.last else { return nil }
        for text in [last.trf.targetFile, last.name] {
            let upper = ((text as NSString).lastPathComponent).uppercased()
            if upper.contains("MNI") { return .mni }
            if upper.contains("_TAL") { return .talairach }
        }
        return nil
    }

    /// The centre BrainVoyager measures a frame's millimetres from for TRF matrices.
    public static func centre(of frame: VolumeFrame) -> SIMD3<Double> {
        let s = frame.voxelSize
        guard s.x < 1 || s.y < 1 || s.z < 1 else { return SIMD3(repeating: 127.5) }
        return s * (Double(frame.framingCubeDim) - 1) / 2
    }

    /// Rows of the 4×4 matrix taking a voxel index of `source` to RAS millimetres of the chain's target,
    /// a `target` frame (the 256³ 1 mm cube of normalised VMRs unless the last file says otherwise).
    public func voxelToTargetRAS(source: VolumeFrame, target: VolumeFrame = .canonical) -> [[Double]] {
        // voxel → BV mm → centred mm
        let s = source.voxelSize, o = source.offset, c = Self.centre(of: source)
        var m: [[Double]] = [[s.x, 0, 0, s.x * o.x - c.x], [0, s.y, 0, s.y * o.y - c.y], [0, 0, s.z, s.z * o.z - c.z], [0, 0, 0, 1]]
        for (_, trf) in files {
            m = Self.multiply(Self.inverse(trf.matrix!.doubles)!, m)
        }
        // centred target mm → target BV mm → RAS
        let ct = Self.centre(of: target), cr = target.centre
        let toRAS: [[Double]] = [[0, 0, -1, cr.z - ct.z], [-1, 0, 0, cr.x - ct.x], [0, -1, 0, cr.y - ct.y], [0, 0, 0, 1]]
        return Self.multiply(toRAS, m)
    }

    public static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<4).map { r in (0..<4).map { c in (0..<4).reduce(0) { $0 + a[r][$1] * b[$1][c] } } }
    }

    /// The inverse of a 4×4 matrix (Gauss–Jordan with partial pivoting), or nil when it is singular.
    public static func inverse(_ m: [[Double]]) -> [[Double]]? {
        var a = m.map { $0 + [0, 0, 0, 0] }
        for i in 0..<4 { a[i][4 + i] = 1 }
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0 else { return nil }
        for col in 0..<4 {
            let pivot = (col..<4).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-12 * scale else { return nil }
            a.swapAt(col, pivot)
            let p = a[col][col]
            for k in 0..<8 { a[col][k] /= p }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                if f != 0 { for k in 0..<8 { a[r][k] -= f * a[col][k] } }
            }
        }
        return a.map { Array($0[4..<8]) }
    }
}

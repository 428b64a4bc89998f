import Foundation

/// A BrainVoyager Talairach file (`.tal`, text): eight landmarks of one subject's AC-PC VMR in BV-internal voxel
/// coordinates (X = A→P, Y = S→I, Z = R→L), and the piecewise linear warp they define into Talairach space.
///
/// Each axis is warped on its own, as BrainVoyager's Talairach transformation (and NeuroElf's `acpc2tal`) does:
/// left–right through the right point, the AC and the left point; front–back through the anterior point, the AC,
/// the PC and the posterior point; up–down through the superior point, the AC and the inferior point. Between two
/// landmarks positions scale linearly onto the atlas's landmarks; beyond the outer ones they shift with them.
public struct TalairachLandmarks: Sendable, Equatable {
    /// AC, PC, AP, PP, SP, IP, RP, LP (anterior/posterior/superior/inferior/right/left extreme points).
    public let points: [SIMD3<Double>]
    public static let names = ["AC", "PC", "AP", "PP", "SP", "IP", "RP", "LP"]
    /// The same landmarks in the Talairach atlas, in the 256³ 1 mm cube (AC at 128; PC 23 mm behind it, the brain
    /// 70 mm in front and 102 mm behind, 74 mm above and 42 mm below, 68 mm to each side).
    public static let atlas: [SIMD3<Double>] = [
        SIMD3(128, 128, 128), SIMD3(151, 128, 128), SIMD3(58, 128, 128), SIMD3(230, 128, 128),
        SIMD3(128, 54, 128), SIMD3(128, 170, 128), SIMD3(128, 128, 60), SIMD3(128, 128, 196),
    ]

    public init(points: [SIMD3<Double>], file: String) throws {
        guard points.count == 8 else { throw FormatError(file: file, field: "landmarks", message: "needs the 8 points AC, PC, AP, PP, SP, IP, RP, LP") }
        self.points = points
        for (axis, field) in [(0, "AP, AC, PC, PP (X)"), (1, "SP, AC, IP (Y)"), (2, "RP, AC, LP (Z)")] {
            let knots = Self.knots(points, axis: axis)
            guard zip(knots, knots.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw FormatError(file: file, field: field, message: "the landmarks \(knots.map { String(format: "%g", $0) }.joined(separator: ", ")) "
                                      + "must increase along BV \(["X (front to back)", "Y (top to bottom)", "Z (right to left)"][axis])")
            }
        }
    }

    /// Reads `Key: value` lines; the eight landmarks are required, `TALVMRFramingCube` and `TALVMRVoxelRes`
    /// (version 2) must describe the 256³ 1 mm cube the warp is defined on.
    public init(data: Data, name: String) throws {
        var fields: [String: [Double]] = [:]
        for (n, raw) in TextDecoding.decode(data).split(whereSeparator: { $0 == "\n" || $0 == "\r" }).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, let colon = line.firstIndex(of: ":") else {
                if line.isEmpty { continue }
                throw FormatError(file: name, field: "line \(n + 1)", message: "\"\(line.prefix(60))\" is not a Key: value line")
            }
            let key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let values = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
            fields[key] = values
        }
        if let cube = fields["TALVMRFramingCube"]?.first, cube != 256 {
            throw FormatError(file: name, field: "TALVMRFramingCube", message: "\(cube): only landmarks of a 256³ cube are read")
        }
        if let res = fields["TALVMRVoxelRes"]?.first, res != 1 {
            throw FormatError(file: name, field: "TALVMRVoxelRes", message: "\(res): only landmarks of a 1 mm VMR are read")
        }
        let points = try Self.names.map { key -> SIMD3<Double> in
            guard let v = fields[key], v.count == 3, v.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 256 }) else {
                throw FormatError(file: name, field: key, message: fields[key] == nil ? "missing: a .tal file lists AC, PC, AP, PP, SP, IP, RP and LP"
                                                                                  : "needs three voxel coordinates between 0 and 256")
            }
            return SIMD3(v[0], v[1], v[2])
        }
        try self.init(points: points, file: name)
    }

    public static func read(from url: URL) throws -> TalairachLandmarks {
        try TalairachLandmarks(data: FileSource.read(url, sizeLimit: TextSizeLimit.check), name: url.lastPathComponent)
    }

    /// The landmarks' coordinates along one BV axis, in the order the warp's pieces run.
    static func knots(_ p: [SIMD3<Double>], axis: Int) -> [Double] {
        switch axis {
        case 0: return [p[2].x, p[0].x, p[1].x, p[3].x]
        case 1: return [p[4].y, p[0].y, p[5].y]
        default: return [p[6].z, p[0].z, p[7].z]
        }
    }

    /// BV voxel coordinates of the AC-PC VMR → BV coordinates of the Talairach cube (`inverse`: the way back).
    public func warp(_ v: SIMD3<Double>, inverse: Bool = false) -> SIMD3<Double> {
        var out = v
        for axis in 0..<3 {
            let from = Self.knots(inverse ? Self.atlas : points, axis: axis)
            let to = Self.knots(inverse ? points : Self.atlas, axis: axis)
            out[axis] = Self.piecewise(v[axis], from: from, to: to)
        }
        return out
    }

    /// Talairach millimetres (RAS, AC at 0) of an AC-PC VMR's RAS millimetres, and back with `inverse`.
    public func talairach(fromACPC ras: SIMD3<Double>, inverse: Bool = false) -> SIMD3<Double> {
        CanonicalFrame.ras(ofBV: warp(CanonicalFrame.bv(ofRAS: ras), inverse: inverse))
    }

    static func piecewise(_ x: Double, from: [Double], to: [Double]) -> Double {
        if x < from[0] { return x + to[0] - from[0] }
        for i in 0..<(from.count - 1) where x <= from[i + 1] {
            return to[i] + (to[i + 1] - to[i]) / (from[i + 1] - from[i]) * (x - from[i])
        }
        return x + to[from.count - 1] - from[from.count - 1]
    }
}

import BrainAtlas
import BrainFormats

/// The slicing mode's planes (`--planes`, `planes=`): up to three orthogonal planes through MNI
/// points, each snapped to the template voxel whose centre is nearest, as every command rounds.
public struct ScenePlanes: Sendable, Hashable {
    /// A plane by the axis it cuts: sagittal at an MNI x, coronal at a y, axial at a z.
    public enum Orientation: String, Sendable, Hashable, CaseIterable {
        case sagittal, coronal, axial

        /// The RAS axis the plane is normal to (0 = x, 1 = y, 2 = z).
        public var axis: Int {
            switch self {
            case .sagittal: 0
            case .coronal: 1
            case .axial: 2
            }
        }

        /// The two RAS axes across the plane, the texture's u then v.
        public var inPlaneAxes: (u: Int, v: Int) {
            switch self {
            case .sagittal: (1, 2)
            case .coronal: (0, 2)
            case .axial: (0, 1)
            }
        }
    }

    /// The camera of `--planes` through the origin without a view or angle: from the front left
    /// and above, so the open corner shows all three planes at similar size (a named view shows
    /// one face-on and the others edge-on).
    public static let defaultAngles = (azimuth: -45.0, elevation: 30.0)

    /// The camera of `--planes` without a view or angle (`defaultAngles` turned to the planes):
    /// the cut-away corner is the camera's, so the camera looks from the side of each vertical
    /// plane that holds the MNI origin, where more of the head lies. A sagittal plane left of the
    /// midline is seen from the right, a coronal plane in front of the origin from behind; the
    /// corner cut away is then the larger part and its faces show whole, not a sliver of the
    /// head's side. Always from above (from below the neck and jaw would fill the picture).
    public var viewAngles: (azimuth: Double, elevation: Double) {
        let side = (positions[.sagittal] ?? 0) < 0 ? -1.0 : 1.0
        let front = (positions[.coronal] ?? 0) > 0 ? 180 - abs(Self.defaultAngles.azimuth) : abs(Self.defaultAngles.azimuth)
        return (azimuth: -side * front, elevation: Self.defaultAngles.elevation)
    }

    /// The plane positions in whole MNI mm (voxel centres), by orientation.
    public let positions: [Orientation: Int]

    /// The planes drawn, in the fixed order sagittal, coronal, axial.
    public var orientations: [Orientation] { Orientation.allCases.filter { positions[$0] != nil } }

    /// The point the planes cross at (axes without a plane take 0); the cut-away's corner.
    public var centre: SIMD3<Float> {
        SIMD3(Float(positions[.sagittal] ?? 0), Float(positions[.coronal] ?? 0), Float(positions[.axial] ?? 0))
    }

    /// Reads `X,Y,Z` (all three planes) or `axial:Z[,coronal:Y][,sagittal:X]` in any order;
    /// every problem is a `planes` FieldError, found before anything loads.
    public init(parsing text: String) throws(FieldError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count <= 3 else {
            throw Self.error(text, "names \(parts.count) planes; at most three (sagittal, coronal, axial)")
        }
        var positions: [Orientation: Int] = [:]
        let named = parts.contains { $0.contains(":") }
        if !named {
            guard parts.count == 3 else {
                throw Self.error(text, "is neither X,Y,Z (three MNI mm) nor axial:Z[,coronal:Y][,sagittal:X]")
            }
            for (orientation, part) in zip(Orientation.allCases, parts) {
                positions[orientation] = try Self.position(part, orientation, text)
            }
        } else {
            for part in parts {
                let pair = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2,
                      let orientation = Orientation(rawValue: pair[0].trimmingCharacters(in: .whitespaces).lowercased()) else {
                    throw Self.error(text, "has '\(part)': write each plane as axial:Z, coronal:Y or sagittal:X")
                }
                guard positions[orientation] == nil else {
                    throw Self.error(text, "names the \(orientation.rawValue) plane twice")
                }
                positions[orientation] = try Self.position(String(pair[1]), orientation, text)
            }
        }
        self.positions = positions
    }

    /// One plane's coordinate: a finite number of mm whose nearest voxel lies in the 256³ frame.
    private static func position(_ part: String, _ orientation: Orientation, _ text: String) throws(FieldError) -> Int {
        let trimmed = part.trimmingCharacters(in: .whitespaces)
        guard let mm = Double(trimmed), mm.isFinite else {
            throw error(text, "has '\(trimmed)' for the \(orientation.rawValue) plane, which is not a number of mm")
        }
        var point = SIMD3<Double>(0, 0, 0)
        point[orientation.axis] = mm
        guard abs(mm) < 1e6, let voxel = CanonicalFrame.voxel(ofMNI: point), voxel.isInsideFrame else {
            let low = CanonicalFrame.centre - CanonicalFrame.size + 1, high = CanonicalFrame.centre
            throw error(text, "puts the \(orientation.rawValue) plane at \(trimmed) mm, outside the volume (\(low)…\(high) mm)")
        }
        return Int(CanonicalFrame.mni(of: voxel)[orientation.axis])
    }

    private static func error(_ text: String, _ problem: String) -> FieldError {
        FieldError("planes", value: text, problem)
    }

    /// How the request's field table shows the planes (`X,Y,Z` when all three are set).
    public var text: String {
        if positions.count == 3 { return orientations.map { String(positions[$0]!) }.joined(separator: ",") }
        return orientations.map { "\($0.rawValue):\(positions[$0]!)" }.joined(separator: ",")
    }
}

import BrainFormats
import Foundation

/// The space a `where` point is given in.
public enum CoordinateSpace: String, Sendable, CaseIterable, Codable {
    /// MNI millimetres (the template's space).
    case mni
    /// Talairach millimetres, converted with the inverse of Lancaster 2007 icbm_other2tal.
    case tal
    /// BV voxel index (x, y, z) in the 256³ template.
    case voxel
}

/// `where`: the region of every atlas at a point, with how near its border lies and what the answer
/// rests on, and the closest labelled region within 10 mm for atlases that have none there. Reads
/// only the catalog and the label volumes.
public struct Lookup: Sendable {
    /// How far `nearest` and `border` look (mm).
    public static let nearestRadiusMm = 10.0
    /// How close an approximate area must be for `where` to warn about it (mm): the 3 mm within which
    /// a published coordinate and an atlas border are not told apart. A border this close is said in words.
    public static let caveatRadiusMm = 3.0
    /// The largest radius `where --radius` (and `--table`'s nearest search) accepts (mm).
    public static let radiusLimitMm = 50.0

    /// A `where` answer; encodes as `{"space","mni","voxel","atlases","nearest",…}`.
    public struct Result: Encodable, Sendable {
        public let space: CoordinateSpace
        /// The point as given.
        public let input: [Double]
        /// MNI mm of the point (converted for `tal`, the voxel centre for `voxel`), 0.01 mm;
        /// nil only on a user's native-space VMR.
        public let mni: [Double]?
        public let voxel: VoxelIndex
        /// Atlas name → region at the voxel, or nil; every atlas, in catalog order.
        public let atlases: [(name: String, region: Region?)]
        /// Atlas name → closest labelled region within 10 mm, for atlases with nil above.
        public let nearest: [(name: String, hit: Nearest)]
        /// Atlas name → what its answer rests on and, for an answer at the point, its border.
        public let details: [String: Detail]
        /// With a radius: per atlas (catalog order), every region within it, nearest first.
        public let within: [(name: String, hits: [Nearest])]?
        public let radiusMm: Double?
        /// Set where the Brodmann atlases name different areas at the point.
        public let disagreement: BrodmannDisagreement?
        /// Set when the input was converted (Talairach).
        public let conversion: String?
        /// Approximate maps the answer rests on or lies near, in catalog order (empty: none).
        public let caveats: [LookupCaveat]

        enum CodingKeys: String, CodingKey {
            case space, input, mni, voxel, atlases, nearest, within, radiusMm, disagreement, conversion, caveats
        }

        /// A region with the answer's provenance in place of the area's.
        func answered(_ region: Region, atlas: String) -> Region {
            var r = region
            if let detail = details[atlas] { r.provenance = detail.provenance }
            return r
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(space, forKey: .space)
            try c.encode(input, forKey: .input)
            if let mni { try c.encode(mni, forKey: .mni) } else { try c.encodeNil(forKey: .mni) }
            try c.encode(voxel, forKey: .voxel)
            var a = c.nestedContainer(keyedBy: NameKey.self, forKey: .atlases)
            for (name, region) in atlases {
                if let region {
                    try a.encode(Flattened(answered(region, atlas: name), BorderField(border: details[name]?.border)), forKey: NameKey(name))
                } else { try a.encodeNil(forKey: NameKey(name)) }
            }
            var n = c.nestedContainer(keyedBy: NameKey.self, forKey: .nearest)
            for (name, hit) in nearest {
                try n.encode(Nearest(region: answered(hit.region, atlas: name), distanceMm: hit.distanceMm), forKey: NameKey(name))
            }
            if let within {
                var w = c.nestedContainer(keyedBy: NameKey.self, forKey: .within)
                for (name, hits) in within { try w.encode(hits, forKey: NameKey(name)) }
                try c.encodeIfPresent(radiusMm, forKey: .radiusMm)
            }
            try c.encodeIfPresent(disagreement, forKey: .disagreement)
            try c.encodeIfPresent(conversion, forKey: .conversion)
            try c.encode(caveats, forKey: .caveats)
        }
    }

    /// What one atlas's answer rests on, and how near the region's border is.
    public struct Detail: Sendable, Equatable {
        /// The answer's provenance: the area's, except `histology` where no ex vivo label of the area covers the point.
        public let provenance: Provenance?
        /// The nearest other region of the atlas within `nearestRadiusMm` (answers at the point only).
        public let border: Nearest?
    }

    /// `"border": {region, distanceMm}` or `null`.
    struct BorderField: Encodable {
        let border: Nearest?
        enum CodingKeys: String, CodingKey { case border }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            if let border { try c.encode(border, forKey: .border) } else { try c.encodeNil(forKey: .border) }
        }
    }

    /// The closest labelled region to a point.
    public struct Nearest: Encodable, Sendable, Equatable {
        public let region: Region
        /// Distance between voxel centres, mm (0.01 mm).
        public let distanceMm: Double
    }

    let library: AtlasLibrary
    /// Atlas name → its label volume's `LabelDistanceField` reaching `nearestRadiusMm`, where a long-lived
    /// caller (the server) has built one: the same answers, found with fewer reads. The CLI builds none.
    let fields: [String: LabelDistanceField]

    public init(library: AtlasLibrary, fields: [String: LabelDistanceField] = [:]) {
        self.library = library
        self.fields = fields
    }

    /// The field `fields` takes for one atlas's label volume.
    public static func distanceField(_ labels: LabelVolume) -> LabelDistanceField {
        LabelDistanceField(labels: labels, radius: nearestRadiusMm)
    }

    /// Looks up `point` (given in `space`) in every atlas of the library; with `radius` (mm, at
    /// most `radiusLimitMm`), also lists every region of each atlas within it, nearest first.
    public func lookup(_ point: SIMD3<Double>, space: CoordinateSpace, radius: Double? = nil) throws -> Result {
        let (mni, voxel) = try Lookup.resolve(point, space: space, grid: library.grid)
        if let radius { try Lookup.checkRadius(radius, field: "radius") }
        let shells = radius.map(ShellOffsets.reaching) ?? .standard
        let histology = try library.atlases.first { $0.name == AnswerProvenance.histologyAtlas && $0.hasLabelVolume }
            .map { ($0, try $0.labelVolume()) }
        var atlases: [(String, Region?)] = []
        var nearest: [(String, Nearest)] = []
        var details: [String: Detail] = [:]
        var within: [(String, [Nearest])] = []
        var caveats: [LookupCaveat] = []
        for atlas in library.atlases {
            guard atlas.hasLabelVolume else {
                atlases.append((atlas.name, nil))
                continue
            }
            let labels = try atlas.labelVolume()
            let field = fields[atlas.name]
            let id = labels.label(x: voxel.x, y: voxel.y, z: voxel.z)
            // Read only when a caveat can come of it: most atlases have no approximate region to be near.
            let around = { labels.labels(near: voxel.x, voxel.y, voxel.z, radius: Lookup.caveatRadiusMm) }
            if let radius {
                within.append((atlas.name, labels.labelsByDistance(x: voxel.x, y: voxel.y, z: voxel.z, radius: radius, shells: shells)
                    .compactMap { hit in atlas.region(id: hit.label).map { Nearest(region: $0, distanceMm: hit.distance.roundedToHundredths) } }))
            }
            if let region = atlas.region(id: id) {
                atlases.append((atlas.name, region))
                let border = labels.nearestLabel(other: id, x: voxel.x, y: voxel.y, z: voxel.z, radius: Lookup.nearestRadiusMm, field: field)
                    .flatMap { hit in atlas.region(id: hit.label).map { Nearest(region: $0, distanceMm: hit.distance.roundedToHundredths) } }
                details[atlas.name] = Detail(provenance: AnswerProvenance.at(voxel, region: region, histology: histology), border: border)
                caveats += LookupCaveat.caveats(atlas: atlas, at: region, nearest: nil, near: around)
                continue
            }
            atlases.append((atlas.name, nil))
            var closest: Region?
            if let hit = labels.nearestLabel(x: voxel.x, y: voxel.y, z: voxel.z, radius: Lookup.nearestRadiusMm, field: field),
               let region = atlas.region(id: hit.label) {
                nearest.append((atlas.name, Nearest(region: region, distanceMm: hit.distance.roundedToHundredths)))
                details[atlas.name] = Detail(provenance: AnswerProvenance.at(hit.voxel, region: region, histology: histology), border: nil)
                closest = region
            }
            caveats += LookupCaveat.caveats(atlas: atlas, at: nil, nearest: closest, near: around)
        }
        return Result(space: space, input: [point.x, point.y, point.z], mni: mni.map { [$0.x, $0.y, $0.z].map(\.roundedToHundredths) },
                      voxel: voxel, atlases: atlases, nearest: nearest, details: details,
                      within: radius == nil ? nil : within, radiusMm: radius,
                      disagreement: BrodmannDisagreement(atlases, details: details),
                      conversion: space == .tal ? Talairach.conversionNote : nil, caveats: caveats)
    }

    /// A search radius must be a finite number of millimetres from 0 to `radiusLimitMm`.
    public static func checkRadius(_ radius: Double, field: String) throws {
        guard radius.isFinite, (0...radiusLimitMm).contains(radius) else {
            throw AtlasError.invalid(FieldError(field, value: formatNumber(radius), "must be 0…\(formatNumber(radiusLimitMm)) mm"))
        }
    }

    /// MNI point and grid voxel of an input point; errors for points outside the grid.
    public static func resolve(_ point: SIMD3<Double>, space: CoordinateSpace,
                               grid: VoxelGrid = .template) throws -> (mni: SIMD3<Double>?, voxel: VoxelIndex) {
        let given = [point.x, point.y, point.z]
        for v in given where !v.isFinite {
            throw AtlasError.invalid(FieldError("point", value: "\(v)", "is not a finite number"))
        }
        let mni: SIMD3<Double>?
        let voxel: VoxelIndex?
        switch space {
        case .voxel:
            guard given.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e6 }) else {
                throw AtlasError.invalid(FieldError("point", value: given.map(formatNumber).joined(separator: ", "),
                                                    "is not a voxel: indices must be whole numbers"))
            }
            voxel = VoxelIndex(Int(point.x), Int(point.y), Int(point.z))
            mni = grid.mni(of: voxel!)
        case .mni, .tal:
            guard grid.space != .native else {
                throw AtlasError.invalid(FieldError("space", value: space.rawValue,
                                                    "does not apply: \(grid.name) is in a native space; give a voxel with {space} voxel"))
            }
            mni = space == .mni ? point : Talairach.mni(fromTalairach: point)
            voxel = grid.voxel(ofMNI: mni!)
        }
        guard let voxel, grid.contains(voxel) else {
            throw AtlasError.outsideVolume(point: given, space: space.rawValue,
                                           voxel: voxel.map { [$0.x, $0.y, $0.z] } ?? [], grid: grid.name,
                                           dims: [grid.dims.x, grid.dims.y, grid.dims.z])
        }
        return (mni, voxel)
    }

}

/// A JSON key made at run time (atlas names).
struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

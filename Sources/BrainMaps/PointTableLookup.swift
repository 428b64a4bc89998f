import BrainAtlas
import BrainFormats
import Foundation

/// `where --table`: the region of every atlas at each point of a table, and the nearest region within a radius.
/// Rows are answered and written one at a time, so output of any length needs no more memory than one row.
public struct PointTableLookup: Sendable {
    /// One atlas's answer at a point: the region there, else the nearest within the radius.
    public struct Answer: Encodable, Sendable {
        public let region: Region?
        public let nearest: Region?
        /// 0 inside `region`; the distance to `nearest` otherwise (mm, 0.01); nil when neither.
        public let distanceMm: Double?
    }

    public struct Row: Encodable, Sendable {
        /// The input row, column → text, as given.
        public let input: [String: String]
        public let mni: [Double]
        /// Atlas name → answer.
        public let atlases: [String: Answer]
        /// Why the row has no answer ("row 7: column y: …"), absent when it has one.
        public let error: String?
    }

    public let library: AtlasLibrary
    public let radiusMm: Double
    public let space: CoordinateSpace
    /// The atlases answered, in order (`--atlases`; default every atlas with a label volume, catalog order).
    public let atlases: [Atlas]
    let search: NearestLabelSearch

    public init(library: AtlasLibrary, radiusMm: Double = Lookup.nearestRadiusMm, space: CoordinateSpace = .mni, atlases names: [String]? = nil) throws {
        guard radiusMm.isFinite, (0...Lookup.radiusLimitMm).contains(radiusMm) else {
            throw MapsError("--radius: \(radiusMm) must be 0…\(Int(Lookup.radiusLimitMm)) mm")
        }
        self.library = library
        self.radiusMm = radiusMm
        self.space = space
        atlases = try ClusterRegions(library: library, atlases: names).atlases
        search = NearestLabelSearch(radius: radiusMm)
    }

    /// Answers row by row, in order: `emit(row index, MNI point or nil, answers, or nil and the row's error)`.
    public func answer(_ table: PointTable, emit: (Int, SIMD3<Double>?, [Answer]?, String?) throws -> Void) throws {
        let volumes = try atlases.map { try $0.labelVolume() }
        // Large tables pay once per atlas for a distance field so that points far from every region cost nothing;
        // small ones scan around each point. Both give the same answer.
        let useFields = table.points.count >= Self.distanceFieldRows
        var fields = [LabelDistanceField?](repeating: nil, count: atlases.count)
        for (n, point) in table.points.enumerated() {
            guard let point, table.errors[n] == nil else { try emit(n, nil, nil, table.errors[n] ?? "row \(table.rowNumbers[n]): no point"); continue }
            let mni: SIMD3<Double>?, voxel: VoxelIndex
            do {
                (mni, voxel) = try Lookup.resolve(point, space: space, grid: library.grid)
            } catch {
                try emit(n, nil, nil, "row \(table.rowNumbers[n]): \(error)")
                continue
            }
            var answers: [Answer] = []
            answers.reserveCapacity(atlases.count)
            for (a, (atlas, labels)) in zip(atlases, volumes).enumerated() {
                if let region = atlas.region(id: labels.label(x: voxel.x, y: voxel.y, z: voxel.z)) {
                    answers.append(Answer(region: region, nearest: nil, distanceMm: 0))
                    continue
                }
                if useFields && fields[a] == nil { fields[a] = LabelDistanceField(labels: labels, radius: radiusMm) }
                let found = fields[a].map { search.nearest(in: labels, field: $0, x: voxel.x, y: voxel.y, z: voxel.z) }
                    ?? search.nearest(in: labels, x: voxel.x, y: voxel.y, z: voxel.z)
                answers.append(Self.answer(atlas: atlas, hit: found))
            }
            try emit(n, mni, answers, nil)
        }
    }

    /// Tables with at least this many rows use distance fields.
    public static let distanceFieldRows = 5_000

    static func answer(atlas: Atlas, hit: (label: Int, distance: Double, voxel: VoxelIndex)?) -> Answer {
        guard let hit, let region = atlas.region(id: hit.label) else { return Answer(region: nil, nearest: nil, distanceMm: nil) }
        return Answer(region: nil, nearest: region, distanceMm: hit.distance.roundedToHundredths)
    }

    /// Streams the JSON array of rows to `write`, one row per line.
    public func writeJSON(_ table: PointTable, to write: (String) -> Void) throws {
        write("[")
        var first = true
        try answer(table) { n, mni, answers, error in
            let row = Row(input: Dictionary(zip(table.columns, table.rows[n]), uniquingKeysWith: { first, _ in first }),
                          mni: mni.map { [$0.x, $0.y, $0.z].map(\.roundedToHundredths) } ?? [],
                          atlases: answers.map { Dictionary(uniqueKeysWithValues: zip(atlases.map(\.name), $0)) } ?? [:],
                          error: error)
            write((first ? "\n" : ",\n") + (try BrainJSON.string(row)))
            first = false
        }
        write("\n]\n")
    }

    /// Streams CSV: the input columns, then per atlas `<atlas>`, `<atlas>_nearest`, `<atlas>_distance_mm`, then `error`.
    public func writeCSV(_ table: PointTable, to write: (String) -> Void) throws {
        let names = atlases.map(\.name)
        write((table.columns + names.flatMap { [$0, "\($0)_nearest", "\($0)_distance_mm"] } + ["error"]).map(ClusterReport.quoted).joined(separator: ",") + "\n")
        try answer(table) { n, _, answers, error in
            let extra = answers.map { list in
                list.flatMap { a in [a.region?.displayName ?? "", a.nearest?.displayName ?? "", a.distanceMm.map(ClusterReport.number) ?? ""] }
            } ?? Array(repeating: "", count: 3 * names.count)
            write((table.rows[n] + extra + [error ?? ""]).map(ClusterReport.quoted).joined(separator: ",") + "\n")
        }
    }

    /// The whole CSV as one string (small tables and tests).
    public func csv(_ table: PointTable) throws -> String {
        var out = ""
        try writeCSV(table) { out += $0 }
        return String(out.dropLast())
    }
}

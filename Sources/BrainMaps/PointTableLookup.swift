import BrainFormats
import BrainAtlas
import Foundation

/// `where --table`: the region of every atlas at each point of a table, and the nearest region within a radius.
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
    }

    public let library: AtlasLibrary
    public let radiusMm: Double
    public let space: CoordinateSpace

    public init(library: AtlasLibrary, radiusMm: Double = Lookup.nearestRadiusMm, space: CoordinateSpace = .mni) throws {
        guard radiusMm.isFinite, (0...Lookup.radiusLimitMm).contains(radiusMm) else {
            throw MapsError("--radius: \(radiusMm) must be 0…\(Int(Lookup.radiusLimitMm)) mm")
        }
        self.library = library
        self.radiusMm = radiusMm
        self.space = space
    }

    /// Answers for every row, in order; atlases in catalog order.
    public func answers(_ table: PointTable) throws -> [(mni: SIMD3<Double>?, answers: [(atlas: String, answer: Answer)])] {
        let atlases = try library.atlases.filter(\.hasLabelVolume).map { ($0, try $0.labelVolume()) }
        return try table.points.map { point in
            let (mni, voxel) = try Lookup.resolve(point, space: space, grid: library.grid)
            let answers = atlases.map { atlas, labels -> (String, Answer) in
                if let region = atlas.region(id: labels.label(x: voxel.x, y: voxel.y, z: voxel.z)) {
                    return (atlas.name, Answer(region: region, nearest: nil, distanceMm: 0))
                }
                guard let hit = labels.nearestLabel(x: voxel.x, y: voxel.y, z: voxel.z, radius: radiusMm),
                      let region = atlas.region(id: hit.label) else { return (atlas.name, Answer(region: nil, nearest: nil, distanceMm: nil)) }
                return (atlas.name, Answer(region: nil, nearest: region, distanceMm: hit.distance.roundedToHundredths))
            }
            return (mni, answers)
        }
    }

    /// JSON rows.
    public func json(_ table: PointTable) throws -> [Row] {
        try zip(table.rows, answers(table)).map { row, a in
            Row(input: Dictionary(zip(table.columns, row), uniquingKeysWith: { first, _ in first }),
                mni: a.mni.map { [$0.x, $0.y, $0.z].map(\.roundedToHundredths) } ?? [],
                atlases: Dictionary(uniqueKeysWithValues: a.answers.map { ($0.atlas, $0.answer) }))
        }
    }

    /// CSV: the input columns, then per atlas `<atlas>`, `<atlas>_nearest`, `<atlas>_distance_mm`.
    public func csv(_ table: PointTable) throws -> String {
        let all = try answers(table)
        let names = all.first?.answers.map(\.atlas) ?? library.atlases.filter(\.hasLabelVolume).map(\.name)
        var lines = [(table.columns + names.flatMap { [$0, "\($0)_nearest", "\($0)_distance_mm"] }).map(ClusterReport.quoted).joined(separator: ",")]
        for (row, a) in zip(table.rows, all) {
            let extra = a.answers.flatMap { _, answer in
                [answer.region?.displayName ?? "", answer.nearest?.displayName ?? "", answer.distanceMm.map(ClusterReport.number) ?? ""]
            }
            lines.append((row + extra).map(ClusterReport.quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }
}

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
    let shells: ShellOffsets

    public init(library: AtlasLibrary, radiusMm: Double = Lookup.nearestRadiusMm, space: CoordinateSpace = .mni, atlases names: [String]? = nil) throws {
        guard radiusMm.isFinite, (0...Lookup.radiusLimitMm).contains(radiusMm) else {
            throw MapsError("--radius: \(radiusMm) must be 0…\(Int(Lookup.radiusLimitMm)) mm")
        }
        self.library = library
        self.radiusMm = radiusMm
        self.space = space
        atlases = try ClusterRegions(library: library, atlases: names).atlases
        shells = ShellOffsets.reaching(radiusMm)
    }

    /// Answers row by row, in order: `emit(row index, MNI point or nil, answers, or nil and the row's error)`.
    /// Rows are answered a block at a time on all cores, then emitted in order from the calling thread.
    public func answer(_ table: PointTable, emit: (Int, SIMD3<Double>?, [Answer]?, String?) throws -> Void) throws {
        let volumes = try atlases.map { try $0.labelVolume() }
        // Large tables pay once per atlas for a distance field (built on all cores) so that points far from every
        // region cost nothing; small ones scan around each point. Both give the same answer.
        let fields = table.points.count >= Self.distanceFieldRows
            ? Self.fields(volumes, radius: radiusMm) : [LabelDistanceField?](repeating: nil, count: volumes.count)
        let count = table.points.count
        for blockStart in stride(from: 0, to: count, by: Self.blockRows) {
            let rows = blockStart..<min(count, blockStart + Self.blockRows)
            let results = Slots<RowResult>(count: rows.count)
            let chunk = 512
            DispatchQueue.concurrentPerform(iterations: (rows.count + chunk - 1) / chunk) { c in
                for n in (rows.lowerBound + c * chunk)..<min(rows.upperBound, rows.lowerBound + (c + 1) * chunk) {
                    results.store(n - rows.lowerBound, answerRow(n, of: table, volumes: volumes, fields: fields))
                }
            }
            for n in rows {
                switch results.value(n - rows.lowerBound) {
                case .answered(let mni, let answers): try emit(n, mni, answers, nil)
                case .failed(let error): try emit(n, nil, nil, error)
                }
            }
        }
    }

    /// Rows answered before any is emitted: enough to keep both cores busy, few enough to keep memory small.
    static let blockRows = 16_384

    enum RowResult: Sendable {
        case answered(SIMD3<Double>?, [Answer])
        case failed(String)
    }

    private func answerRow(_ n: Int, of table: PointTable, volumes: [LabelVolume], fields: [LabelDistanceField?]) -> RowResult {
        guard let point = table.points[n], table.errors[n] == nil else { return .failed(table.errors[n] ?? "row \(table.rowNumbers[n]): no point") }
        let mni: SIMD3<Double>?, voxel: VoxelIndex
        do {
            (mni, voxel) = try Lookup.resolve(point, space: space, grid: library.grid)
        } catch {
            return .failed("row \(table.rowNumbers[n]): \(error)")
        }
        var answers: [Answer] = []
        answers.reserveCapacity(atlases.count)
        for (a, (atlas, labels)) in zip(atlases, volumes).enumerated() {
            if let region = atlas.region(id: labels.label(x: voxel.x, y: voxel.y, z: voxel.z)) {
                answers.append(Answer(region: region, nearest: nil, distanceMm: 0))
                continue
            }
            let found = labels.nearestLabel(x: voxel.x, y: voxel.y, z: voxel.z, radius: radiusMm, shells: shells, field: fields[a])
            answers.append(Self.answer(atlas: atlas, hit: found))
        }
        return .answered(mni, answers)
    }

    /// One distance field per volume, built side by side.
    static func fields(_ volumes: [LabelVolume], radius: Double) -> [LabelDistanceField?] {
        let built = Slots<LabelDistanceField?>(count: volumes.count)
        DispatchQueue.concurrentPerform(iterations: volumes.count) { built.store($0, LabelDistanceField(labels: volumes[$0], radius: radius)) }
        return (0..<volumes.count).map(built.value)
    }

    /// Tables with at least this many rows use distance fields.
    public static let distanceFieldRows = 5_000

    static func answer(atlas: Atlas, hit: LabelHit?) -> Answer {
        guard let hit, let region = atlas.region(id: hit.label) else { return Answer(region: nil, nearest: nil, distanceMm: nil) }
        return Answer(region: nil, nearest: region, distanceMm: hit.distance.roundedToHundredths)
    }

    /// Streams the JSON array of rows to `write`, one row per line.
    public func writeJSON(_ table: PointTable, to write: (String) -> Void) throws {
        write("[")
        var json = PointTableJSON(atlases: atlases, columns: table.columns)
        var first = true
        try answer(table) { n, mni, answers, error in
            write((first ? "\n" : ",\n") + (try json.row(table.rows[n], mni: mni, answers: answers, error: error)))
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

/// One slot per index, each written by exactly one `concurrentPerform` iteration and read only after all have
/// finished (a fixed buffer, so no thread touches a shared array header).
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }
    func store(_ k: Int, _ value: Value) { slots[k] = value }
    func value(_ k: Int) -> Value { slots[k]! }
}

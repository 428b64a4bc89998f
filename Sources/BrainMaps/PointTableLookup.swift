import BrainAtlas
import BrainFormats
import Foundation

/// `where --table`: the region of every atlas at each point of a table, and the nearest region within a radius.
/// Rows are answered and written a chunk at a time on all cores and emitted in order, so output of any length needs
/// no more memory than a block of rows.
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
    public func answer(_ table: PointTable, emit: (Int, SIMD3<Double>?, [Answer]?, String?) throws -> Void) throws {
        let atlases = atlases
        try answerChunks(table) { rows, answerer in
            var packed = [PackedAnswer](repeating: .none, count: atlases.count)
            return rows.map { n -> (Int, SIMD3<Double>?, [Answer]?, String?) in
                switch answerer.answer(n, into: &packed) {
                case .failed(let error): return (n, nil, nil, error)
                case .answered(let mni): return (n, mni, zip(atlases, packed).map { $1.answer(in: $0) }, nil)
                }
            }
        } emit: { rows in
            for row in rows { try emit(row.0, row.1, row.2, row.3) }
        }
    }

    /// Streams the table's answers as text: the CSV header and rows, or the JSON array of rows (one per line).
    /// With `printable`, control characters in the text (the table's own cells may hold them) are escaped as
    /// `TextDecoding.printable` does, line breaks and tabs kept.
    public func write(_ table: PointTable, json: Bool, printable: Bool = false, to write: ([UInt8]) -> Void) throws {
        let text = try PointTableText(atlases: atlases, columns: table.columns, radiusMm: radiusMm, json: json)
        let escape: ([UInt8]) -> [UInt8] = { bytes in
            guard printable, PointTableText.mayHoldControls(bytes) else { return bytes }
            return Array(TextDecoding.printable(String(decoding: bytes, as: UTF8.self), keepLayout: true).utf8)
        }
        write(escape(text.header()))
        try answerChunks(table) { rows, answerer in
            var packed = [PackedAnswer](repeating: .none, count: text.atlasCount)
            var out: [UInt8] = []
            out.reserveCapacity(rows.count * (json ? 1024 : 256))
            for n in rows {
                switch answerer.answer(n, into: &packed) {
                case .failed(let error): text.row(table.rows[n], mni: nil, answers: nil, error: error, first: n == 0, into: &out)
                case .answered(let mni): text.row(table.rows[n], mni: mni, answers: packed, error: nil, first: n == 0, into: &out)
                }
            }
            return out
        } emit: { write(escape($0)) }
        write(escape(text.footer()))
    }

    /// Streams the JSON array of rows to `write`, one row per line.
    public func writeJSON(_ table: PointTable, to write: (String) -> Void) throws {
        try self.write(table, json: true) { write(String(decoding: $0, as: UTF8.self)) }
    }

    /// Streams CSV: the input columns, then per atlas `<atlas>`, `<atlas>_nearest`, `<atlas>_distance_mm`, then `error`.
    public func writeCSV(_ table: PointTable, to write: (String) -> Void) throws {
        try self.write(table, json: false) { write(String(decoding: $0, as: UTF8.self)) }
    }

    /// The whole CSV as one string (small tables and tests).
    public func csv(_ table: PointTable) throws -> String {
        var out = ""
        try writeCSV(table) { out += $0 }
        return String(out.dropLast())
    }

    /// Answers the table a block of rows at a time on all cores (`RowAnswerer.answer`), then turns each chunk of the
    /// block's rows into a value (their answers or their text) with `make`, also on all cores; `emit` gets the values
    /// in row order from the calling thread.
    func answerChunks<Chunk: Sendable>(_ table: PointTable, make: @Sendable (Range<Int>, BlockAnswers) -> Chunk,
                                       emit: (Chunk) throws -> Void) throws {
        let volumes = try atlases.map { try $0.labelVolume() }
        // Large tables pay once per atlas for a distance field (built on all cores) so that points far from every
        // region cost nothing; small ones scan around each point. Both give the same answer.
        let fields = table.points.count >= Self.distanceFieldRows
            ? Self.fields(volumes, radius: radiusMm) : [LabelDistanceField?](repeating: nil, count: volumes.count)
        let answerer = RowAnswerer(lookup: self, table: table, volumes: volumes, fields: fields)
        let count = table.points.count, chunkRows = Self.chunkRows
        for answerStart in stride(from: 0, to: count, by: Self.answerRows) {
            let answers = answerer.answer(answerStart..<min(count, answerStart + Self.answerRows))
            for blockStart in stride(from: answers.rows.lowerBound, to: answers.rows.upperBound, by: Self.blockRows) {
                let blockEnd = min(answers.rows.upperBound, blockStart + Self.blockRows)
                let chunks = (blockEnd - blockStart + chunkRows - 1) / chunkRows
                let results = Slots<Chunk>(count: chunks)
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    let start = blockStart + c * chunkRows
                    results.store(c, make(start..<min(blockEnd, start + chunkRows), answers))
                }
                for c in 0..<chunks { try emit(results.value(c)) }
            }
        }
    }

    /// Rows answered together: the more points, the closer neighbours lie on the Z-order curve and the more of
    /// them share a cache line of each volume and field (the answers take 12 bytes per row and atlas).
    static let answerRows = 262_144
    /// Rows formatted before any is emitted: enough to keep both cores busy, few enough to keep memory small.
    static let blockRows = 16_384
    /// Rows one task answers and formats.
    static let chunkRows = 512

    /// One distance field per volume, built side by side.
    static func fields(_ volumes: [LabelVolume], radius: Double) -> [LabelDistanceField?] {
        let built = Slots<LabelDistanceField?>(count: volumes.count)
        DispatchQueue.concurrentPerform(iterations: volumes.count) { built.store($0, LabelDistanceField(labels: volumes[$0], radius: radius)) }
        return (0..<volumes.count).map(built.value)
    }

    /// Tables with at least this many rows use distance fields.
    public static let distanceFieldRows = 5_000
}

/// One slot per index, each written by exactly one `concurrentPerform` iteration and read only after all have
/// finished (a fixed buffer, so no thread touches a shared array header).
final class Slots<Value: Sendable>: @unchecked Sendable {
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

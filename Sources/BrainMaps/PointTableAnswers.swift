import BrainAtlas
import BrainFormats

/// One atlas's answer at a point as two small numbers, so answering a row copies no region: the label there, or the
/// nearest label within the radius and its squared distance in voxels² (1 mm voxels).
struct PackedAnswer: Sendable, Equatable {
    enum Kind: UInt8, Sendable { case none, inside, nearest }
    let kind: Kind
    let label: Int32
    let squaredDistance: Int32

    static let none = PackedAnswer(kind: .none, label: 0, squaredDistance: 0)

    /// The distance reported for a squared one: between voxel centres, rounded to 0.01 mm.
    static func distanceMm(squared: Int) -> Double { Double(squared).squareRoot().roundedToHundredths }

    /// The answer with its regions, as `where --table`'s rows report it.
    func answer(in atlas: Atlas) -> PointTableLookup.Answer {
        switch kind {
        case .none: PointTableLookup.Answer(region: nil, nearest: nil, distanceMm: nil)
        case .inside: PointTableLookup.Answer(region: atlas.region(id: Int(label)), nearest: nil, distanceMm: 0)
        case .nearest: PointTableLookup.Answer(region: nil, nearest: atlas.region(id: Int(label)),
                                               distanceMm: Self.distanceMm(squared: Int(squaredDistance)))
        }
    }
}

/// Answers one row of a table against every chosen atlas: the region at the point's voxel, else the nearest labelled
/// voxel within the radius through the one shell walk `where` uses (started at the distance field's shell).
struct RowAnswerer: Sendable {
    enum Outcome { case answered(SIMD3<Double>?), failed(String) }

    let table: PointTable
    let volumes: [LabelVolume]
    let fields: [LabelDistanceField?]
    /// Each atlas's region count: a label is a region when it is 1…count.
    let regionCounts: [Int]
    let radiusMm: Double
    let shells: ShellOffsets
    let space: CoordinateSpace
    let grid: VoxelGrid

    init(lookup: PointTableLookup, table: PointTable, volumes: [LabelVolume], fields: [LabelDistanceField?]) {
        self.table = table
        self.volumes = volumes
        self.fields = fields
        regionCounts = lookup.atlases.map(\.regions.count)
        radiusMm = lookup.radiusMm
        shells = lookup.shells
        space = lookup.space
        grid = lookup.library.grid
    }

    /// Row `n`'s answers into `packed` (one per atlas), or why it has none.
    func answer(_ n: Int, into packed: inout [PackedAnswer]) -> Outcome {
        guard let point = table.points[n], table.errors[n] == nil else { return .failed(table.errors[n] ?? "row \(table.rowNumbers[n]): no point") }
        let mni: SIMD3<Double>?, voxel: VoxelIndex
        do {
            (mni, voxel) = try Lookup.resolve(point, space: space, grid: grid)
        } catch {
            return .failed("row \(table.rowNumbers[n]): \(error)")
        }
        for a in volumes.indices {
            let labels = volumes[a], count = regionCounts[a]
            let here = labels.label(x: voxel.x, y: voxel.y, z: voxel.z)
            if here >= 1 && here <= count {
                packed[a] = PackedAnswer(kind: .inside, label: Int32(here), squaredDistance: 0)
                continue
            }
            // A label that names no region finds itself at 0 mm and so answers nothing, as a lone look-up does.
            guard let hit = labels.nearestLabel(x: voxel.x, y: voxel.y, z: voxel.z, radius: radiusMm, shells: shells, field: fields[a]),
                  hit.label >= 1 && hit.label <= count else {
                packed[a] = .none
                continue
            }
            let d = SIMD3(hit.voxel.x - voxel.x, hit.voxel.y - voxel.y, hit.voxel.z - voxel.z)
            packed[a] = PackedAnswer(kind: .nearest, label: Int32(hit.label), squaredDistance: Int32((d &* d).wrappedSum()))
        }
        return .answered(mni)
    }
}

import BrainAtlas

/// The pick image read as regions: per pixel the index of its region in `regions` (-1 for the
/// background, unlabelled cortex and plain colours), and each region's pixel count. A region drawn
/// by two layers is one region here, so no border is seen between its parts.
public struct RegionMap: Sendable {
    public let width: Int
    public let height: Int
    /// Visible regions, most pixels first (ties by atlas and id), as `render --json` lists them.
    public let regions: [Region]
    public let pixels: [Int]
    /// Row-major from the top-left.
    let labels: [Int32]
    /// Pixels where anything pickable was drawn (a region or unlabelled cortex): the brain's silhouette.
    let drawn: [Bool]

    /// Reads `index`; `regionOf` names the region behind a pick id (nil for none).
    public init(index: IndexImage, regionOf: (UInt32) -> Region?) {
        width = index.width
        height = index.height
        var byID: [UInt32: Region?] = [:]
        var counts: [Region: Int] = [:]
        // Pixels come in runs of one id, so count runs and look each id up once per run.
        var runID: UInt32 = 0, run = 0
        func flush() {
            guard runID != 0, run > 0 else { return }
            let region: Region?
            if let known = byID[runID] { region = known } else { region = regionOf(runID); byID[runID] = region }
            if let region { counts[region, default: 0] += run }
        }
        for id in index.ids {
            if id == runID { run += 1; continue }
            flush()
            (runID, run) = (id, 1)
        }
        flush()
        let sorted = counts.sorted { a, b in
            a.value != b.value ? a.value > b.value : (a.key.atlas, a.key.id) < (b.key.atlas, b.key.id)
        }
        regions = sorted.map(\.key)
        pixels = sorted.map(\.value)
        let position = Dictionary(uniqueKeysWithValues: regions.enumerated().map { ($1, Int32($0)) })
        var labelOf: [UInt32: Int32] = [0: -1]
        for (id, region) in byID { labelOf[id] = region.flatMap { position[$0] } ?? -1 }
        var last: (id: UInt32, label: Int32) = (0, -1)
        labels = index.ids.map { id in
            if id != last.id { last = (id, labelOf[id] ?? -1) }
            return last.label
        }
        drawn = index.ids.map { $0 != 0 }
    }

    /// The region index at (x, y), -1 for none.
    public func label(x: Int, y: Int) -> Int { Int(labels[y * width + x]) }
}

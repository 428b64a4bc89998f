import BrainAtlas

/// `render --json` (and `/api/render.json`): the image and the regions visible in it.
public struct RenderReport: Encodable, Sendable {
    public struct RegionPixels: Encodable, Sendable {
        public let pixels: Int
        public let centroid: [Double]
        public let bbox: [Int]
    }

    public let out: String?
    public let size: [Int]
    public let view: String
    public let hemi: String
    /// Region object + pixels, centroid [x, y], bbox [x0, y0, x1, y1]; most pixels first.
    public let regions: [RegionWith<RegionPixels>]
    /// What the picture cannot show of what was asked (`AtlasScene.notes`); absent when nothing.
    public let notes: [String]?

    /// Counts the pick image's pixels per region (a region drawn by two layers is merged).
    public init(scene: AtlasScene, index: IndexImage, out: String?) {
        var perRegion: [Region: IDStatistics] = [:]
        for (id, stats) in index.statistics() {
            guard let target = scene.target(id: id), let region = target.region else { continue }
            perRegion[region, default: IDStatistics()].merge(stats)
        }
        regions = perRegion.sorted { a, b in
            a.value.pixels != b.value.pixels ? a.value.pixels > b.value.pixels
                : (a.key.atlas, a.key.id) < (b.key.atlas, b.key.id)
        }.map { region, s in
            let c = s.centroid
            return RegionWith(region, RegionPixels(pixels: s.pixels,
                                                   centroid: [(c.x * 10).rounded() / 10, (c.y * 10).rounded() / 10],
                                                   bbox: [s.minX, s.minY, s.maxX, s.maxY]))
        }
        self.out = out
        size = [scene.scene.width, scene.scene.height]
        view = scene.request.viewLabel
        hemi = scene.hemisphere.rawValue
        notes = scene.notes.isEmpty ? nil : scene.notes
    }
}

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
    }
}

/// `pick X Y` (and `/api/pick`): the region under a pixel with its info text, the surface point
/// and vertex; all null off the brain. `surface` names what was hit where no region is
/// ("unlabelled cortex (medial wall)"), and is null on a region or off the brain.
public struct PickReport: Encodable, Sendable {
    public struct TextField: Encodable, Sendable {
        public let text: String?

        enum CodingKeys: String, CodingKey { case text }

        // A region without a text still says so: "text": null.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            if let text { try c.encode(text, forKey: .text) } else { try c.encodeNil(forKey: .text) }
        }
    }

    public let x: Int
    public let y: Int
    public let region: RegionWith<TextField>?
    public let mni: [Double]?
    public let vertex: Int?
    public let surface: String?

    public init(x: Int, y: Int, region: Region?, text: String?, hit: PickResolver.Hit?, surface: String? = nil) {
        self.x = x
        self.y = y
        self.surface = region == nil && hit != nil ? surface : nil
        self.region = region.map { RegionWith($0, TextField(text: text)) }
        mni = hit.map { h in [h.anatomical.x, h.anatomical.y, h.anatomical.z].map { (Double($0) * 100).rounded() / 100 } }
        vertex = hit?.vertex
    }

    enum CodingKeys: String, CodingKey { case x, y, region, mni, vertex, surface }

    // Written by hand so that off-brain fields are explicit nulls.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        if let region { try c.encode(region, forKey: .region) } else { try c.encodeNil(forKey: .region) }
        if let mni { try c.encode(mni, forKey: .mni) } else { try c.encodeNil(forKey: .mni) }
        if let vertex { try c.encode(vertex, forKey: .vertex) } else { try c.encodeNil(forKey: .vertex) }
        if let surface { try c.encode(surface, forKey: .surface) } else { try c.encodeNil(forKey: .surface) }
    }
}

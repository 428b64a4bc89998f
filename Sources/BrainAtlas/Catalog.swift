import Foundation
import BrainFormats

/// The Codable mirror of `AtlasData/catalog.json` (docs/CONVENTIONS.md): written by the atlas
/// builder, read by everyone else.
public struct Catalog: Codable, Sendable, Equatable {
    public var formatVersion: Int
    public var space: String
    public var template: String
    public var meshes: [Mesh]
    public var atlases: [Atlas]

    public init(formatVersion: Int = 1, space: String = "MNI152NLin2009cAsym",
                template: String = "template/icbm2009c_t1.vmr", meshes: [Mesh], atlases: [Atlas]) {
        self.formatVersion = formatVersion
        self.space = space
        self.template = template
        self.meshes = meshes
        self.atlases = atlases
    }

    /// The catalog's entry for `id`, if it has one.
    public func mesh(_ id: MeshID) -> Mesh? { meshes.first { $0.name == id.name } }

    /// One mesh file: `pial-left`, `inflated-right`, `head`, `subcortical`, …
    public struct Mesh: Codable, Sendable, Equatable {
        public var name: String
        /// `pial`, `inflated`, `head` or `subcortical`.
        public var surface: String
        public var hemisphere: Hemisphere
        public var file: String
        /// The POI that labels this mesh's vertices (subcortical mesh only).
        public var poi: String?
        /// Per-vertex ambient openness (`VertexOcclusionFile`; pial meshes of newer data only).
        public var occlusion: String?

        /// What the name says this mesh is (nil for a name outside `MeshID`'s spellings).
        public var id: MeshID? { MeshID(name: name) }

        public init(name: String, surface: String, hemisphere: Hemisphere, file: String, poi: String? = nil,
                    occlusion: String? = nil) {
            self.occlusion = occlusion
            self.name = name
            self.surface = surface
            self.hemisphere = hemisphere
            self.file = file
            self.poi = poi
        }
    }

    /// One atlas entry with its files and regions.
    public struct Atlas: Codable, Sendable, Equatable {
        public var name: String
        public var title: String
        public var description: String
        public var source: String
        public var licence: String
        public var kind: AtlasKind
        public var files: Files
        public var regions: [RegionEntry]

        public init(name: String, title: String, description: String, source: String, licence: String,
                    kind: AtlasKind, files: Files, regions: [RegionEntry]) {
            self.name = name
            self.title = title
            self.description = description
            self.source = source
            self.licence = licence
            self.kind = kind
            self.files = files
            self.regions = regions
        }
    }

    /// Paths (relative to AtlasData) of one atlas's files.
    public struct Files: Codable, Sendable, Equatable {
        public var voi: String?
        public var labels: String?
        public var poi: SidePaths?
        public var texts: String?

        public init(voi: String? = nil, labels: String? = nil, poi: SidePaths? = nil, texts: String? = nil) {
            self.voi = voi
            self.labels = labels
            self.poi = poi
            self.texts = texts
        }
    }

    /// A left and a right file.
    public struct SidePaths: Codable, Sendable, Equatable {
        public var left: String
        public var right: String

        public init(left: String, right: String) {
            self.left = left
            self.right = right
        }
    }

    /// A region as the catalog stores it: the region object without `atlas`, plus build statistics.
    public struct RegionEntry: Codable, Sendable, Equatable {
        public var id: Int
        public var name: String
        public var sourceLabel: String
        public var hemisphere: Hemisphere
        public var color: RGB
        public var lobe: String?
        /// Lobes a network or parcel spans (its `lobe` is null); nil for single-lobe regions.
        public var lobes: [String]?
        public var voxelCount: Int?
        public var centroidMni: [Double]?
        /// A voxel centre inside the region (the centroid may lie outside it).
        public var anchorMni: [Double]?
        /// Set where the source map is known to be displaced; shown wherever the region is named.
        public var caveat: String?
        /// The source's colour where the build derived `color` (absent: `color` is the source's).
        public var sourceColor: RGB?
        /// The colour of the colour-blind palette where it differs from `color` (`--palette cvd`).
        public var cvdColor: RGB?
        /// What the region's map rests on, where the recipe records it.
        public var provenance: Provenance?
        /// The ex vivo labels whose presence makes an answer of this region histological, derived
        /// by the build from the region's rule (`Region.histologyLabels`); absent where it claims none.
        public var histologyLabels: [String]?

        public init(id: Int, name: String, sourceLabel: String, hemisphere: Hemisphere, color: RGB,
                    lobe: String?, lobes: [String]? = nil, voxelCount: Int? = nil, centroidMni: [Double]? = nil,
                    anchorMni: [Double]? = nil, caveat: String? = nil, sourceColor: RGB? = nil,
                    cvdColor: RGB? = nil, provenance: Provenance? = nil, histologyLabels: [String]? = nil) {
            self.id = id
            self.name = name
            self.sourceLabel = sourceLabel
            self.hemisphere = hemisphere
            self.color = color
            self.lobe = lobe
            self.lobes = lobes
            self.voxelCount = voxelCount
            self.centroidMni = centroidMni
            self.anchorMni = anchorMni
            self.caveat = caveat
            self.sourceColor = sourceColor
            self.cvdColor = cvdColor
            self.provenance = provenance
            self.histologyLabels = histologyLabels
        }

        enum CodingKeys: String, CodingKey {
            case id, name, sourceLabel, hemisphere, color, lobe, lobes, voxelCount, centroidMni, anchorMni, caveat, sourceColor, cvdColor, provenance
            case histologyLabels
        }

        // Explicit nulls keep every key present in the written catalog.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(name, forKey: .name)
            try c.encode(sourceLabel, forKey: .sourceLabel)
            try c.encode(hemisphere, forKey: .hemisphere)
            try c.encode(color, forKey: .color)
            if let lobe { try c.encode(lobe, forKey: .lobe) } else { try c.encodeNil(forKey: .lobe) }
            try c.encodeIfPresent(voxelCount, forKey: .voxelCount)
            try c.encodeIfPresent(lobes, forKey: .lobes)
            try c.encodeIfPresent(centroidMni, forKey: .centroidMni)
            try c.encodeIfPresent(anchorMni, forKey: .anchorMni)
            try c.encodeIfPresent(caveat, forKey: .caveat)
            try c.encodeIfPresent(sourceColor, forKey: .sourceColor)
            try c.encodeIfPresent(cvdColor, forKey: .cvdColor)
            try c.encodeIfPresent(provenance, forKey: .provenance)
            try c.encodeIfPresent(histologyLabels, forKey: .histologyLabels)
        }

        /// The region object of this entry in atlas `atlas`.
        public func region(atlas: String) -> Region {
            Region(id: id, name: name, sourceLabel: sourceLabel, hemisphere: hemisphere,
                   atlas: atlas, color: color, lobe: lobe, lobes: lobes, caveat: caveat, sourceColor: sourceColor, cvdColor: cvdColor,
                   provenance: provenance, histologyLabels: histologyLabels)
        }
    }
}

extension Catalog {
    /// Atlas order fixed by the conventions; the builder writes atlases in this order.
    public static let atlasOrder = ["lobes", "gyri", "sulci", "brodmann", "brodmann-histology", "brodmann-pals",
                                    "functional", "subcortical", "tissue", "networks", "parcels"]

    /// Reads and checks `catalog.json`, from its binary index (`CatalogIndex`) when that is current.
    public static func read(from url: URL) throws -> Catalog {
        if let indexed = CatalogIndex.read(besideJSON: url) { return try indexed.checked(path: url.path) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw AtlasError.unreadable(url.path, reason: "\(error.localizedDescription)")
        }
        return try decode(data, path: url.path)
    }

    /// Decodes catalog JSON; `path` names the file in errors.
    public static func decode(_ data: Data, path: String) throws -> Catalog {
        let catalog: Catalog
        do throws(JSONError) {
            let tree: JSONValue
            do { tree = try JSONValue.parse(data) } catch { throw .syntax(error) }
            // The direct reading (`CatalogReading`); the Codable one reads anything else or names the fault.
            if let direct = Catalog(tree: tree) {
                catalog = direct
            } else {
                do { catalog = try JSONValueDecoder.decode(Catalog.self, from: tree) } catch { throw .shape(error) }
            }
        } catch {
            throw AtlasError.badCatalog(path, field: error.location, problem: error.problem)
        }
        return try catalog.checked(path: path)
    }

    /// This catalog when its version and region ids are as the conventions say.
    func checked(path: String) throws -> Catalog {
        let catalog = self
        guard catalog.formatVersion == 1 else {
            throw AtlasError.badCatalog(path, field: "formatVersion",
                                        problem: "version \(catalog.formatVersion) is not supported (expected 1)")
        }
        for atlas in catalog.atlases {
            for (index, region) in atlas.regions.enumerated() where region.id != index + 1 {
                throw AtlasError.badCatalog(path, field: "atlases[\(atlas.name)].regions[\(index)].id",
                                            problem: "id \(region.id) should be \(index + 1) (ids run 1…N)")
            }
        }
        return catalog
    }

    /// Encodes the catalog as stable, human-readable JSON (sorted keys, so builds are byte-identical).
    public func encoded() throws -> Data {
        try BrainJSON.encode(self, pretty: true)
    }
}

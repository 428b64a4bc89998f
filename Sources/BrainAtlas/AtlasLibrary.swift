import Foundation

/// The atlases of one AtlasData folder (or a user's set): the catalog, read once, and one
/// lazily loading `Atlas` per entry.
public final class AtlasLibrary: Sendable {
    /// The atlas a request shows when it names none.
    public static let defaultAtlas = "gyri"

    /// The AtlasData folder, nil for purely in-memory sets.
    public let root: URL?
    public let catalog: Catalog
    /// Atlases in catalog order.
    public let atlases: [Atlas]
    /// The voxel grid the label volumes index (the template unless a user VMR says otherwise).
    public let grid: VoxelGrid

    /// Locates AtlasData (`DataLocator`) and reads its catalog; nothing else is read yet.
    public static func open(data explicit: String? = nil) throws -> AtlasLibrary {
        let root = try DataLocator.locate(explicit: explicit)
        return try AtlasLibrary(root: root)
    }

    /// Reads `catalog.json` in `root`; label volumes unpack into `cacheDirectory` (nil: in memory).
    public convenience init(root: URL, cacheDirectory: URL? = LabelVolume.defaultCacheDirectory()) throws {
        let catalog = try Catalog.read(from: root.appendingPathComponent("catalog.json"))
        self.init(catalog: catalog, root: root, cacheDirectory: cacheDirectory)
    }

    public init(catalog: Catalog, root: URL, cacheDirectory: URL? = LabelVolume.defaultCacheDirectory()) {
        self.root = root
        self.catalog = catalog
        grid = .template
        let subcorticalPOI = catalog.meshes.first { $0.surface == "subcortical" }?.poi
        atlases = catalog.atlases.map { entry in
            Atlas(entry: entry, loader: .files(root: root, files: entry.files,
                                               subcorticalPOI: entry.name == "subcortical" ? subcorticalPOI : nil,
                                               cache: cacheDirectory))
        }
    }

    /// A set of in-memory atlases (user files) with a catalog describing them.
    public init(catalog: Catalog, atlases: [Atlas], root: URL? = nil, grid: VoxelGrid = .template) {
        self.root = root
        self.catalog = catalog
        self.atlases = atlases
        self.grid = grid
    }

    public var atlasNames: [String] { atlases.map(\.name) }

    /// The atlas called `name`, or an error listing the known ones.
    public func atlas(named name: String) throws -> Atlas {
        // Atlas names are lowercase in the catalog and typed in any case.
        guard let atlas = atlases.first(where: { $0.name == name.lowercased() }) else {
            throw AtlasError.unknownAtlas(name, known: atlasNames)
        }
        return atlas
    }

    /// A file of the data folder, by its catalog path.
    public func url(_ relativePath: String) throws -> URL {
        guard let root else { throw AtlasError.badArgument(relativePath, problem: "this atlas set has no data folder") }
        return root.appendingPathComponent(relativePath)
    }

    /// The info text and synonyms for a region; parcels fall back to their network's entry.
    public func textEntry(for region: Region) throws -> RegionTexts.Entry? {
        let atlas = try self.atlas(named: region.atlas)
        if let entry = try atlas.texts()?.entry(for: region.sourceLabel) { return entry }
        if let network = RegionTexts.networkLabel(forParcel: region.sourceLabel),
           let networks = atlases.first(where: { $0.name == "networks" }),
           let entry = try networks.texts()?.entry(for: network) {
            return RegionTexts.Entry(text: entry.text, synonyms: [])
        }
        return nil
    }
}

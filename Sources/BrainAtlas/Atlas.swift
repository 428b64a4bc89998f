import Foundation
import Synchronization

/// One atlas: its catalog entry and regions, with label volume, surface labels and texts read
/// on first use only (a `where` never touches POIs or texts; an `info` never maps labels).
public final class Atlas: Sendable {
    public let name: String
    public let title: String
    public let description: String
    public let source: String
    public let licence: String
    /// `cortical`, `volume`, or `user` for atlases built from a user's BrainVoyager files.
    public let kind: AtlasKind
    /// Regions in id order: `regions[id - 1].id == id`.
    public let regions: [Region]
    /// Catalog statistics per region, same order (voxelCount, centroidMni).
    public let entries: [Catalog.RegionEntry]
    /// Whether any region's map is approximate (`Region.isApproximate`): only then can `where` warn of one nearby.
    public let hasApproximateRegions: Bool

    private let loader: Loader
    // Held while a file is read, so two threads asking at once read it once; the values read
    // are immutable.
    private let caches = Mutex(Caches())

    private struct Caches {
        var labels: LabelVolume?
        var texts: RegionTexts??
        var surfaces: [Hemisphere: SurfaceLabels] = [:]
    }

    /// Where the lazily loaded parts come from.
    enum Loader: Sendable {
        case files(root: URL, files: Catalog.Files, subcorticalPOI: String?, cache: URL?)
        case memory(labels: LabelVolume?, surfaces: [Hemisphere: SurfaceLabels], texts: RegionTexts?)
    }

    init(entry: Catalog.Atlas, loader: Loader) {
        name = entry.name
        title = entry.title
        description = entry.description
        source = entry.source
        licence = entry.licence
        kind = entry.kind
        entries = entry.regions
        regions = entry.regions.map { $0.region(atlas: entry.name) }
        hasApproximateRegions = regions.contains { $0.isApproximate }
        self.loader = loader
    }

    /// An atlas held in memory (a user's VOI/POI set); `entries` must have ids 1…N.
    public convenience init(entry: Catalog.Atlas, labels: LabelVolume?, surfaces: [Hemisphere: SurfaceLabels],
                            texts: RegionTexts? = nil) {
        self.init(entry: entry, loader: .memory(labels: labels, surfaces: surfaces, texts: texts))
    }

    /// Whether the atlas has a label volume (every bundled atlas does; user POI-only sets do not).
    public var hasLabelVolume: Bool {
        switch loader {
        case .files(_, let files, _, _): return files.labels != nil
        case .memory(let labels, _, _): return labels != nil
        }
    }

    /// The region with this id, or nil (0 and unknown ids).
    public func region(id: Int) -> Region? {
        id >= 1 && id <= regions.count ? regions[id - 1] : nil
    }

    /// The label volume for lookups and slices (mapped from the cache on first use).
    public func labelVolume() throws -> LabelVolume {
        try caches.withLock { caches in
            if let labels = caches.labels { return labels }
            let volume: LabelVolume
            switch loader {
            case .memory(let labels, _, _):
                guard let labels else { throw AtlasError.missingFile(atlas: name, what: "label volume") }
                volume = labels
            case .files(let root, let files, _, let cache):
                guard let path = files.labels else { throw AtlasError.missingFile(atlas: name, what: "label volume (files.labels)") }
                volume = try LabelVolume.open(root.appendingPathComponent(path), maxLabel: regions.count, cacheDirectory: cache)
            }
            caches.labels = volume
            return volume
        }
    }

    /// Per-vertex region ids on the left or right fsaverage6 mesh (pial and inflated share
    /// them), or on the subcortical mesh for `.none`.
    public func surfaceLabels(_ side: Hemisphere) throws -> SurfaceLabels {
        try caches.withLock { caches in
            if let cached = caches.surfaces[side] { return cached }
            let labels: SurfaceLabels
            switch loader {
            case .memory(_, let surfaces, _):
                guard let s = surfaces[side] else {
                    throw AtlasError.missingFile(atlas: name, what: "surface labels for the \(side == .none ? "subcortical" : side.rawValue) mesh")
                }
                labels = s
            case .files(let root, let files, let subcorticalPOI, _):
                let path: String?
                switch side {
                case .left: path = files.poi?.left
                case .right: path = files.poi?.right
                case .none: path = subcorticalPOI
                }
                guard let path else {
                    throw AtlasError.missingFile(atlas: name, what: side == .none
                        ? "labels on the subcortical mesh (only the subcortical atlas has them)"
                        : "POI for the \(side.rawValue) hemisphere (a volume-only atlas)")
                }
                labels = try SurfaceLabels.read(root.appendingPathComponent(path), regions: regions, side: side)
            }
            caches.surfaces[side] = labels
            return labels
        }
    }

    /// The atlas's texts, or nil when it has none (parcels use their network's texts).
    public func texts() throws -> RegionTexts? {
        try caches.withLock { caches in
            if let cached = caches.texts { return cached }
            let texts: RegionTexts?
            switch loader {
            case .memory(_, _, let t): texts = t
            case .files(let root, let files, _, _):
                let url = root.appendingPathComponent(files.texts ?? "texts/\(name).json")
                if files.texts == nil && !FileManager.default.fileExists(atPath: url.path) {
                    texts = nil
                } else {
                    texts = try RegionTexts.read(from: url, expectedAtlas: name)
                }
            }
            caches.texts = .some(texts)
            return texts
        }
    }

    /// Whether texts were read (tests check that `where` does not read them).
    var hasLoadedTexts: Bool {
        caches.withLock { $0.texts != nil }
    }

    /// The label cache folder this atlas unpacks into (tests check that `info` writes nothing).
    var cacheDirectoryForTests: URL? {
        if case .files(_, _, _, let cache) = loader { return cache }
        return nil
    }

    /// The catalog entry (statistics) of a region of this atlas.
    public func entry(for region: Region) -> Catalog.RegionEntry? {
        region.id >= 1 && region.id <= entries.count ? entries[region.id - 1] : nil
    }
}

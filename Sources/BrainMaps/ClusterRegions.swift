import BrainFormats
import BrainAtlas

/// A cluster's overlap with the regions of one atlas: each region's share of the cluster's voxels.
public struct RegionShare: Encodable, Sendable {
    public let region: Region
    /// Percent of the cluster's voxels (0.01 %).
    public let percent: Double
}

/// Where each cluster lies in every bundled atlas: region shares (≥ `minimumPercent`) and each maximum's `where` answer.
public struct ClusterRegions: Sendable {
    /// Shares below this percentage are not listed.
    public static let minimumPercent = 1.0

    public let library: AtlasLibrary
    /// The atlases described, in this order (nil: every atlas with a label volume, catalog order).
    public let atlasNames: [String]?

    /// Throws when `atlases` names an atlas the library does not hold or one without a label volume.
    public init(library: AtlasLibrary, atlases: [String]? = nil) throws {
        self.library = library
        if let atlases {
            let usable = library.atlases.filter(\.hasLabelVolume).map(\.name)
            for name in atlases where !usable.contains(name) {
                throw MapsError("--atlases: \(name) is not an atlas with a label volume (atlases: \(usable.joined(separator: ", ")))")
            }
        }
        atlasNames = atlases
    }

    /// The atlases described, in order.
    public var atlases: [Atlas] {
        let all = library.atlases.filter(\.hasLabelVolume)
        guard let atlasNames else { return all }
        return atlasNames.compactMap { name in all.first { $0.name == name } }
    }

    /// Per atlas (catalog order), the regions holding ≥ 1 % of the cluster's voxels, largest first (ties by id),
    /// and the unlabelled percentage. A voxel counts for the template voxel nearest its centre.
    public func shares(of cluster: Cluster, in map: MapVolume) throws -> [(atlas: String, shares: [RegionShare], unlabelled: Double)] {
        let cells = cluster.voxels.map { library.grid.voxel(ofMNI: map.mni(ofIndex: $0)) }
        var out: [(String, [RegionShare], Double)] = []
        for atlas in atlases {
            let labels = try atlas.labelVolume()
            var counts: [Int: Int] = [:]
            for cell in cells {
                guard let c = cell, library.grid.contains(c) else { counts[0, default: 0] += 1; continue }
                counts[labels.label(x: c.x, y: c.y, z: c.z), default: 0] += 1
            }
            let total = Double(cluster.voxels.count)
            let shares = counts.compactMap { id, n -> RegionShare? in
                guard id != 0, let region = atlas.region(id: id) else { return nil }
                let percent = (100 * Double(n) / total).roundedToHundredths
                return percent >= Self.minimumPercent ? RegionShare(region: region, percent: percent) : nil
            }.sorted { $0.percent != $1.percent ? $0.percent > $1.percent : $0.region.id < $1.region.id }
            out.append((atlas.name, shares, (100 * Double(counts[0] ?? 0) / total).roundedToHundredths))
        }
        return out
    }

    /// `where` at a point given in MNI millimetres (regions, nearest regions and caveats as `where` gives them).
    public func lookup(_ mni: SIMD3<Double>) throws -> Lookup.Result {
        try Lookup(library: library).lookup(mni, space: .mni)
    }

}

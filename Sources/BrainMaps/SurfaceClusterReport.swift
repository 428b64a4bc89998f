import BrainAtlas
import BrainFormats
import Foundation

/// `clusters` on an SMP map: every surface cluster with its area, peak vertex, the peak's MNI point and its
/// regions as `where` gives them (docs/MAPS.md).
public struct SurfaceClusterReport: Encodable, Sendable {
    /// A surface cluster's peak vertex, its position and regions.
    public struct Peak: Encodable, Sendable {
        public let vertex: Int
        public let value: Float
        /// The vertex in the mesh's millimetres (RAS), 0.01 mm.
        public let position: [Double]
        /// MNI millimetres, nil when the mesh is in native space.
        public let mni: [Double]?
        /// `where` at `mni` (nil in native space or outside the atlas grid).
        public let atlases: Lookup.Result?
        /// On a bundled mesh: atlas name → the region its per-vertex labels give the peak vertex (the pial surface
        /// lies just outside the ribbon the volume labels cover, so `where` often answers "near"); nil on a user's mesh.
        public let vertexRegions: [String: Region]?
    }

    /// One surface cluster of the table.
    public struct Entry: Encodable, Sendable {
        public let id: Int
        public let sign: String
        public let vertices: Int
        public let areaMm2: Double
        public let peak: Peak
        /// Local maxima at least the separation apart on the mesh, the peak first (each described as the peak is).
        public let maxima: [Peak]
        /// On a bundled mesh: atlas name → the regions holding ≥ 1 % of the cluster's area (per-vertex labels);
        /// nil on a user's mesh.
        public let regions: [String: ClusterReport.AtlasShares]?
    }

    public let map: String
    public let mesh: String
    /// "mni", "talairach" or "native".
    public let space: String
    public let threshold: Float
    public let twoSided: Bool
    public let minAreaMm2: Double
    public let clusters: [Entry]
    /// Atlas order of the peaks' regions (the catalog's), for tables.
    public let atlasOrder: [String]

    enum CodingKeys: String, CodingKey { case map, mesh, space, threshold, twoSided, minAreaMm2, clusters }

    /// Reads map `map` of the SMP `url`, finds its clusters on `mesh` and looks each peak up in `library`.
    public static func make(smp url: URL, map: String?, mesh: SurfaceMesh, options: ClusterOptions,
                            library: () throws -> AtlasLibrary) throws -> SurfaceClusterReport {
        let file = try SurfaceMapFile.read(url, map: map)
        return try make(values: file.values, name: file.name, mesh: mesh, options: options, library: library)
    }

    /// The same for a surface map already read: `values` (one per vertex of `mesh`) of the map named `name`.
    public static func make(values: [Float], name: String, mesh: SurfaceMesh, options: ClusterOptions,
                            library: () throws -> AtlasLibrary) throws -> SurfaceClusterReport {
        // An fsaverage map on a bundled (fsaverage6) mesh: its first vertices are that mesh's.
        let values = mesh.bundledSide == nil ? values : SurfaceMapFile.fitted(values, vertexCount: mesh.positions.count) ?? values
        let found = try SurfaceClusterFinder.clusters(values: values, mesh: mesh, options: options)
        let regions = mesh.space == .mni || mesh.space == .talairach ? try ClusterRegions(library: try library()) : nil
        let labels = try mesh.bundledSide.map { side in try library().atlases.compactMap { a in
            (try? a.surfaceLabels(side)).flatMap { $0.vertexCount == mesh.positions.count ? (a, $0) : nil }
        } }
        let areas = mesh.vertexAreas()
        let describe = { (vertex: Int) -> Peak in
            let mni = mesh.mni(ofVertex: vertex)
            return Peak(vertex: vertex, value: values[vertex], position: ClusterReport.round2(mesh.positions[vertex]),
                        mni: mni.map(ClusterReport.round2), atlases: mni.flatMap { p in try? regions?.lookup(p) },
                        vertexRegions: labels.map { Dictionary(uniqueKeysWithValues: $0.compactMap { a, l in
                            a.region(id: Int(l.regionIds[vertex])).map { (a.name, $0) } }) })
        }
        let entries = found.enumerated().map { n, c in
            let maxima = c.maxima.map(describe)
            let peak = maxima.first ?? describe(c.peak)
            let shares = labels.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.0.name, Self.shares(c, atlas: $0.0, labels: $0.1, areas: areas)) }) }
            return Entry(id: n + 1, sign: c.sign > 0 ? "positive" : "negative", vertices: c.vertices.count,
                         areaMm2: c.areaMm2.roundedToHundredths, peak: peak, maxima: maxima, regions: shares)
        }
        let space = mesh.space == .mni ? "mni" : mesh.space == .talairach ? "talairach" : "native"
        return SurfaceClusterReport(map: name, mesh: mesh.name, space: space, threshold: options.threshold,
                                    twoSided: options.twoSided, minAreaMm2: options.minSizeMm3, clusters: entries,
                                    atlasOrder: regions?.library.atlases.map(\.name) ?? [])
    }

    /// The share of the cluster's area (vertex areas) in each region of `atlas` (≥ 1 %, largest first, ties by id) and unlabelled.
    static func shares(_ c: SurfaceCluster, atlas: Atlas, labels: SurfaceLabels, areas: [Double]) -> ClusterReport.AtlasShares {
        var byRegion: [Int: Double] = [:]
        for v in c.vertices { byRegion[Int(labels.regionIds[v]), default: 0] += areas[v] }
        let total = max(c.areaMm2, .leastNonzeroMagnitude)
        let regions = byRegion.compactMap { id, area -> RegionShare? in
            guard id != 0, let region = atlas.region(id: id) else { return nil }
            let percent = (100 * area / total).roundedToHundredths
            return percent >= ClusterRegions.minimumPercent ? RegionShare(region: region, percent: percent) : nil
        }.sorted { $0.percent != $1.percent ? $0.percent > $1.percent : $0.region.id < $1.region.id }
        return ClusterReport.AtlasShares(regions: regions, unlabelled: (100 * (byRegion[0] ?? 0) / total).roundedToHundredths)
    }

    /// CSV: one row per cluster (`cluster, sign, vertices, area_mm2, peak_vertex, peak_value, peak_x/y/z` (MNI, empty in
    /// native space), `maxima` (how many), then the region at the peak in each atlas).
    public func csv() -> String {
        var rows = [(["cluster", "sign", "vertices", "area_mm2", "peak_vertex", "peak_value", "peak_x", "peak_y", "peak_z", "maxima"]
                     + atlasOrder.flatMap { ["\($0)_peak", "\($0)_regions"] }).map(ClusterReport.quoted).joined(separator: ",")]
        for c in clusters {
            let row = ["\(c.id)", c.sign, "\(c.vertices)", ClusterReport.number(c.areaMm2), "\(c.peak.vertex)", ClusterReport.number(Double(c.peak.value))]
                + (c.peak.mni?.map(ClusterReport.number) ?? ["", "", ""]) + ["\(c.maxima.count)"] + atlasOrder.flatMap { [c.peak.maximum.regionText(atlas: $0, tagged: false) ?? "", ClusterReport.sharesText(c.regions?[$0])] }
            rows.append(row.map(ClusterReport.quoted).joined(separator: ","))
        }
        return rows.joined(separator: "\n")
    }

    /// Readable text: a line per cluster and its peak's region in every atlas.
    public func text() -> String {
        var lines = ["\(map) on \(mesh): \(clusters.count) surface cluster\(clusters.count == 1 ? "" : "s") at \(twoSided ? "|value|" : "value") ≥ \(threshold)"
                     + "\(minAreaMm2 > 0 ? ", ≥ \(ClusterReport.number(minAreaMm2)) mm²" : "")"
                     + (space == "native" ? " (native-space mesh: no MNI points or regions; name it …_MNI.srf or …_TAL.srf if it is not)" : "")]
        for c in clusters {
            let point = c.peak.mni.map { " MNI \(ClusterReport.point($0))" } ?? " at \(ClusterReport.point(c.peak.position)) (mesh mm)"
            lines.append("cluster \(c.id) (\(c.sign)): \(c.vertices) vertices, \(ClusterReport.number(c.areaMm2)) mm²; peak vertex \(c.peak.vertex)"
                         + "\(point) = \(ClusterReport.number(Double(c.peak.value)))")
            let names = atlasOrder.compactMap { c.peak.maximum.regionText(atlas: $0) }
            if !names.isEmpty { lines.append("  peak (where): " + names.joined(separator: "; ")) }
            for m in c.maxima.dropFirst() {
                let at = m.mni.map { "MNI \(ClusterReport.point($0))" } ?? "\(ClusterReport.point(m.position)) (mesh mm)"
                let regionsThere = atlasOrder.compactMap { m.maximum.regionText(atlas: $0) }
                lines.append("  maximum vertex \(m.vertex) \(at) = \(ClusterReport.number(Double(m.value)))"
                             + (regionsThere.isEmpty ? "" : ": " + regionsThere.joined(separator: "; ")))
            }
            if let own = c.peak.vertexRegions {
                lines.append("  peak vertex: " + atlasOrder.compactMap { a in own[a].map { "\($0.displayName) [\(a)]" } }.joined(separator: "; "))
            }
            for a in atlasOrder { if let shares = c.regions?[a] { lines.append("  \(a): \(ClusterReport.sharesText(shares))") } }
        }
        return lines.joined(separator: "\n")
    }
}

extension SurfaceClusterReport.Peak {
    /// The peak as a volume maximum, so both tables word regions one way.
    public var maximum: ClusterReport.Maximum { ClusterReport.Maximum(mni: mni ?? position, tal: nil, value: value, lag: nil, atlases: atlases) }
}

/// What one answer at one voxel or vertex rests on. An area whose map claims histology is drawn from an ex
/// vivo label and filled out by a landmark rule where the label does not reach, so `[histology]` is
/// true of the answer only where the histology atlas itself carries one of the area's labels there;
/// elsewhere the answer rests on the fill rule.
public enum AnswerProvenance {
    /// The atlas of ex vivo histology labels the check reads.
    public static let histologyAtlas = "brodmann-histology"

    /// The ex vivo labels (sourceLabels of the histology atlas) whose presence makes an answer of
    /// `region` histological: the list the build derived from the area's rule and wrote into the
    /// catalog; empty for regions that claim no histology.
    public static func histologyLabels(for region: Region) -> Set<String> {
        guard region.provenance?.kind == .histology else { return [] }
        return Set(region.histologyLabels ?? [])
    }

    /// The provenance of `region` as the answer at `voxel`: its own, unless it claims histology and
    /// the histology atlas (`histology`, nil when the set has none) has none of its labels there.
    static func at(_ voxel: VoxelIndex, region: Region, histology: (atlas: Atlas, labels: LabelVolume)?) -> Provenance? {
        guard region.provenance?.kind == .histology, let histology else { return region.provenance }
        return answer(region, here: histology.atlas.region(id: histology.labels.label(x: voxel.x, y: voxel.y, z: voxel.z)))
    }

    /// The provenance of `region` as the answer at vertex `vertex` of its hemisphere's cortex mesh
    /// (the fsaverage6 mesh every cortical atlas labels), read from the histology atlas's labels on
    /// that mesh; the area's own where the set has no histology surface labels to check against.
    public static func at(vertex: Int, region: Region, library: AtlasLibrary) -> Provenance? {
        guard region.provenance?.kind == .histology, region.hemisphere != .none,
              let histology = library.atlases.first(where: { $0.name == histologyAtlas }),
              let labels = try? histology.surfaceLabels(region.hemisphere),
              labels.regionIds.indices.contains(vertex) else { return region.provenance }
        return answer(region, here: histology.region(id: Int(labels.regionIds[vertex])))
    }

    /// The provenance of `region` as the answer at the voxel of the library's grid holding MNI point
    /// `mni` (a pick on an MRI plane), as `where` gives it there.
    public static func at(mni: SIMD3<Double>, region: Region, library: AtlasLibrary) -> Provenance? {
        guard region.provenance?.kind == .histology,
              let histology = library.atlases.first(where: { $0.name == histologyAtlas && $0.hasLabelVolume }),
              let labels = try? histology.labelVolume(),
              let voxel = try? Lookup.resolve(mni, space: .mni, grid: library.grid).voxel else { return region.provenance }
        return at(voxel, region: region, histology: (histology, labels))
    }

    /// The one rule, for a voxel or a vertex: `region`'s own histology provenance where the
    /// histology atlas answers `here` with one of its ex vivo labels on the same side; otherwise the
    /// fill rule that drew the area there.
    static func answer(_ region: Region, here: Region?) -> Provenance? {
        guard let own = region.provenance, own.kind == .histology else { return region.provenance }
        if let here, histologyLabels(for: region).contains(here.sourceLabel), here.hemisphere == region.hemisphere || region.hemisphere == .none {
            return own
        }
        return Provenance(kind: .landmarks, rule: fillRule(own.rule, region: region, here: here), source: fillSource)
    }

    /// The parcellations the fill rules read.
    static let fillSource = "Desikan-Killiany, Destrieux and PALS-B12 parcels on fsaverage (FreeSurfer)"

    /// The fill part of an area's rule ("pars triangularis no label covers is filled as BA45"), which
    /// the area's rule writes after a semicolon; otherwise a sentence saying the label does not reach.
    static func fillRule(_ rule: String, region: Region, here: Region?) -> String {
        let outside = here.map { "the ex vivo label here is \($0.name)" } ?? "no ex vivo label reaches this point"
        if let cut = rule.range(of: "; ") { return "\(rule[cut.upperBound...]) (\(outside))" }
        return "\(region.name) beyond its ex vivo label (\(outside))"
    }
}

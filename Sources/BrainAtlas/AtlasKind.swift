/// What an atlas labels, as `catalog.json` spells it: the cortical surface (with a POI per
/// hemisphere, drawn on the meshes), volumes only, or a user's own VOI/POI files.
public enum AtlasKind: String, Codable, Sendable, Hashable, CaseIterable {
    case cortical, volume, user
}

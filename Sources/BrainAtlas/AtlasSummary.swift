/// One line of `atlases`: `{"name","title","regionCount","description","source"}`.
public struct AtlasSummary: Codable, Sendable, Equatable {
    public let name: String
    public let title: String
    public let regionCount: Int
    public let description: String
    public let source: String
}

extension AtlasLibrary {
    /// The `atlases` listing, in catalog order.
    public func atlasSummaries() -> [AtlasSummary] {
        atlases.map { AtlasSummary(name: $0.name, title: $0.title, regionCount: $0.regions.count,
                                   description: $0.description, source: $0.source) }
    }

    /// The `regions` listing: an atlas's regions, optionally of one side (`left`, `right`,
    /// `lh`, `rh`, `none`; `both` is every region, as when no side is given).
    public func regions(atlas name: String, hemisphere: String? = nil) throws -> [Region] {
        let atlas = try self.atlas(named: name)
        guard let hemisphere, hemisphere.lowercased() != "both" else { return atlas.regions }
        guard let side = Hemisphere(userText: hemisphere) else {
            throw AtlasError.invalid(FieldError("hemi", value: hemisphere, "is not left, right, both or none (or lh, rh)"))
        }
        return atlas.regions.filter { $0.hemisphere == side }
    }
}

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

    /// The `regions` listing: an atlas's regions, optionally of one hemisphere (`left`, `right`,
    /// `lh`, `rh`, `none`).
    public func regions(atlas name: String, hemisphere: String? = nil) throws -> [Region] {
        let atlas = try self.atlas(named: name)
        guard let hemisphere else { return atlas.regions }
        guard let side = Hemisphere(userText: hemisphere), hemisphere.lowercased() != "both" else {
            throw AtlasError.badArgument("--hemi \(hemisphere)", problem: "expected left, right or none")
        }
        return atlas.regions.filter { $0.hemisphere == side }
    }
}

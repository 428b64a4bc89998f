import BrainFormats

/// One labelled region of one atlas: the region object every command and the server print.
///
/// Its JSON is `{"id","name","sourceLabel","hemisphere","atlas","color":[r,g,b],"lobe","lobes"}`
/// with `lobe` written as `null` when absent, plus `"caveat"` only on regions that carry one and
/// `"sourceColor"` only where the build replaced the source's colour, `"provenance"` where the atlas records it;
/// use `RegionWith` to add fields beside it.
public struct Region: Codable, Sendable, Hashable {
    public var id: Int
    public var name: String
    public var sourceLabel: String
    public var hemisphere: Hemisphere
    public var atlas: String
    public var color: RGB
    public var lobe: String?
    /// Lobes a network or parcel spans; nil means "the one `lobe`, if any".
    public var spannedLobes: [String]?
    /// Why this region's map is approximate (shown wherever the region is named), or nil.
    public var caveat: String?
    /// The atlas source's colour where the build replaced it by a distinct one (nil: `color` is it).
    public var sourceColor: RGB?
    /// The colour-blind palette's colour where it differs from `color` (not part of the region
    /// object's JSON: `color(in:)` picks it for a render or slice that asks for `cvd`).
    public var cvdColor: RGB?
    /// What the region's map rests on (histology, a landmark rule, an approximate map), where known.
    public var provenance: Provenance?
    /// The ex vivo labels (sourceLabels of the histology atlas) that make an answer of this region
    /// histological where they cover the point, as the build derived them from the region's rule
    /// (not part of the region object's JSON; nil for regions that claim no histology).
    public var histologyLabels: [String]?

    public init(id: Int, name: String, sourceLabel: String, hemisphere: Hemisphere,
                atlas: String, color: RGB, lobe: String?, lobes: [String]? = nil, caveat: String? = nil,
                sourceColor: RGB? = nil, cvdColor: RGB? = nil, provenance: Provenance? = nil,
                histologyLabels: [String]? = nil) {
        self.id = id
        self.name = name
        self.sourceLabel = sourceLabel
        self.hemisphere = hemisphere
        self.atlas = atlas
        self.color = color
        self.lobe = lobe
        self.spannedLobes = lobes
        self.caveat = caveat
        self.sourceColor = sourceColor
        self.cvdColor = cvdColor
        self.provenance = provenance
        self.histologyLabels = histologyLabels
    }

    /// The region's colour in `palette`.
    public func color(in palette: ColorPalette) -> RGB {
        palette == .cvd ? cvdColor ?? color : color
    }

    /// True when the region's map is approximate: an approximate source or a known displacement.
    public var isApproximate: Bool { caveat != nil || provenance?.kind == .approximate }

    /// Every lobe the region lies in: the spanned list, else its one lobe, else none.
    public var lobes: [String] { spannedLobes ?? lobe.map { [$0] } ?? [] }

    enum CodingKeys: String, CodingKey {
        case id, name, sourceLabel, hemisphere, atlas, color, lobe, lobes, caveat, sourceColor, provenance
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let lobe = try c.decodeIfPresent(String.self, forKey: .lobe)
        let lobes = try c.decodeIfPresent([String].self, forKey: .lobes)
        self.init(id: try c.decode(Int.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                  sourceLabel: try c.decode(String.self, forKey: .sourceLabel),
                  hemisphere: try c.decode(Hemisphere.self, forKey: .hemisphere), atlas: try c.decode(String.self, forKey: .atlas),
                  color: try c.decode(RGB.self, forKey: .color), lobe: lobe,
                  lobes: lobe == nil && lobes?.isEmpty == false ? lobes : nil,
                  caveat: try c.decodeIfPresent(String.self, forKey: .caveat),
                  sourceColor: try c.decodeIfPresent(RGB.self, forKey: .sourceColor),
                  provenance: try c.decodeIfPresent(Provenance.self, forKey: .provenance))
    }

    // Written by hand so that a missing lobe is an explicit `null`, as the contract says.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(sourceLabel, forKey: .sourceLabel)
        try c.encode(hemisphere, forKey: .hemisphere)
        try c.encode(atlas, forKey: .atlas)
        try c.encode(color, forKey: .color)
        if let lobe { try c.encode(lobe, forKey: .lobe) } else { try c.encodeNil(forKey: .lobe) }
        try c.encode(lobes, forKey: .lobes)
        try c.encodeIfPresent(caveat, forKey: .caveat)
        try c.encodeIfPresent(sourceColor, forKey: .sourceColor)
        try c.encodeIfPresent(provenance, forKey: .provenance)
    }

    /// The name written on images (`render --labels`): "Brodmann area 44" becomes "BA44", as
    /// figures write it, so that the names of small areas fit; other names stay whole.
    public var labelName: String {
        let prefix = "Brodmann area "
        guard name.hasPrefix(prefix), name.count > prefix.count else { return name }
        return "BA" + name.dropFirst(prefix.count)
    }

    /// Lobes in the order legends list them (the catalog's `lobe` values).
    public static let lobeOrder = ["frontal", "parietal", "temporal", "occipital", "limbic", "insula",
                                   "subcortical", "cerebellum", "brainstem", "ventricle"]

    /// The seven networks of Yeo et al. (2011) in their published order, as Schaefer's labels
    /// spell them ("7Networks_LH_SalVentAttn_FrOperIns_1").
    public static let networkOrder = ["Vis", "SomMot", "DorsAttn", "SalVentAttn", "Limbic", "Cont", "Default"]

    /// The region's place in `networkOrder` (0-based) when its source label names one of the seven
    /// networks ("7Networks_3", or a parcel's "7Networks_RH_Cont_PFCl_2"); nil otherwise.
    public var networkIndex: Int? {
        let parts = sourceLabel.split(separator: "_")
        guard parts.count >= 2, parts[0] == "7Networks" else { return nil }
        if parts.count == 2, let n = Int(parts[1]), (1...Self.networkOrder.count).contains(n) { return n - 1 }
        return parts.count >= 3 ? Self.networkOrder.firstIndex(of: String(parts[2])) : nil
    }

    /// Where a legend lists the region: Brodmann areas by number; networks and their parcels in
    /// the networks' order (so a network's parcels are rows together); other regions by lobe (the
    /// first of those a network spans), regions without a lobe last. Ties go by name.
    public var legendRank: Int {
        let prefix = "Brodmann area "
        if name.hasPrefix(prefix), let number = Int(name.dropFirst(prefix.count).prefix(while: \.isNumber)) { return number }
        if let network = networkIndex { return 500 + network }
        guard let lobe = lobes.first, let i = Self.lobeOrder.firstIndex(of: lobe) else { return 2000 }
        return 1000 + i
    }

    /// "Precentral gyrus (left)"; midline regions carry no side.
    public var displayName: String {
        hemisphere == .none ? name : "\(name) (\(hemisphere.rawValue))"
    }
}

/// An 8-bit RGB colour, encoded as the JSON array `[r, g, b]`.
public struct RGB: Codable, Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        r = try c.decode(UInt8.self)
        g = try c.decode(UInt8.self)
        b = try c.decode(UInt8.self)
        if !c.isAtEnd {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "a colour has exactly 3 components")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(r)
        try c.encode(g)
        try c.encode(b)
    }
}

/// A region object with a command's own fields beside the standard ones (`"pixels"`, `"text"`, …),
/// as one flat JSON object.
public typealias RegionWith<Extra: Encodable & Sendable> = Flattened<Region, Extra>

extension Flattened where Base == Region {
    public var region: Region { base }
}

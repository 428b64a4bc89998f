extension Region {
    /// The network a parcel belongs to, as the parcel's name spells it ("Default mode" for
    /// "Default mode PFC 3", whose source label is "7Networks_LH_Default_PFC_3"): the name without
    /// the words its source label gives after the network. Legends list a network's parcels under
    /// it as a heading. nil for regions that are not parcels of one of the seven networks
    /// (the networks themselves included).
    public var networkHeading: String? {
        let parts = sourceLabel.split(separator: "_").map(String.init)
        guard parts.count >= 4, networkIndex != nil else { return nil }
        let rest = Array(parts[3...])
        let words = name.split(separator: " ").map(String.init)
        guard words.count > rest.count, Array(words.suffix(rest.count)) == rest else { return nil }
        return words.dropLast(rest.count).joined(separator: " ")
    }
}

/// A named value per map (ICA component parameters).
public struct VMPComponentParameter: Hashable, Sendable {
    public var name: RawString
    /// One value per map.
    public var values: [Float]

    public init(name: RawString, values: [Float]) {
        self.name = name
        self.values = values
    }
}

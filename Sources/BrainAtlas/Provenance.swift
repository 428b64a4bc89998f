/// Where a region's map comes from: histology, a landmark rule, a rule deriving it from the
/// labels around it, or an approximate source map.
///
/// JSON `{"kind": "histology"|"landmarks"|"derived"|"approximate", "rule": "...", "source": "..."}`.
public struct Provenance: Codable, Sendable, Hashable {
    /// The kinds of evidence, strongest first.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case histology, landmarks, derived, approximate
    }

    public var kind: Kind
    /// The rule in words ("pars orbitalis and the lateral orbital gyrus").
    public var rule: String
    /// The textbook or data source the rule rests on.
    public var source: String

    public init(kind: Kind, rule: String, source: String) {
        self.kind = kind
        self.rule = rule
        self.source = source
    }

    /// "landmarks: pars orbitalis … (Duvernoy 1999)" for terminal output.
    public var line: String { "\(kind.rawValue): \(rule) (\(source))" }
}

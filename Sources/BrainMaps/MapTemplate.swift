/// The template a map's own file names (BIDS `space-…` entities, SPM/FSL descriptions): MNI152 NLin6 and
/// NLin2009c differ by a few millimetres at the cortex, so a table says which one the map claims.
public struct MapTemplate: Sendable, Equatable {
    /// The template's usual name (`MNI152NLin2009cAsym`, `MNI152NLin6Asym`, `Talairach`, …).
    public let name: String
    /// Where it was read ("file name", "NIfTI description").
    public let source: String

    /// Spellings and the name they mean, most specific first.
    static let spellings: [(pattern: String, name: String)] = [
        ("mni152nlin2009casym", "MNI152NLin2009cAsym"), ("mni152nlin2009csym", "MNI152NLin2009cSym"),
        ("mni152nlin2009", "MNI152NLin2009cAsym"), ("2009c", "MNI152NLin2009cAsym"),
        ("mni152nlin6asym", "MNI152NLin6Asym"), ("mni152nlin6sym", "MNI152NLin6Sym"), ("nlin6", "MNI152NLin6Asym"),
        ("mni152lin", "MNI152Lin"), ("mni305", "MNI305"), ("colin27", "MNIColin27"), ("talairach", "Talairach"),
    ]

    /// The first template named in `texts` (label, text) pairs, or nil.
    public static func find(in texts: [(source: String, text: String)]) -> MapTemplate? {
        for (source, text) in texts {
            let lower = text.lowercased()
            if let hit = spellings.first(where: { lower.contains($0.pattern) }) { return MapTemplate(name: hit.name, source: source) }
        }
        return nil
    }
}

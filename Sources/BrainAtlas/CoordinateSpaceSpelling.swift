extension CoordinateSpace {
    /// The space `text` names in any case (`TAL`, `Mni`), as the CLI and the server both accept it.
    public init?(spelling text: String) { self.init(rawValue: text.lowercased()) }
}

import BrainAtlas

// The spellings a person may type for scene options, in one place so that the CLI and the
// HTTP API accept the same words: any case for names, and `lh`/`rh`/`l`/`r` for sides.

extension ViewName {
    public init?(userText: String) { self.init(rawValue: userText.lowercased()) }
}

extension Shading {
    public init?(userText: String) { self.init(rawValue: userText.lowercased()) }
}

extension SceneRequest.Surface {
    public init?(userText: String) { self.init(rawValue: userText.lowercased()) }
}

extension SceneRequest.HemisphereChoice {
    public init?(userText: String) {
        if let choice = Self(rawValue: userText.lowercased()) {
            self = choice
            return
        }
        switch Hemisphere(userText: userText) {
        case .left: self = .left
        case .right: self = .right
        default: return nil
        }
    }
}

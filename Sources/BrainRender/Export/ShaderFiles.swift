/// The GLSL ES files the renderer compiles, by file name, for clients that compile them too.
public enum ShaderFiles {
    public static let names = ShaderSources.fileNames

    /// The text of `name` (one of `names`), exactly as the renderer reads it.
    public static func text(named name: String) throws(RenderError) -> String {
        let sources = try ShaderSources.load()
        switch name {
        case "lit.vert": return sources.litVertex
        case "lit.frag": return sources.litFragment
        case "pick.vert": return sources.pickVertex
        case "pick.frag": return sources.pickFragment
        case "plane.vert": return sources.planeVertex
        case "plane.frag": return sources.planeFragment
        default: throw .shaderMissing(name: name, searched: [])
        }
    }
}

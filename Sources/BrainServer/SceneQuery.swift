import BrainRender

/// Reads the scene a render, render.json or pick request names into the renderer's
/// `SceneRequest`, whose defaults are the CLI's (`braintutor render`: atlas gyri, view
/// lateral, 1024×768, pial, lit), so the same query gives the same image as the command.
enum SceneQuery {
    static let keys: Set<String> = ["atlas", "view", "hemi", "surface", "w", "h", "highlight",
                                    "dimOthers", "shading", "azimuth", "elevation", "head", "subcortical"]
    /// The API's limit per side (the renderer itself accepts more).
    static let maximumSide = 2048

    static func parse(_ q: QueryParameters, engine: AtlasEngine) throws -> SceneRequest {
        var request = SceneRequest()
        if let atlas = try q.name("atlas") { request.atlas = try engine.checkAtlas(atlas) }
        request.view = try q.value("view", expected: ViewName.allCases.map(\.rawValue), CLISpellings.view) ?? request.view
        request.hemisphere = try q.value("hemi", expected: SceneRequest.HemisphereChoice.allCases.map(\.rawValue) + ["lh", "rh"],
                                         CLISpellings.hemisphere)
        request.surface = try q.value("surface", expected: SceneRequest.Surface.allCases.map(\.rawValue),
                                      CLISpellings.surface) ?? request.surface
        request.width = try q.int("w", in: 1...maximumSide) ?? request.width
        request.height = try q.int("h", in: 1...maximumSide) ?? request.height
        request.highlight = try q.name("highlight")
        request.dimOthers = try q.bool("dimOthers") ?? false
        request.shading = try q.value("shading", expected: Shading.allCases.map(\.rawValue), CLISpellings.shading)
            ?? request.shading
        request.azimuth = try q.double("azimuth")
        request.elevation = try q.double("elevation")
        if let azimuth = request.azimuth, abs(azimuth) > 3600 {
            throw APIError.badRequest("azimuth: \(azimuth) is outside ±3600 degrees")
        }
        if let elevation = request.elevation, abs(elevation) > 90 {
            throw APIError.badRequest("elevation: \(elevation) is outside ±90 degrees")
        }
        request.head = try q.bool("head") ?? false
        request.subcortical = try q.bool("subcortical") ?? false
        do {
            _ = try request.resolvedHemisphere()  // both + lateral/medial: the CLI's error, as a 400
        } catch {
            throw APIError.badRequest(error.description.replacingOccurrences(of: "--hemi", with: "hemi")
                .replacingOccurrences(of: "--view", with: "view"))
        }
        return request
    }
}

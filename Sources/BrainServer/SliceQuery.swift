import BrainSlice

/// Reads the slice a `/api/slice` request names into BrainSlice's `SliceRequest`, whose
/// defaults are `braintutor slice`'s.
enum SliceQuery {
    static let keys: Set<String> = ["plane", "index", "mni", "at", "space", "atlas", "highlight", "dimOthers",
                                    "outline", "opacity", "scale", "radiological", "labels"]
    /// The API's largest upsampling: 256 voxels × 8 = 2048 px, the render size limit.
    static let maximumScale = 8

    static func parse(_ q: QueryParameters, engine: AtlasEngine) throws -> SliceRequest {
        let planes = SlicePlane.allCases.map(\.rawValue)
        guard let plane = try q.value("plane", expected: planes, CLISpellings.plane) else {
            throw APIError.badRequest("plane: missing; expected one of \(planes.joined(separator: ", "))")
        }
        // Indices are checked against the template's 256 voxels here; the library checks again.
        let index = try q.int("index", in: 0...255)
        let mni = try q.double("mni")
        let at = q.string("at")
        let space = try q.value("space", expected: SliceRequest.PointSpace.allCases.map(\.rawValue), CLISpellings.pointSpace)
        if space != nil && at == nil { throw APIError.badRequest("space: only applies to at") }
        let position: SliceRequest.Position
        switch (index, mni, at) {
        case (let index?, nil, nil): position = .index(index)
        case (nil, let mni?, nil):
            guard abs(mni) <= 128 else { throw APIError.badRequest("mni: \(mni) mm is outside the ±128 mm template") }
            position = .millimetres(mni)
        case (nil, nil, let at?):
            // The CLI's own `--at X,Y,Z` parser; the point is drawn as a crosshair.
            do {
                position = try .parse(index: nil, mni: nil, at: at, space: space)
            } catch {
                throw APIError.badRequest(error.description.replacingOccurrences(of: "--at", with: "at"))
            }
            if case .point(let p, _) = position, [p.x, p.y, p.z].contains(where: { abs($0) > 1000 }) {
                throw APIError.badRequest("at: (\(p.x), \(p.y), \(p.z)) is far outside the template")
            }
        default:
            throw APIError.badRequest("give exactly one of index (voxel index 0…255), mni (millimetres) or at (x,y,z point)")
        }
        var request = SliceRequest(plane: plane, position: position)
        if let atlas = try q.name("atlas") {
            request.atlas = atlas == SliceRequest.noAtlas ? atlas : try engine.checkAtlas(atlas)
        }
        request.highlight = try q.name("highlight")
        request.dimOthers = try q.bool("dimOthers") ?? false
        request.outline = try q.bool("outline") ?? false
        if let opacity = try q.double("opacity") {
            guard (0...1).contains(opacity) else { throw APIError.badRequest("opacity: \(opacity) is outside 0…1") }
            request.opacity = opacity
        }
        request.scale = try q.int("scale", in: 1...maximumScale)
        request.radiological = try q.bool("radiological") ?? false
        request.letters = try q.bool("labels") ?? true
        return request
    }
}

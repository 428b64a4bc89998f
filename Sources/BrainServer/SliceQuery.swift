import BrainSlice

/// Reads the slice a `/api/slice` request names into BrainSlice's `SliceRequest`, whose
/// defaults are `braintutor slice`'s.
enum SliceQuery {
    static let keys: Set<String> = ["plane", "index", "mni", "atlas", "highlight", "dimOthers",
                                    "outline", "opacity", "scale", "radiological", "labels"]
    /// The API's largest upsampling: 256 voxels × 8 = 2048 px, the render size limit.
    static let maximumScale = 8

    static func parse(_ q: QueryParameters, engine: AtlasEngine) throws -> SliceRequest {
        let planes = SlicePlane.allCases.map(\.rawValue)
        guard let planeName = try q.choice("plane", from: planes), let plane = SlicePlane(userText: planeName) else {
            throw APIError.badRequest("plane: missing; expected one of \(planes.joined(separator: ", "))")
        }
        // Indices are checked against the template's 256 voxels here; the library checks again.
        let index = try q.int("index", in: 0...255)
        let mni = try q.double("mni")
        let position: SliceRequest.Position
        switch (index, mni) {
        case (let index?, nil): position = .index(index)
        case (nil, let mni?):
            guard abs(mni) <= 128 else { throw APIError.badRequest("mni: \(mni) mm is outside the ±128 mm template") }
            position = .millimetres(mni)
        default: throw APIError.badRequest("give exactly one of index (voxel index 0…255) or mni (millimetres)")
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

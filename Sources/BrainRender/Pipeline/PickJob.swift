import BrainFormats
import BrainAtlas
import Foundation
import BrainMaps

// The pick path, start to end: pixel (`Pixel`, checked once) → the triangles near it
// (`PixelCandidates`) → the id the pick pass writes there, decided on the CPU (`CertainPick`,
// bounded by `PickErrorModel`) or drawn by a one-pixel GL pass (`GLContext.pickID`) → the
// range that id names (`Scene.pickTarget`, a table read) → the hit triangle among the
// candidates of that id (`PickResolver`) → region, vertex and MNI point (`PickReport`).

extension RenderJobs {
    /// Answers which region is under pixel (x, y from the top) of the image `request` would draw.
    ///
    /// With `decideOnCPU`, most pixels are decided without loading Mesa; the rest, near triangle
    /// edges, draw the one-pixel pick pass after the scene has loaded. Without it, the scene
    /// loads while Mesa starts, and the pass always draws. `errorModel` is the snapping of the
    /// rasteriser that would draw.
    public static func pick(_ request: SceneRequest, data: String?, x: Int, y: Int,
                            decideOnCPU: Bool = true, errorModel: PickErrorModel = .expectedHere,
                            backend preferred: GLBackend? = nil, exitsAfter: Bool = false) throws -> PickReport {
        let pixel = try Pixel(x: x, y: y, width: request.width, height: request.height)
        var times = StageTimes()
        let id: UInt32
        let scene: AtlasScene, library: AtlasLibrary?, candidates: PixelCandidates
        // A legend moves the brain (`DrawnFrame`), which takes the pick pass to decide. So does the
        // slicing mode: its planes pick by texture, its head by the cut-away.
        if decideOnCPU && !request.legend && request.planes == nil {
            let source = try SceneSource.open(for: request, data: data)
            library = source.library
            scene = try source.scene(request)
            times.mark("scene")
            candidates = PixelCandidates(scene: scene.scene, pixel: pixel)
            if let certain = CertainPick.id(scene: scene.scene, candidates: candidates, model: errorModel) {
                id = certain
                times.mark("decided on the CPU")
            } else {
                let backend = try GLBackend.chosen(preferred)
                times.mark("GL library (\(backend))")
                let context = try GLContext(width: request.width, height: request.height, backend: backend)
                if exitsAfter { _ = Unmanaged.passRetained(context) }
                times.mark("context")
                id = try context.pickID(scene.scene, pixel: pixel, candidates: candidates)
                times.mark("pick pass")
            }
        } else {
            let context: GLContext, prepared: AtlasScene
            (prepared, library, context) = try prepare(request, data: data, passes: [.pick], backend: preferred, times: &times)
            if exitsAfter { _ = Unmanaged.passRetained(context) }
            let frame = try DrawnFrame(prepared, context: context)
            scene = frame.scene
            candidates = PixelCandidates(scene: scene.scene, pixel: pixel)
            // The legend's framing pass, when the brain stayed where it was, is this frame's pick pass.
            id = try frame.drawnIndex.map { $0.id(at: pixel) } ?? context.pickID(scene.scene, pixel: pixel, candidates: candidates)
            times.mark("pick pass")
        }
        let answer = try scene.pickReport(id: id, pixel: pixel, library: library) { target in
            // The hit lies among the candidates of the picked range: no second search.
            PickResolver.resolve(scene: scene.scene, layer: target.layer,
                                 triangles: candidates.triangles.filter { $0.layer == target.layer && $0.range == target.range }.map(\.corners),
                                 pixel: pixel)
        }
        times.mark("answer")
        times.report()
        return answer
    }
}

extension AtlasScene {
    /// The pick answer for pixel (x, y from the top) of a drawn pick image (a memory read plus
    /// a ray cast over one range's triangles): the server's repeated picks.
    public func pickReport(index: IndexImage, x: Int, y: Int, library: AtlasLibraryTexts?) throws -> PickReport {
        try pickReport(index: index, pixel: try scene.pixel(x: x, y: y), library: library)
    }

    /// The same for a pixel already checked.
    public func pickReport(index: IndexImage, pixel: Pixel, library: AtlasLibraryTexts?) throws -> PickReport {
        try pickReport(id: index.id(at: pixel), pixel: pixel, library: library) {
            PickResolver.resolve(scene: scene, target: $0, pixel: pixel)
        }
    }

    /// The same answer, its ray cast over the triangles `grid` (made once for this scene) lists
    /// under the pixel: the server's repeated picks of one cached scene.
    public func pickReport(index: IndexImage, pixel: Pixel, library: AtlasLibraryTexts?,
                           grid: PickTriangleGrid) throws -> PickReport {
        try pickReport(id: index.id(at: pixel), pixel: pixel, library: library) { target in
            PickResolver.resolve(scene: scene, layer: target.layer, near: grid.triangles(of: target, at: pixel, in: scene),
                                 all: { PickResolver.triangles(of: target, in: scene) }, pixel: pixel)
        }
    }

    /// The answer for pick id `id` at `pixel`; `resolve` finds the hit on the picked range.
    func pickReport(id: UInt32, pixel: Pixel, library: AtlasLibraryTexts?,
                    resolve: (Scene.PickTarget) -> PickResolver.Hit?) throws -> PickReport {
        guard let target = scene.pickTarget(id: id) else {
            return PickReport(x: pixel.x, y: pixel.y, region: nil, text: nil, hit: nil).withMapValue(map, at: nil)
        }
        if scene.layers[target.layer].plane != nil {
            return try planePickReport(layer: target.layer, label: target.range, pixel: pixel, library: library)
        }
        var region = layers[target.layer].regions[target.range]
        let hit = resolve(target)
        // The answer says what it rests on at this vertex, as `where` does at a voxel.
        if let r = region, let vertex = hit?.vertex, let library {
            region?.provenance = library.answerProvenance(of: r, vertex: vertex)
        }
        let text = try region.flatMap { try library?.text(for: $0) }
        let surface = region == nil
            ? PickSurface.describe(mesh: layers[target.layer].mesh, vertex: hit?.vertex, library: library) : nil
        return PickReport(x: pixel.x, y: pixel.y, region: region, text: text, hit: hit, surface: surface)
            .withMapValue(map, at: hit?.anatomical, vertex: hit?.vertex)
    }
}

/// Where pick answers get region texts and cortex labels from (the atlas library; none for user files).
public protocol AtlasLibraryTexts: Sendable {
    func text(for region: Region) throws -> String?
    /// `atlas`'s region id per vertex of the cortex meshes of `side`; nil where it has none.
    func surfaceLabels(atlas: String, side: Hemisphere) -> SurfaceLabels?
    /// What `region` rests on as the answer at `vertex` of its hemisphere's cortex mesh (`AnswerProvenance`).
    func answerProvenance(of region: Region, vertex: Int) -> Provenance?
    /// The same at the voxel holding MNI point `mni` (a pick on an MRI plane).
    func answerProvenance(of region: Region, mni: SIMD3<Double>) -> Provenance?
}

extension AtlasLibrary: AtlasLibraryTexts {
    public func text(for region: Region) throws -> String? {
        guard atlasNames.contains(region.atlas) else { return nil }
        return try textEntry(for: region)?.text
    }

    public func surfaceLabels(atlas name: String, side: Hemisphere) -> SurfaceLabels? {
        try? atlas(named: name).surfaceLabels(side)
    }

    public func answerProvenance(of region: Region, vertex: Int) -> Provenance? {
        AnswerProvenance.at(vertex: vertex, region: region, library: self)
    }

    public func answerProvenance(of region: Region, mni: SIMD3<Double>) -> Provenance? {
        AnswerProvenance.at(mni: mni, region: region, library: self)
    }
}

/// `pick X Y` (and `/api/pick`): the region under a pixel with its info text, the surface point
/// and vertex; all null off the brain. `surface` names what was hit where no region is
/// ("unlabelled cortex (medial wall)"), and is null on a region or off the brain.
public struct PickReport: Encodable, Sendable {
    public struct TextField: Encodable, Sendable {
        public let text: String?

        enum CodingKeys: String, CodingKey { case text }

        // A region without a text still says so: "text": null.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            if let text { try c.encode(text, forKey: .text) } else { try c.encodeNil(forKey: .text) }
        }
    }

    public let x: Int
    public let y: Int
    public let region: RegionWith<TextField>?
    public let mni: [Double]?
    public let vertex: Int?
    public let surface: String?
    /// With an overlay: the map's value at `mni` (trilinear; null off the brain). nil without one.
    public private(set) var value: Double??

    public init(x: Int, y: Int, region: Region?, text: String?, hit: PickResolver.Hit?, surface: String? = nil) {
        self.x = x
        self.y = y
        self.surface = region == nil && hit != nil ? surface : nil
        self.region = region.map { RegionWith($0, TextField(text: text)) }
        mni = hit.map { h in [h.anatomical.x, h.anatomical.y, h.anatomical.z].map { Double($0).roundedToHundredths } }
        vertex = hit?.vertex
    }

    enum CodingKeys: String, CodingKey { case x, y, region, mni, vertex, surface, value }

    /// The answer with the map's value at the picked point, when the scene has a map.
    /// Surface maps (SMP) give the picked vertex's value.
    func withMapValue(_ map: MapOverlay?, at point: SIMD3<Float>?, vertex: Int? = nil) -> PickReport {
        guard let map else { return self }
        var out = self
        let raw: Float? = if let surface = map.surfaceValues {
            vertex.flatMap { surface.indices.contains($0) ? surface[$0] : nil }
        } else {
            point.map { map.value(atMNI: SIMD3<Double>($0)) }
        }
        // Rounded to 1e-4: the value is a float sum, and its last digits are noise.
        out.value = .some(raw.map { (Double($0) * 10_000).rounded() / 10_000 })
        return out
    }

    // Written by hand so that off-brain fields are explicit nulls.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        if let region { try c.encode(region, forKey: .region) } else { try c.encodeNil(forKey: .region) }
        if let mni { try c.encode(mni, forKey: .mni) } else { try c.encodeNil(forKey: .mni) }
        if let vertex { try c.encode(vertex, forKey: .vertex) } else { try c.encodeNil(forKey: .vertex) }
        if let surface { try c.encode(surface, forKey: .surface) } else { try c.encodeNil(forKey: .surface) }
        if let value { if let v = value { try c.encode(v, forKey: .value) } else { try c.encodeNil(forKey: .value) } }
    }
}

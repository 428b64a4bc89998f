import BrainAtlas
import BrainFormats
import BrainRender
import Foundation
import Hummingbird

/// The slicing mode's data for clients that draw the planes themselves (the WebGL viewer): the
/// template grey and each atlas's label volume, coarse (2 mm) and whole (1 mm), from which the
/// client cuts every plane as the renderer does (`PlaneVolumes`), so a moving plane asks for
/// nothing; and each atlas's region tints (`/api/plane-palette/{atlas}`).
struct PlaneDataRoutes: Sendable {
    let engine: AtlasEngine
    let palettes = ImmutableBodies()
    /// The coarse volumes (a few hundred KB each), kept for the server's life.
    let coarse = ImmutableBodies()
    /// The whole volumes (13–27 MB before gzip each), by content and atlas: up to 160 MB.
    let whole = LRUCache<String, ImmutableBodies.Body>(capacity: 160 << 20)
    let box = PlaneVolumes.BoxMemo()

    /// Colour and fill opacity per region id (`OverlayTint`), RGBA bytes: `normal` with nothing
    /// highlighted, `strong` for a highlighted region, `faint` for the others under "lighten the rest".
    struct PaletteHeader: SceneBinary.Header {
        var kind = "plane-palette"
        let atlas: String
        let idCount: Int
        var arrays: [SceneBinary.ArrayEntry] = []
    }

    static func register(on router: Router<BasicRequestContext>, engine: AtlasEngine) -> PlaneDataRoutes {
        let data = PlaneDataRoutes(engine: engine)
        router.readOnly(Endpoint.volumeTemplate) { request, _ in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly(["step", "v"])
            return ImmutableBodies.response(try data.volume(nil, step: try data.step(q)), request: request,
                                            version: try data.volume(nil, step: 2).version)
        }
        router.readOnly(Endpoint.volumeLabels) { request, context in
            let q = try QueryParameters(rawQuery: request.uri.query)
            try q.allowOnly(["step", "v"])
            let atlas = try context.parameters.require("atlas")
            // A whole volume's URL carries its coarse twin's version (`volumeLinks`).
            return ImmutableBodies.response(try data.volume(atlas, step: try data.step(q)), request: request,
                                            version: try data.volume(atlas, step: 2).version)
        }
        router.readOnly(Endpoint.planePalette) { request, context in
            try QueryParameters(rawQuery: request.uri.query).allowOnly(["v"])
            return ImmutableBodies.response(try data.palette(try context.parameters.require("atlas")), request: request)
        }
        return data
    }

    func step(_ q: QueryParameters) throws -> Int {
        let text = q.string("step") ?? "1"
        guard let step = Int(text), PlaneVolumes.steps.contains(step) else {
            throw APIError.badRequest("step: '\(text.prefix(20))' is not a voxel step; use 1 (whole) or 2 (coarse)")
        }
        return step
    }

    func headBox() throws -> PlaneVolumes.Box {
        if let box = box.value.withLock({ $0 }) { return box }
        let made = PlaneVolumes.Box(template: try engine.renderer.assets.templateVolume())
        box.value.withLock { $0 = made }
        return made
    }

    /// The template's grey (`atlasName` nil) or an atlas's label volume at `step`.
    func volume(_ atlasName: String?, step: Int) throws -> ImmutableBodies.Body {
        let atlasName = try atlasName.map { try engine.checkAtlas($0) }
        let key = "\(atlasName ?? "template")|\(step)"
        let make = { () throws -> Data in
            let box = try headBox()
            guard let atlasName else {
                return try PlaneVolumes.grey(template: try engine.renderer.assets.templateVolume(), box: box, step: step)
            }
            let atlas = try engine.library.atlas(named: atlasName)
            return try PlaneVolumes.labels(atlas.hasLabelVolume ? try atlas.labelVolume() : nil, atlas: atlasName,
                                           idCount: atlas.regions.count + 1, box: box, step: step)
        }
        if step != 1 { return try coarse.body(key, contentType: SceneDataRoutes.binary, make: make) }
        if let kept = whole.value(for: key) { return kept }
        let body = try ImmutableBodies.Body(try make(), contentType: SceneDataRoutes.binary)
        whole.insert(body, for: key, cost: body.raw.count + body.gzip.count)
        return body
    }

    func palette(_ atlasName: String) throws -> ImmutableBodies.Body {
        let atlasName = try engine.checkAtlas(atlasName)
        return try palettes.body("palette|" + atlasName, contentType: SceneDataRoutes.binary) {
            let atlas = try engine.library.atlas(named: atlasName)
            let idCount = atlas.regions.count + 1
            func tints(_ highlighted: Bool?, _ dimOthers: Bool) -> [UInt8] {
                var rgba = [UInt8](repeating: 0, count: 4 * idCount)
                for id in 1..<idCount {
                    guard let region = atlas.region(id: id) else { continue }
                    let t = OverlayTint.tint(region.color, opacity: OverlayTint.defaultOpacity, highlighted: highlighted,
                                             dimOthers: dimOthers)
                    rgba.replaceSubrange(4 * id..<4 * id + 4, with: [t.r, t.g, t.b, t.alpha * 255].map { UInt8($0.rounded()) })
                }
                return rgba
            }
            return try SceneBinary.encode(header: PaletteHeader(atlas: atlasName, idCount: idCount),
                                          arrays: [("normal", .u8(tints(nil, false))), ("strong", .u8(tints(true, false))),
                                                   ("faint", .u8(tints(false, true)))])
        }
    }

    /// What `/api/scene` says about the planes of a `planes=` query.
    struct PlanesJSON: Encodable {
        /// The asked positions (MNI mm, voxel centres) by plane name.
        let positions: [String: Int]
        /// The volumes the client cuts the planes from: `template` and `labels`, each `coarse`
        /// (2 mm, first) and `whole` (1 mm), with their sizes on the wire (`…Bytes`, gzip).
        let volumes: [String: [String: String]]
        let volumeBytes: [String: [String: Int]]
        let palette: String
        let paletteBytes: Int
        /// Region ids 0…idCount − 1; `regions[id]` is the region object (null for 0).
        let idCount: Int
        let regions: [Region?]
        /// `plane.frag`'s uWindow: template grey low and high.
        let window: [Double]
        /// Pick ids of each plane: `firstPickIds[name] + region id` (after every mesh range).
        let firstPickIds: [String: UInt32]
        /// The lowest and highest plane position (mm).
        let limits: [Int]
        /// The cut for the query's camera: corner (the planes' crossing) and the viewer's side per
        /// axis (±1; 0 where no plane is), as `CutAway` makes it; a client that turns the camera
        /// makes it again from its forward vector: side = −1 where forward points along +axis.
        let cut: Cut
        struct Cut: Encodable {
            let corner: SIMD3<Float>
            let side: SIMD3<Float>
        }
    }

    func describe(_ planes: ScenePlanes, atlas atlasName: String, forward: SIMD3<Float>, firstPickId: UInt32) throws -> PlanesJSON {
        let atlas = try engine.library.atlas(named: atlasName)
        let palette = try palette(atlasName)
        let idCount = atlas.regions.count + 1
        // The planes asked for, in the contract's order (a plane missing the head keeps its ids).
        let order = RendererContract.planeOrder
        let firsts = RendererContract.firstPickIDs(counts: order.map { planes.positions[$0] == nil ? nil : idCount }, from: firstPickId)
        var first: [String: UInt32] = [:]
        for (orientation, id) in zip(order, firsts) where id != 0 { first[orientation.rawValue] = id }
        let cut = CutAway(planes: planes, forward: forward)
        let low = CanonicalFrame.centre - CanonicalFrame.size + 1
        let volumes = try volumeLinks(atlasName)
        return PlanesJSON(
            positions: Dictionary(uniqueKeysWithValues: planes.positions.map { ($0.key.rawValue, $0.value) }),
            volumes: volumes.urls, volumeBytes: volumes.bytes,
            palette: "/api/plane-palette/\(atlasName)?v=\(palette.version)",
            paletteBytes: palette.raw.count, idCount: idCount, regions: (0..<idCount).map { atlas.region(id: $0) },
            window: [PlaneSection.greyWindow.low, PlaneSection.greyWindow.high], firstPickIds: first,
            limits: [low, CanonicalFrame.centre], cut: PlanesJSON.Cut(corner: cut.corner, side: cut.side))
    }

    /// The volumes' versioned URLs. Only the coarse bodies are made here (the whole ones take a
    /// second and are made when asked for); a whole volume's version is its coarse twin's, as
    /// both come from the same files, which never change while the server runs.
    func volumeLinks(_ atlasName: String) throws -> (urls: [String: [String: String]], bytes: [String: [String: Int]]) {
        var urls: [String: [String: String]] = [:], bytes: [String: [String: Int]] = [:]
        for (content, path, atlas) in [("template", "/api/volume/template", nil), ("labels", "/api/volume/labels/\(atlasName)", atlasName)] {
            let coarseBody = try volume(atlas, step: 2)
            let version = coarseBody.version
            urls[content] = ["coarse": "\(path)?step=2&v=\(version)", "whole": "\(path)?step=1&v=\(version)"]
            bytes[content] = ["coarse": coarseBody.gzip.count]
        }
        return (urls, bytes)
    }
}

import BrainAtlas
import BrainFormats
import BrainRender
import Foundation
import Hummingbird

/// The slicing mode's data for clients that draw the planes themselves (the WebGL viewer): one
/// plane's textures per request (`/api/plane/{atlas}/{orientation}/{position}`: the template grey
/// and the atlas's label ids over the head's cross-section, cut by the renderer's own code) and
/// each atlas's region tints (`/api/plane-palette/{atlas}`), so the browser samples exactly the
/// texels `render --planes` samples.
struct PlaneDataRoutes: Sendable {
    let engine: AtlasEngine
    let palettes = ImmutableBodies()
    /// Plane bodies by atlas, orientation and position: up to 48 MB (a few hundred planes).
    let planes = LRUCache<String, ImmutableBodies.Body>(capacity: 48 << 20)

    /// A plane body's header; the arrays are `grey` (luminance-alpha bytes per texel, rows along
    /// v) and `ids` (RGBA bytes per texel: id low byte, high byte, 0, inside flag).
    struct PlaneHeader: SceneBinary.Header {
        var kind = "plane"
        let atlas: String
        let orientation: String
        let position: Int
        /// 0 × 0 when the plane misses the head (nothing to draw).
        let width: Int
        let height: Int
        /// The MNI mm of texel (0, 0)'s centre along the plane's in-plane axes `axes` (u, v).
        let uLow: Int
        let vLow: Int
        let axes: [Int]
        /// `plane.vert`'s uTexS and uTexT.
        let texS: [Float]
        let texT: [Float]
        var arrays: [SceneBinary.ArrayEntry] = []
    }

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
        router.readOnly(Endpoint.plane) { request, context in
            try QueryParameters(rawQuery: request.uri.query).allowOnly([])
            let body = try data.plane(try context.parameters.require("atlas"), try context.parameters.require("orientation"),
                                      try context.parameters.require("position"))
            // The same URL always answers the same bytes while the server runs; revalidated by ETag
            // (a 304) because the URL carries no version.
            return ImmutableBodies.response(body, request: request, cacheControl: "no-cache")
        }
        router.readOnly(Endpoint.planePalette) { request, context in
            try QueryParameters(rawQuery: request.uri.query).allowOnly(["v"])
            return ImmutableBodies.response(try data.palette(try context.parameters.require("atlas")), request: request)
        }
        return data
    }

    /// Checks the orientation and position as `planes=` is checked (the same words).
    func plane(_ atlasName: String, _ orientation: String, _ position: String) throws -> ImmutableBodies.Body {
        let atlasName = try engine.checkAtlas(atlasName)
        let planes = try ScenePlanes(parsing: "\(orientation.prefix(20)):\(position.prefix(20))")
        guard let (which, at) = planes.positions.first else { throw APIError.badRequest("planes: no plane named") }
        let key = "\(atlasName)|\(which.rawValue)|\(at)"
        if let cached = self.planes.value(for: key) { return cached }
        let atlas = try engine.library.atlas(named: atlasName)
        let section = try engine.renderer.assets.planeSection(which, at: at, atlas: atlas)
        let axes = which.inPlaneAxes
        let rows = section?.textureRows
        let header = PlaneHeader(atlas: atlasName, orientation: which.rawValue, position: at,
                                 width: section?.width ?? 0, height: section?.height ?? 0,
                                 uLow: section?.uLow ?? 0, vLow: section?.vLow ?? 0, axes: [axes.u, axes.v],
                                 texS: rows.map { [$0.s.x, $0.s.y, $0.s.z, $0.s.w] } ?? [0, 0, 0, 0],
                                 texT: rows.map { [$0.t.x, $0.t.y, $0.t.z, $0.t.w] } ?? [0, 0, 0, 0])
        let raw = try SceneBinary.encode(header: header, arrays: [("grey", .u8(section?.grey ?? [])), ("ids", .u8(section?.ids ?? []))])
        let body = try ImmutableBodies.Body(raw, contentType: SceneDataRoutes.binary)
        self.planes.insert(body, for: key, cost: raw.count + body.gzip.count)
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
        /// Where each plane's body is: `{orientation}` and `{position}` filled in by the client.
        let plane: String
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
        return PlanesJSON(
            positions: Dictionary(uniqueKeysWithValues: planes.positions.map { ($0.key.rawValue, $0.value) }),
            plane: "/api/plane/\(atlasName)/{orientation}/{position}",
            palette: "/api/plane-palette/\(atlasName)?v=\(palette.etag.trimmingCharacters(in: ["\""]))",
            paletteBytes: palette.raw.count, idCount: idCount, regions: (0..<idCount).map { atlas.region(id: $0) },
            window: [PlaneSection.greyWindow.low, PlaneSection.greyWindow.high], firstPickIds: first,
            limits: [low, CanonicalFrame.centre], cut: PlanesJSON.Cut(corner: cut.corner, side: cut.side))
    }
}

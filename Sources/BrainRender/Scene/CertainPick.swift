/// Decides on the CPU which id the pick pass writes at one pixel, when nothing the GL rounds
/// differently could change it, so a one-shot `pick` need not load Mesa at all.
///
/// A GL rasterizer tests coverage at the pixel centre with vertex positions snapped to a
/// sub-pixel grid, culls back faces of closed meshes, and keeps the nearest fragment (depth test
/// LESS). So every triangle near the pixel is classed with error bounds as surely covering,
/// surely not, or maybe. The answer is certain when the nearest sure cover lies in front of every
/// other cover and maybe by more than both depth errors, or when nothing covers or may cover
/// (the background). Otherwise `id` returns nil and the GL pass decides; the tests check that
/// every certain answer equals the full pick pass. The error bounds are `PickErrorModel`'s.
enum CertainPick {
    /// The pick id (0 for the background) the pick pass writes at the pixel `candidates` were
    /// gathered for, or nil when GL rounding (as `model` bounds it) could decide it either way.
    static func id(scene: Scene, candidates: PixelCandidates, model: PickErrorModel) -> UInt32? {
        let delta = model.snapSlack + max(candidates.roundingSlack.x, candidates.roundingSlack.y)
        let planeSlack = Double(max(scene.width, scene.height)) * PickErrorModel.planeErrorPerPixel
        let depthSlack = candidates.roundingSlack.z + PickErrorModel.depthError
        let p = candidates.centre
        var covers: [(id: UInt32, low: Double, high: Double)] = []  // surely drawn at the centre
        var maybes: [(id: UInt32, low: Double)] = []  // perhaps drawn, no nearer than `low`
        for t in candidates.triangles {
            let z = SIMD3(t.window.0.z, t.window.1.z, t.window.2.z)
            // The camera keeps every drawn vertex between the clip planes; if one ever were not,
            // the GL would clip the triangle, which this model does not follow.
            guard z.min() > 0, z.max() < 1 else { return nil }
            let a = SIMD2(t.window.0.x, t.window.0.y), b = SIMD2(t.window.1.x, t.window.1.y)
            let c = SIMD2(t.window.2.x, t.window.2.y)
            let edges = [edge(a, b, p, delta), edge(b, c, p, delta), edge(c, a, p, delta)]
            let above = edges.filter { $0.value > $0.bound }.count
            let below = edges.filter { $0.value < -$0.bound }.count
            if above > 0 && below > 0 { continue }  // surely outside
            // Twice the signed area (positive: counter-clockwise, a front face); c moves too.
            var area = edge(a, b, c, delta)
            area.bound += delta * (b - a).magnitudeSum
            let closed = scene.layers[t.layer].geometry.mesh.isClosed
            if closed && (below == 3 || area.value < -area.bound) { continue }  // a back face, culled
            let gradient = (abs((z.y - z.x) * (c.y - a.y) - (z.z - z.x) * (b.y - a.y))
                + abs((z.z - z.x) * (b.x - a.x) - (z.y - z.x) * (c.x - a.x))) / abs(area.value)
            if above == 3 || below == 3 {
                // The plane's depth at the centre, give or take the snapping and float rounding.
                let depth = (edges[1].value * z.x + edges[2].value * z.y + edges[0].value * z.z) / area.value
                let slack = gradient * (2 * delta + planeSlack) + depthSlack
                covers.append((t.pickID, depth - slack, depth + slack))
            } else {
                // Any fragment it makes lies between its corners' depths.
                maybes.append((t.pickID, z.min() - gradient * planeSlack - depthSlack))
            }
        }
        // The answer is the id of the cover known to be nearest, if everything with another id
        // lies surely behind it (nearer triangles of the same id give the same answer).
        guard let winner = covers.min(by: { $0.high < $1.high }) else { return maybes.isEmpty ? 0 : nil }
        // NaN (a degenerate triangle) fails the comparison and leaves the answer to the GL.
        let behind = covers.allSatisfy { $0.id == winner.id || $0.low > winner.high }
            && maybes.allSatisfy { $0.id == winner.id || $0.low > winner.high }
        return behind && winner.high.isFinite ? winner.id : nil
    }

    /// The edge function of a→b at p (positive left of the edge, so inside a counter-clockwise
    /// triangle) and how far moving a and b by up to `delta` per coordinate may change it.
    private static func edge(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ p: SIMD2<Double>,
                             _ delta: Double) -> (value: Double, bound: Double) {
        let value = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        let bound = delta * ((p - a).magnitudeSum + (p - b).magnitudeSum) + 4 * delta * delta
        return (value, bound)
    }
}

extension Scene {
    /// The pick id the pick pass writes at pixel (x, y) (top-left origin; 0 for the background),
    /// decided on the CPU, or nil where the GL's own rounding could decide it (`CertainPick`).
    public func certainPickID(x: Int, y: Int, model: PickErrorModel = .llvmpipe) throws(RenderError) -> UInt32? {
        CertainPick.id(scene: self, candidates: PixelCandidates(scene: self, pixel: try pixel(x: x, y: y)), model: model)
    }
}

/// How far a GL rasteriser's own rounding may move what `CertainPick` computes in double
/// precision; a CPU decision is trusted only when it holds beyond these bounds.
///
/// The rasteriser snaps vertex positions to a sub-pixel grid (its sub-pixel bits), and evaluates
/// depth planes in float. The grid depends on the driver actually drawing, so it is passed in:
/// `.llvmpipe` (8 bits) by default, `.coarsest` (the GL spec's minimum of 4 bits) when unsure.
public struct PickErrorModel: Sendable, Equatable {
    /// Bits of sub-pixel precision the rasteriser snaps vertices to (`GL_SUBPIXEL_BITS`).
    public let subpixelBits: Int

    public init(subpixelBits: Int) {
        // At least the GL minimum; more than 16 bits is beyond any rasteriser's fixed point.
        self.subpixelBits = min(16, max(Self.coarsest.subpixelBits, subpixelBits))
    }

    private init(exactly bits: Int) { subpixelBits = bits }

    /// Mesa's llvmpipe: 8 bits (`FIXED_ORDER` in its lp_rast.h). About 0.4 % of brain pixels at
    /// 1024×768, those within ~0.005 px of a triangle edge, are then left to the GL.
    public static let llvmpipe = PickErrorModel(exactly: 8)
    /// The coarsest grid the GL spec allows: 4 bits (about 6 % of brain pixels go to the GL).
    public static let coarsest = PickErrorModel(exactly: 4)

    /// The model for a Gallium driver by name (`GALLIUM_DRIVER`); nil is Mesa's default, llvmpipe.
    public static func gallium(driver: String?) -> PickErrorModel {
        driver == nil || driver == "llvmpipe" ? .llvmpipe : .coarsest
    }

    /// How far snapping may move a vertex coordinate: half a step of the grid, in pixels.
    public var snapSlack: Double { 1 / Double(1 << (subpixelBits + 1)) }

    /// Float error of the GL's depth-plane evaluation per pixel of the image's longer side.
    public static let planeErrorPerPixel = 0x1p-20
    /// Float error of one stored depth value (a 24-bit depth buffer holds less than this).
    public static let depthError = 0x1p-20
}

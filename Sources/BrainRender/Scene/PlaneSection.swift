import BrainAtlas
import BrainFormats

/// One MRI plane of the slicing mode as the plane shaders draw it: a quad in RAS mm over the
/// head's cross-section and its two textures, built on the CPU from the template and the atlas's
/// label volume at the plane (`PlaneSectionBuilder`). Texel (i, j) is the voxel centred at
/// `uLow + i`, `vLow + j` mm on the plane's in-plane axes (`Orientation.inPlaneAxes`).
public struct PlaneSection: Sendable {
    public let orientation: ScenePlanes.Orientation
    /// The plane's MNI coordinate on its own axis (a voxel centre, whole mm).
    public let position: Int
    public let width: Int
    public let height: Int
    /// The MNI mm of texel (0, 0)'s centre on the in-plane axes u and v.
    public let uLow: Int
    public let vLow: Int
    /// Per texel the template grey value and the inside flag blurred (`HeadMask.smoothedEdge`:
    /// 255 well inside the head, 0 outside; luminance-alpha sampled linearly, so the plane's edge
    /// follows a smooth contour rather than voxel steps), rows along v.
    public let grey: [UInt8]
    /// Per texel: label id low byte, high byte, 0, and the inside flag again (sampled nearest: an
    /// id is never blended).
    public let ids: [UInt8]
    /// Region colours and fill opacities by id, shared by the planes of one scene.
    let palette: PlanePalette

    /// The template's display window (the slices' window for it): background below `low` is black.
    public static let greyWindow = (low: 22.0, high: 260.0)

    /// Bright pieces of a plane apart from the head and smaller than this (mm²) are noise in the
    /// template's air and are left off the section, so no speck floats beside the head. The
    /// smallest real piece a plane cuts (an ear's rim, the tip of the nose) is larger.
    public static let smallestPiece = 64

    /// The label id of texel (i, j); 0 outside the texture.
    func label(i: Int, j: Int) -> Int {
        guard i >= 0, j >= 0, i < width, j < height else { return 0 }
        let k = 4 * (j * width + i)
        return RendererContract.labelID(low: ids[k], high: ids[k + 1])
    }

    /// The MNI voxel centre of texel (i, j).
    func mni(i: Int, j: Int) -> SIMD3<Double> {
        var p = SIMD3<Double>(repeating: 0)
        let (u, v) = orientation.inPlaneAxes
        p[orientation.axis] = Double(position)
        p[u] = Double(uLow + i)
        p[v] = Double(vLow + j)
        return p
    }

    /// Texel coordinates (fractional, texel units from the texture's low corner) of a point on the plane.
    func texel(of point: SIMD3<Float>) -> SIMD2<Double> {
        let (u, v) = orientation.inPlaneAxes
        return SIMD2(Double(point[u]) - (Double(uLow) - 0.5), Double(point[v]) - (Double(vLow) - 0.5))
    }

    /// The texture coordinate rows the vertex shader dots with (x, y, z, 1): s along u, t along v.
    public var textureRows: (s: SIMD4<Float>, t: SIMD4<Float>) {
        let (u, v) = orientation.inPlaneAxes
        var s = SIMD4<Float>(repeating: 0), t = SIMD4<Float>(repeating: 0)
        s[u] = 1 / Float(width)
        s[3] = -(Float(uLow) - 0.5) / Float(width)
        t[v] = 1 / Float(height)
        t[3] = -(Float(vLow) - 0.5) / Float(height)
        return (s, t)
    }

    /// The quad covering the texture, both faces drawn (an open mesh), normal along the plane's axis.
    func quad() throws(RenderError) -> SurfaceGeometry {
        let (u, v) = orientation.inPlaneAxes
        var normal = SIMD3<Float>(repeating: 0)
        normal[orientation.axis] = 1
        let corners: [SIMD3<Float>] = [(0, 0), (1, 0), (1, 1), (0, 1)].map { a, b in
            var p = SIMD3<Float>(repeating: 0)
            p[orientation.axis] = Float(position)
            p[u] = Float(uLow) - 0.5 + Float(a * width)
            p[v] = Float(vLow) - 0.5 + Float(b * height)
            return p
        }
        let mesh = RenderMesh(positions: corners, normals: Array(repeating: normal, count: 4),
                              triangles: [0, 1, 2, 0, 2, 3], isClosed: false)
        return try SurfaceGeometry(mesh: mesh, vertexLabels: [0, 0, 0, 0], splitBorders: false)
    }
}

/// The colour and fill opacity of every region id, as an RGBA texture 256 ids wide (`OverlayTint`);
/// id 0 (unlabelled) is fully transparent.
public struct PlanePalette: Sendable {
    public static let width = RendererContract.paletteWidth
    /// Ids 0…idCount − 1 (the atlas's largest region id + 1).
    public let idCount: Int
    let rgba: [UInt8]
    var height: Int { (idCount + Self.width - 1) / Self.width }

    init(idCount: Int, tint: (Int) -> (r: Double, g: Double, b: Double, alpha: Double)?) {
        self.idCount = max(1, idCount)
        var rgba = [UInt8](repeating: 0, count: Self.width * ((self.idCount + Self.width - 1) / Self.width) * 4)
        for id in 1..<max(1, idCount) {
            guard let t = tint(id) else { continue }
            rgba[4 * id] = UInt8(t.r.rounded())
            rgba[4 * id + 1] = UInt8(t.g.rounded())
            rgba[4 * id + 2] = UInt8(t.b.rounded())
            rgba[4 * id + 3] = UInt8((t.alpha * 255).rounded())
        }
        self.rgba = rgba
    }
}

/// The camera-facing part of the head the slicing mode removes so the planes show: the points
/// on the viewer's side of every plane drawn (`side` ±1 per axis, 0 for an axis with no plane).
public struct CutAway: Sendable, Equatable {
    public let corner: SIMD3<Float>
    public let side: SIMD3<Float>

    /// The cut for `planes` seen along `forward` (a ray direction into the scene); an axis the
    /// camera looks across exactly takes the positive side.
    public init(planes: ScenePlanes, forward: SIMD3<Float>) {
        corner = planes.centre
        var side = SIMD3<Float>(repeating: 0)
        for orientation in planes.orientations {
            side[orientation.axis] = RendererContract.cutSide(forward: forward[orientation.axis])
        }
        self.side = side
    }
}

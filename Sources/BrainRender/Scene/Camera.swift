import BrainImage

/// An orthographic camera that frames the drawn meshes in the image, with a small margin.
public struct Camera: Sendable, Equatable {
    public let direction: ViewDirection
    /// Centre of the framed box in RAS.
    public let center: SIMD3<Float>
    /// Half the visible width and height in mm, and half the depth range.
    public let halfWidth: Float
    public let halfHeight: Float
    public let halfDepth: Float
    public let width: Int
    public let height: Int
    /// Where in the image the meshes are framed.
    public let area: FramingArea
    /// The meshes' bounds along the screen's right, up and forward axes (what `reframed` reuses).
    private let framedLow: SIMD3<Float>
    private let framedHigh: SIMD3<Float>

    /// Fraction of the image left empty around the meshes on the tighter axis.
    public static let margin: Float = 0.04

    public init(direction: ViewDirection, framing meshes: [RenderMesh], width: Int, height: Int) {
        self.init(direction: direction, framing: meshes.map(\.positions), width: width, height: height)
    }

    /// Frames the given point sets (RAS mm) in `area` of the image.
    public init(direction: ViewDirection, framing pointSets: [[SIMD3<Float>]], width: Int, height: Int,
                area: FramingArea = .whole) {
        let r = direction.right, u = direction.up, f = direction.forward
        var lo = SIMD3<Float>(repeating: .greatestFiniteMagnitude)
        var hi = SIMD3<Float>(repeating: -.greatestFiniteMagnitude)
        for points in pointSets {
            for p in points {
                let q = SIMD3(dot(p, r), dot(p, u), dot(p, f))
                lo = pointwiseMin(lo, q)
                hi = pointwiseMax(hi, q)
            }
        }
        if lo.x > hi.x { lo = SIMD3(repeating: -1); hi = SIMD3(repeating: 1) }
        self.init(direction: direction, box: (lo, hi), width: width, height: height, area: area)
    }

    /// Frames the box `lo`…`hi`, given along the screen's right, up and forward axes, in `area`.
    private init(direction: ViewDirection, box: (lo: SIMD3<Float>, hi: SIMD3<Float>), width: Int, height: Int,
                 area: FramingArea) {
        let (lo, hi) = box
        let r = direction.right, u = direction.up, f = direction.forward
        let mid = (lo + hi) / 2
        var hw = max((hi.x - lo.x) / 2, 1e-3) * (1 + 2 * Self.margin)
        var hh = max((hi.y - lo.y) / 2, 1e-3) * (1 + 2 * Self.margin)
        let aspect = Float(width) * area.width / (Float(height) * area.height)
        if hw / hh > aspect { hh = hw / aspect } else { hw = hh * aspect }
        // hw × hh fill the area; the whole image is larger by the area's fractions, and its centre
        // sits where the box's centre must move for the box to land on the area's centre.
        halfWidth = hw / area.width
        halfHeight = hh / area.height
        let shift = SIMD2<Float>((area.x + area.width / 2) * 2 - 1, 1 - (area.y + area.height / 2) * 2)
        center = r * (mid.x - shift.x * halfWidth) + u * (mid.y - shift.y * halfHeight) + f * mid.z
        halfDepth = max((hi.z - lo.z) / 2, 1e-3) * 1.05 + 1
        (framedLow, framedHigh) = box
        self.area = area
        self.direction = direction
        self.width = width
        self.height = height
    }

    /// The same meshes framed in another area of the image, without visiting their points again.
    public func reframed(in area: FramingArea) -> Camera {
        Camera(direction: direction, box: (framedLow, framedHigh), width: width, height: height, area: area)
    }

    /// Image pixels per mm (the same on both axes).
    public var pixelsPerMM: Float { Float(width) / (2 * halfWidth) }

    /// Column-major model-view-projection: RAS → clip space (depth grows away from the camera).
    public var mvp: [Float] {
        let r = direction.right / halfWidth, u = direction.up / halfHeight, f = direction.forward / halfDepth
        let rows: [SIMD4<Float>] = [
            SIMD4(r.x, r.y, r.z, -dot(center, r)),
            SIMD4(u.x, u.y, u.z, -dot(center, u)),
            SIMD4(f.x, f.y, f.z, -dot(center, f)),
            SIMD4(0, 0, 0, 1),
        ]
        return columnMajor(rows)
    }

    /// Column-major rotation taking RAS directions to eye space (+z toward the viewer).
    public var normalMatrix: [Float] {
        let r = direction.right, u = direction.up, b = -direction.forward
        return columnMajor([SIMD4(r.x, r.y, r.z, 0), SIMD4(u.x, u.y, u.z, 0), SIMD4(b.x, b.y, b.z, 0), SIMD4(0, 0, 0, 1)])
    }

    /// The ray through the centre of pixel (x, y), counted from the image's top-left.
    public func ray(x: Int, y: Int) -> (origin: SIMD3<Float>, direction: SIMD3<Float>) {
        let nx = (Float(x) + 0.5) / Float(width) * 2 - 1
        let ny = 1 - (Float(y) + 0.5) / Float(height) * 2
        let origin = center + direction.right * (nx * halfWidth) + direction.up * (ny * halfHeight)
            - direction.forward * halfDepth
        return (origin, direction.forward)
    }

    /// Where a RAS point lands in the image (top-left origin, pixel units).
    public func project(_ p: SIMD3<Float>) -> SIMD2<Float> {
        let d = p - center
        let nx = dot(d, direction.right) / halfWidth, ny = dot(d, direction.up) / halfHeight
        return SIMD2((nx + 1) / 2 * Float(width), (1 - ny) / 2 * Float(height))
    }

    private func columnMajor(_ rows: [SIMD4<Float>]) -> [Float] {
        var m = [Float](repeating: 0, count: 16)
        for c in 0..<4 { for r in 0..<4 { m[c * 4 + r] = rows[r][c] } }
        return m
    }
}

/// The part of the image a camera frames the meshes in, as fractions of the image's width and
/// height from its top-left corner: the whole image, or the room a legend leaves.
public struct FramingArea: Sendable, Equatable {
    public let x: Float, y: Float, width: Float, height: Float
    public static let whole = FramingArea(x: 0, y: 0, width: 1, height: 1)

    public init(x: Float, y: Float, width: Float, height: Float) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The pixel rectangle `rect` of a `width` × `height` image.
    public init(_ rect: PixelRect, width: Int, height: Int) {
        self.init(x: Float(rect.x) / Float(width), y: Float(rect.y) / Float(height),
                  width: Float(rect.width) / Float(width), height: Float(rect.height) / Float(height))
    }
}

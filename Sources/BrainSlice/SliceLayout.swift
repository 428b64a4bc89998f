import BrainFormats
import BrainImage

/// Where the slice sits on the output image, and the one map between output pixels, voxels and
/// mm: every pixel → voxel or mm question (the crosshair, `--json`'s `imageToMm`, tests that look a
/// pixel up) goes through here, so a crop or a margin band can never shift one of them alone.
///
/// The output is the (cropped) slice at `scale` output pixels per voxel, placed at `origin` on a
/// canvas that may be grown by bands (letters, caption, legend) on any side.
public struct SliceLayout: Sendable, Equatable {
    /// The plane as shown, crop included.
    public let orientation: SliceOrientation
    public let scale: Int
    /// The volume's frame: voxel → its own RAS mm (MNI for the template).
    public let frame: VolumeFrame
    /// Output pixel of the slice's top-left corner.
    public let originX: Int, originY: Int
    /// Output (canvas) size.
    public let width: Int, height: Int

    /// The slice alone, with bands of `left`, `top`, `right` and `bottom` output pixels around it.
    public init(orientation: SliceOrientation, scale: Int, frame: VolumeFrame, bands: SliceBands = .zero) {
        self.orientation = orientation
        self.scale = scale
        self.frame = frame
        originX = max(0, bands.left)
        originY = max(0, bands.top)
        width = originX + orientation.width * scale + max(0, bands.right)
        height = originY + orientation.height * scale + max(0, bands.bottom)
    }

    /// The same slice with `more` added to its bands.
    public func growing(_ more: SliceBands) -> SliceLayout {
        let now = SliceBands(left: originX, top: originY, right: width - originX - orientation.width * scale,
                             bottom: height - originY - orientation.height * scale)
        return SliceLayout(orientation: orientation, scale: scale, frame: frame, bands: now + more)
    }

    /// The slice's rectangle on the canvas.
    public var sliceBox: PixelRect {
        PixelRect(x: originX, y: originY, width: orientation.width * scale, height: orientation.height * scale)
    }

    /// The canvas rectangle covering BV voxels `low…high` (inclusive) on this plane, clipped to the slice.
    public func box(low: SIMD3<Int>, high: SIMD3<Int>) -> PixelRect {
        let a = orientation.pixel(of: low), b = orientation.pixel(of: high)
        let c0 = max(0, min(a.column, b.column)), r0 = max(0, min(a.row, b.row))
        let c1 = min(orientation.width - 1, max(a.column, b.column)), r1 = min(orientation.height - 1, max(a.row, b.row))
        return PixelRect(x: originX + c0 * scale, y: originY + r0 * scale,
                         width: max(0, c1 - c0 + 1) * scale, height: max(0, r1 - r0 + 1) * scale)
    }

    /// The BV voxel drawn at output pixel (x, y); nil in a band or outside the image.
    public func voxel(atPixel x: Int, _ y: Int) -> SIMD3<Int>? {
        let dx = x - originX, dy = y - originY
        guard dx >= 0, dy >= 0 else { return nil }
        let c = dx / scale, r = dy / scale
        guard c < orientation.width, r < orientation.height else { return nil }
        return orientation.voxel(column: c, row: r)
    }

    /// The output pixel at the centre of voxel `v`'s block (its plane coordinate is ignored).
    public func pixel(ofVoxel v: SIMD3<Int>) -> (x: Int, y: Int) {
        let p = orientation.pixel(of: v)
        return (originX + p.column * scale + scale / 2, originY + p.row * scale + scale / 2)
    }

    /// The volume's own RAS mm of the voxel drawn at output pixel (x, y); nil in a band.
    public func millimetres(atPixel x: Int, _ y: Int) -> SIMD3<Double>? {
        voxel(atPixel: x, y).map { frame.ras(voxel: SIMD3<Double>($0)) }
    }

    /// The same map as an affine for clients: mm at image point (u, v) — pixel (x, y) covers
    /// u in x…x+1, v in y…y+1 — is `origin + u·right + v·down` (exact at voxel centres).
    public var imageToMillimetres: (origin: SIMD3<Double>, right: SIMD3<Double>, down: SIMD3<Double>) {
        // Voxel centres: pixel of column c has its block centre at u = originX + (c + ½)·scale.
        let v00 = SIMD3<Double>(orientation.voxel(column: 0, row: 0))
        let v10 = SIMD3<Double>(orientation.voxel(column: 1, row: 0))
        let v01 = SIMD3<Double>(orientation.voxel(column: 0, row: 1))
        let p00 = frame.ras(voxel: v00)
        let right = (frame.ras(voxel: v10) - p00) / Double(scale)
        let down = (frame.ras(voxel: v01) - p00) / Double(scale)
        let u0 = Double(originX) + Double(scale) / 2, v0 = Double(originY) + Double(scale) / 2
        return (p00 - u0 * right - v0 * down, right, down)
    }
}

/// Extra canvas around the slice on each side, in output pixels.
public struct SliceBands: Sendable, Equatable {
    public var left = 0, top = 0, right = 0, bottom = 0
    public static let zero = SliceBands()

    public init(left: Int = 0, top: Int = 0, right: Int = 0, bottom: Int = 0) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    public static func + (a: SliceBands, b: SliceBands) -> SliceBands {
        SliceBands(left: a.left + b.left, top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom)
    }
}

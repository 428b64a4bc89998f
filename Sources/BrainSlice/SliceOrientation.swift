/// Where each pixel of an unscaled slice comes from in the volume.
///
/// Image origin top-left. Axial: anterior at the top. Coronal and sagittal: superior at the
/// top. Axial and coronal are neurological unless `radiological` (subject's left on the image
/// left); sagittal has anterior on the image left. Because every BV axis is one direction
/// (x A→P, y S→I, z R→L), the voxel offset of pixel (column c, row r) is affine:
/// `base + c·columnStride + r·rowStride` — so sampling needs no per-pixel branching.
public struct SliceOrientation: Sendable, Equatable {
    public let plane: SlicePlane
    public let radiological: Bool
    /// Volume dims in BV axes (x, y, z).
    public let dims: SIMD3<Int>
    /// Voxel index along the plane's axis.
    public let index: Int
    /// Slice size in voxels (one pixel per voxel), after the crop.
    public let width: Int
    public let height: Int
    /// The part of the whole plane shown, in whole-plane pixels (the whole plane when not cropped).
    public let crop: SliceCrop.Box
    /// Offset (x + X·(y + Y·z)) of the voxel shown at pixel (0, 0), and steps per column and row.
    public let base: Int
    public let columnStride: Int
    public let rowStride: Int

    /// `index` must be inside the volume along the plane's axis (checked by the caller, which
    /// knows the file name for the message). `crop` (whole-plane pixels) is clamped to the plane.
    public init(plane: SlicePlane, index: Int, dims: SIMD3<Int>, radiological: Bool = false,
                crop: SliceCrop.Box? = nil) {
        self.plane = plane
        self.index = index
        self.dims = dims
        // Sagittal has no left/right axis in the image, so the mirror does not apply.
        self.radiological = plane == .sagittal ? false : radiological
        let sx = 1, sy = dims.x, sz = dims.x * dims.y
        let fullWidth: Int, fullHeight: Int, fullBase: Int
        switch plane {
        case .axial:
            // rows: x from 0 (anterior) down; columns: z, left (z = Z−1) first unless radiological
            fullWidth = dims.z; fullHeight = dims.x
            rowStride = sx
            columnStride = self.radiological ? sz : -sz
            fullBase = index * sy + (self.radiological ? 0 : (dims.z - 1) * sz)
        case .coronal:
            // rows: y from 0 (superior) down; columns as in axial
            fullWidth = dims.z; fullHeight = dims.y
            rowStride = sy
            columnStride = self.radiological ? sz : -sz
            fullBase = index * sx + (self.radiological ? 0 : (dims.z - 1) * sz)
        case .sagittal:
            // rows: y from 0 (superior) down; columns: x from 0 (anterior) on the left
            fullWidth = dims.x; fullHeight = dims.y
            rowStride = sy
            columnStride = sx
            fullBase = index * sz
        }
        let box = (crop ?? SliceCrop.Box(column: 0, row: 0, width: fullWidth, height: fullHeight))
            .clamped(width: fullWidth, height: fullHeight)
        self.crop = box
        width = box.width; height = box.height
        base = fullBase + box.column * columnStride + box.row * rowStride
    }

    /// Number of valid indices along the plane's axis.
    public var depth: Int { dims[plane.axis] }

    /// BV voxel shown at pixel (column, row) of the (cropped) slice: the one slice pixel → voxel map.
    public func voxel(column: Int, row: Int) -> SIMD3<Int> {
        let c = column + crop.column, r = row + crop.row
        var v = SIMD3<Int>(repeating: 0)
        v[plane.axis] = index
        switch plane {
        case .axial:
            v.x = r; v.z = radiological ? c : dims.z - 1 - c
        case .coronal:
            v.y = r; v.z = radiological ? c : dims.z - 1 - c
        case .sagittal:
            v.x = c; v.y = r
        }
        return v
    }

    /// Pixel (column, row) of the (cropped) slice showing BV voxel `v` (its coordinate along the
    /// plane's axis is ignored); outside 0..<width, 0..<height when the crop leaves it out.
    public func pixel(of v: SIMD3<Int>) -> (column: Int, row: Int) {
        let (c, r): (Int, Int)
        switch plane {
        case .axial: (c, r) = (radiological ? v.z : dims.z - 1 - v.z, v.x)
        case .coronal: (c, r) = (radiological ? v.z : dims.z - 1 - v.z, v.y)
        case .sagittal: (c, r) = (v.x, v.y)
        }
        return (c - crop.column, r - crop.row)
    }

    /// The whole-plane pixel box covering BV voxels `low…high` (inclusive, any plane coordinate).
    public func wholePlaneBox(low: SIMD3<Int>, high: SIMD3<Int>) -> SliceCrop.Box {
        let unshifted = SliceOrientation(plane: plane, index: index, dims: dims, radiological: radiological)
        let a = unshifted.pixel(of: low), b = unshifted.pixel(of: high)
        let c0 = min(a.column, b.column), r0 = min(a.row, b.row)
        return SliceCrop.Box(column: c0, row: r0, width: max(a.column, b.column) - c0 + 1,
                             height: max(a.row, b.row) - r0 + 1)
    }

    /// Orientation letters at the top, bottom, left and right edges.
    public var edgeLetters: (top: Character, bottom: Character, left: Character, right: Character) {
        switch plane {
        case .axial: ("A", "P", radiological ? "R" : "L", radiological ? "L" : "R")
        case .coronal: ("S", "I", radiological ? "R" : "L", radiological ? "L" : "R")
        case .sagittal: ("S", "I", "A", "P")
        }
    }
}

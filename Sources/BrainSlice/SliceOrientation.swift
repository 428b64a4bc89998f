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
    /// Slice size in voxels (one pixel per voxel).
    public let width: Int
    public let height: Int
    /// Offset (x + X·(y + Y·z)) of the voxel shown at pixel (0, 0), and steps per column and row.
    public let base: Int
    public let columnStride: Int
    public let rowStride: Int

    /// `index` must be inside the volume along the plane's axis (checked by the caller, which
    /// knows the file name for the message).
    public init(plane: SlicePlane, index: Int, dims: SIMD3<Int>, radiological: Bool = false) {
        self.plane = plane
        self.index = index
        self.dims = dims
        // Sagittal has no left/right axis in the image, so the mirror does not apply.
        self.radiological = plane == .sagittal ? false : radiological
        let sx = 1, sy = dims.x, sz = dims.x * dims.y
        switch plane {
        case .axial:
            // rows: x from 0 (anterior) down; columns: z, left (z = Z−1) first unless radiological
            width = dims.z; height = dims.x
            rowStride = sx
            columnStride = self.radiological ? sz : -sz
            base = index * sy + (self.radiological ? 0 : (dims.z - 1) * sz)
        case .coronal:
            // rows: y from 0 (superior) down; columns as in axial
            width = dims.z; height = dims.y
            rowStride = sy
            columnStride = self.radiological ? sz : -sz
            base = index * sx + (self.radiological ? 0 : (dims.z - 1) * sz)
        case .sagittal:
            // rows: y from 0 (superior) down; columns: x from 0 (anterior) on the left
            width = dims.x; height = dims.y
            rowStride = sy
            columnStride = sx
            base = index * sz
        }
    }

    /// Number of valid indices along the plane's axis.
    public var depth: Int { dims[plane.axis] }

    /// BV voxel shown at pixel (column, row).
    public func voxel(column c: Int, row r: Int) -> SIMD3<Int> {
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

    /// Pixel (column, row) showing BV voxel `v` (its coordinate along the plane's axis is ignored).
    public func pixel(of v: SIMD3<Int>) -> (column: Int, row: Int) {
        switch plane {
        case .axial: (radiological ? v.z : dims.z - 1 - v.z, v.x)
        case .coronal: (radiological ? v.z : dims.z - 1 - v.z, v.y)
        case .sagittal: (v.x, v.y)
        }
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

import BrainImage
import Foundation

/// A lazy description of a slice image — window → colour map → overlay → outline → labels —
/// evaluated in one pass per output pixel, with no intermediate full-size buffers (the Core
/// Image idea). Inputs are the mapped volume bytes and one plane of labels at voxel resolution.
public struct SliceRecipe: Sendable {
    public var orientation: SliceOrientation
    /// The whole volume, x fastest (usually the VMR's memory map: only the plane is touched).
    public var voxels: Data
    public var colourMap: ColourMap
    /// Region id per slice pixel, `width × height`, row-major like the image; nil = no overlay.
    public var labels: [UInt16]?
    public var overlay: RegionOverlay?
    public var outline: Bool
    public var annotations: SliceAnnotations
    /// Output pixels per voxel (nearest neighbour).
    public var scale: Int

    public init(orientation: SliceOrientation, voxels: Data, colourMap: ColourMap,
                labels: [UInt16]? = nil, overlay: RegionOverlay? = nil, outline: Bool = false,
                annotations: SliceAnnotations = .none, scale: Int = 1) {
        self.orientation = orientation
        self.voxels = voxels
        self.colourMap = colourMap
        self.labels = labels
        self.overlay = overlay
        self.outline = outline
        self.annotations = annotations
        self.scale = scale
    }

    public var outputWidth: Int { orientation.width * scale }
    public var outputHeight: Int { orientation.height * scale }

    /// Evaluates the recipe.
    public func render() throws -> RGBAImage {
        let o = orientation
        let k = scale
        precondition(k >= 1 && voxels.count >= o.dims.x * o.dims.y * o.dims.z)
        let w = o.width, h = o.height
        let outW = w * k
        let noLabels = [UInt16](repeating: 0, count: 1)
        let labelPlane = labels ?? noLabels
        let hasOverlay = labels != nil && overlay != nil && labelPlane.count == w * h
        let entries = overlay?.entries ?? []
        // The outline band at each voxel cell's edge, in output pixels.
        let band = max(1, k / 4)
        let drawOutline = outline && hasOverlay
        let stamps = annotations.stamps
        let cross = annotations.crosshair
        let gap = annotations.crosshairGap

        return try voxels.withUnsafeBytes { rawVoxels in
            try colourMap.entries.withUnsafeBufferPointer { lut in
                try labelPlane.withUnsafeBufferPointer { lab in
                    try entries.withUnsafeBufferPointer { ov in
                        try stamps.withUnsafeBufferPointer { st in
                            let vox = rawVoxels.bindMemory(to: UInt8.self)
                            return try RGBAImage(width: outW, height: h * k) { py, rowBytes in
                                let r = py / k, sy = py - r * k
                                let rowBase = o.base + r * o.rowStride
                                let labRow = r * w
                                let nearTop = sy < band && r > 0
                                let nearBottom = sy >= k - band && r < h - 1
                                // Letters that cross this row (at most four, usually none).
                                var activeStamps = 0
                                for s in st where py >= s.y && py < s.y + s.height { activeStamps += 1 }
                                let crossRow = cross.map { py == $0.y } ?? false
                                let out = UnsafeMutableRawPointer(rowBytes.baseAddress!)
                                var c = 0, sx = 0
                                for px in 0..<outW {
                                    var colour = lut[Int(vox[rowBase + c * o.columnStride])]
                                    if hasOverlay {
                                        let label = Int(lab[labRow + c])
                                        if label != 0, label < ov.count, ov[label].visible {
                                            let e = ov[label]
                                            var onEdge = false
                                            if drawOutline {
                                                if sx < band, c > 0, Int(lab[labRow + c - 1]) != label { onEdge = true }
                                                else if sx >= k - band, c < w - 1, Int(lab[labRow + c + 1]) != label { onEdge = true }
                                                else if nearTop, Int(lab[labRow - w + c]) != label { onEdge = true }
                                                else if nearBottom, Int(lab[labRow + w + c]) != label { onEdge = true }
                                            }
                                            if onEdge {
                                                colour = e.outline
                                            } else {
                                                let inv = UInt32(e.inverse)
                                                let red = ((colour & 0xFF) * inv + UInt32(e.premultiplied.0)) >> 8
                                                let green = (((colour >> 8) & 0xFF) * inv + UInt32(e.premultiplied.1)) >> 8
                                                let blue = (((colour >> 16) & 0xFF) * inv + UInt32(e.premultiplied.2)) >> 8
                                                colour = red | green << 8 | blue << 16 | 0xFF00_0000
                                            }
                                        }
                                    }
                                    if let cross {
                                        if (crossRow && abs(px - cross.x) > gap) || (px == cross.x && abs(py - cross.y) > gap) {
                                            colour = SliceAnnotations.crosshairColour
                                        }
                                    }
                                    if activeStamps > 0 {
                                        for s in st where px >= s.x && px < s.x + s.width && py >= s.y && py < s.y + s.height {
                                            let gx = (px - s.x) / s.size, gy = (py - s.y) / s.size
                                            if SliceRecipe.glyphBit(s.bits, gx, gy) {
                                                colour = SliceAnnotations.letterColour
                                            } else if SliceRecipe.glyphBit(s.bits, gx - 1, gy - 1) {
                                                colour = SliceAnnotations.shadowColour
                                            }
                                        }
                                    }
                                    out.storeBytes(of: colour.littleEndian, toByteOffset: px * 4, as: UInt32.self)
                                    sx += 1
                                    if sx == k { sx = 0; c += 1 }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    static func glyphBit(_ bits: UInt64, _ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < BitmapFont.glyphWidth, y < BitmapFont.glyphHeight else { return false }
        return bits & (1 << UInt64(y * BitmapFont.glyphWidth + x)) != 0
    }
}

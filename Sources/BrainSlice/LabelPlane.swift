import BrainAtlas
import BrainFormats

/// Builds the region id of every slice pixel (at voxel resolution, image layout) once per slice,
/// reading only the plane's voxels of the label source.
enum LabelPlane {
    /// Atlas labels on the bundled template or a user's stereotaxic VMR.
    static func atlas(_ labels: LabelVolume, volume: SliceVolume, orientation o: SliceOrientation) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: o.width * o.height)
        out.withUnsafeMutableBufferPointer { buf in
            if volume.isCanonical && volume.space == .mni {
                // The template's grid is the label grid: no coordinate maths per pixel.
                for r in 0..<o.height {
                    for c in 0..<o.width {
                        let v = o.voxel(column: c, row: r)
                        buf[r * o.width + c] = UInt16(truncatingIfNeeded: labels.label(x: v.x, y: v.y, z: v.z))
                    }
                }
            } else {
                for r in 0..<o.height {
                    for c in 0..<o.width {
                        let mni = volume.mniMillimetres(ofVoxel: o.voxel(column: c, row: r))
                        guard let t = CanonicalFrame.voxel(ofMNI: mni) else { continue }
                        buf[r * o.width + c] = UInt16(truncatingIfNeeded: labels.label(x: t.x, y: t.y, z: t.z))
                    }
                }
            }
        }
        return out
    }

    /// VOI regions on the slice, looked up backwards from each pixel's voxel (see `VOIOverlay`).
    static func voi(_ overlay: VOIOverlay, orientation o: SliceOrientation) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: o.width * o.height)
        guard !overlay.coordinates.isEmpty else { return out }
        out.withUnsafeMutableBufferPointer { buf in
            overlay.coordinates.withLookup { lookup in
                for r in 0..<o.height {
                    for c in 0..<o.width {
                        buf[r * o.width + c] = overlay.label(ofVoxel: o.voxel(column: c, row: r), lookup: lookup)
                    }
                }
            }
        }
        return out
    }

    /// Pixel count per region id on the plane, indexed by id (ids above `maxId` are ignored).
    static func counts(_ plane: [UInt16], maxId: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: maxId + 1)
        for id in plane where Int(id) <= maxId { counts[Int(id)] += 1 }
        return counts
    }
}

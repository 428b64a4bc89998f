import BrainAtlas
import BrainFormats
import Foundation

/// An atlas's label volume as a NIfTI-1 image of the canonical 256³ frame (MNI sform) and its label table.
public enum AtlasLabelExport {
    /// The image (uint8 for ≤ 255 regions, else int16) and a FreeSurfer-style colour table:
    /// `id name r g b 0`, one line per region, `0 Unlabelled 0 0 0 0` first.
    public static func export(_ atlas: Atlas, name: String) throws -> (image: NIfTIFile, table: String) {
        let labels = try atlas.labelVolume()
        let edge = CanonicalFrame.size
        let wide = (atlas.regions.map(\.id).max() ?? 0) > 255
        guard (atlas.regions.map(\.id).max() ?? 0) <= Int(Int16.max) else { throw MapsError("\(atlas.name): region ids exceed int16") }
        var raw = [UInt8](repeating: 0, count: CanonicalFrame.voxelCount * (wide ? 2 : 1))
        var at = 0
        for z in 0..<edge { for y in 0..<edge { for x in 0..<edge {
            let id = labels.label(x: x, y: y, z: z)
            if wide {
                raw[at] = UInt8(id & 0xFF)
                raw[at + 1] = UInt8(id >> 8)
                at += 2
            } else {
                raw[at] = UInt8(id)
                at += 1
            }
        } } }
        let image = try NIfTIFile(raw: raw, datatype: wide ? .int16 : .uint8, dims: [edge, edge, edge],
                                  affine: VolumeFrame.canonical.voxelToRAS, sformCode: 4,
                                  description: "BrainTutor atlas \(atlas.name)", name: name)
        var lines = ["# \(atlas.title): label table for \(name) (id name r g b a)", "0 Unlabelled 0 0 0 0"]
        for r in atlas.regions.sorted(by: { $0.id < $1.id }) {
            let label = r.displayName.replacingOccurrences(of: " ", with: "_")
            lines.append("\(r.id) \(label) \(r.color.r) \(r.color.g) \(r.color.b) 0")
        }
        return (image, lines.joined(separator: "\n") + "\n")
    }
}

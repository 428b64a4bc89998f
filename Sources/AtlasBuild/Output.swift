import Foundation
import BrainAtlas
import BrainFormats

/// Writes AtlasData files atomically, creating folders as needed.
struct Output: Sendable {
    let root: URL

    func url(_ rel: String) throws -> URL {
        let u = root.appendingPathComponent(rel)
        try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
        return u
    }

    /// Gzip-compresses when `rel` ends in `.gz` (level 9: these files are read once per process).
    func write(_ data: Data, to rel: String) throws {
        try AtomicFile.write(data, to: url(rel), compressionLevel: 9)
    }

    /// One VOI per region (name "<Name> (<side>)"), MNI millimetres of every voxel in index order.
    func writeVOI(_ atlas: LabelledAtlas, to rel: String) throws {
        let n = atlas.regions.regions.count
        var voxels = [[SIMD3<Int32>]](repeating: [], count: n + 1)
        for (i, l) in zip(atlas.volume.indices, atlas.volume.labels) {
            let m = CanonicalFrame.mni(Int(i))
            voxels[Int(l)].append(SIMD3(Int32(m.x), Int32(m.y), Int32(m.z)))
        }
        let vois = atlas.regions.regions.enumerated().map { (k, r) in
            VOI(name: RawString(Self.sidedName(r.name, r.hemisphere)),
                color: SIMD3(atlas.colors[k].r, atlas.colors[k].g, atlas.colors[k].b), voxels: voxels[k + 1])
        }
        let file = VOIFile(version: 4, referenceSpace: .mni, frame: .canonical, vois: vois)
        try write(file.encoded(), to: rel)
    }

    /// "Precentral gyrus (left)"; midline structures carry no side.
    static func sidedName(_ name: String, _ hemi: Hemisphere) -> String {
        hemi == .none ? name : "\(name) (\(hemi.rawValue))"
    }
}

import BrainAtlas
import BrainFormats
import Foundation

/// A user's POI file as an atlas of its own: one region per POI (id = position, 1-based).
struct UserPatches {
    let regions: [Region]
    let labels: [UInt32]

    static func read(_ path: String, vertexCount: Int) throws -> UserPatches {
        let url = URL(fileURLWithPath: path)
        let poi = try POIFile.read(from: url)
        let file = url.lastPathComponent
        if poi.meshVertexCount != vertexCount {
            throw RenderError.badMesh(file: file, field: "NrOfMeshVertices",
                                      problem: "\(poi.meshVertexCount) does not match the mesh's \(vertexCount) vertices")
        }
        var labels = [UInt32](repeating: 0, count: vertexCount)
        var regions: [Region] = []
        for (index, patch) in poi.pois.enumerated() {
            let id = index + 1
            let name = patch.name.string
            regions.append(Region(id: id, name: name, sourceLabel: name, hemisphere: .none, atlas: file,
                                  color: RGB(patch.color.x, patch.color.y, patch.color.z), lobe: nil))
            for v in patch.vertices {
                guard v >= 0, Int(v) < vertexCount else {
                    throw RenderError.badMesh(file: file, field: "POI '\(name)' vertex",
                                              problem: "index \(v) is outside the mesh's 0…\(vertexCount - 1)")
                }
                // The first POI that claims a vertex keeps it, as in the atlas model.
                if labels[Int(v)] == 0 { labels[Int(v)] = UInt32(id) }
            }
        }
        return UserPatches(regions: regions, labels: labels)
    }

    func region(label: UInt32) -> Region? {
        label >= 1 && Int(label) <= regions.count ? regions[Int(label) - 1] : nil
    }

    /// `--highlight` on a user POI: its 1-based id, or its name in any case.
    func matching(_ query: String) throws -> Set<Region> {
        let q = query.trimmingCharacters(in: .whitespaces).lowercased()
        if let id = Int(q), let region = region(label: UInt32(clamping: id)) { return [region] }
        let exact = regions.filter { $0.name.lowercased() == q }
        if !exact.isEmpty { return Set(exact) }
        let partial = regions.filter { $0.name.lowercased().contains(q) }
        guard !partial.isEmpty else {
            throw RenderError.unknownRegion(query, suggestions: Array(regions.map(\.name).prefix(8)))
        }
        return Set(partial)
    }
}

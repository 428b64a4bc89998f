import Foundation
import BrainAtlas
import BrainFormats

extension Output {
    /// POI v2 (docs/file-formats.md §6): one POI per region of `hemisphere` (all regions when nil), vertices
    /// ascending, LabelVertex = the region's vertex nearest to the mean of its vertices (ties: lowest index).
    /// Names are "<Name> (<side>)", or "<sourceLabel> (<side>)" with `nameBySourceLabel`.
    func writePOI(_ atlas: LabelledAtlas, labels: [UInt16], positions: [SIMD3<Float>], hemisphere: Hemisphere?,
                  mesh: String, nameBySourceLabel: Bool = false, to rel: String) throws {
        let n = atlas.regions.regions.count
        var members = [[Int32]](repeating: [], count: n + 1)
        for (v, l) in labels.enumerated() where l != 0 { members[Int(l)].append(Int32(v)) }
        let pois = atlas.regions.regions.enumerated().filter { hemisphere == nil || $0.element.hemisphere == hemisphere }.map { (k, r) in
            let c = atlas.colors[k]
            return POI(name: RawString(Self.sidedName(nameBySourceLabel ? r.sourceLabel : r.name, r.hemisphere)),
                       color: SIMD3(c.r, c.g, c.b), vertices: members[k + 1],
                       labelVertex: Int32(Self.labelVertex(members[k + 1].map(Int.init), positions)))
        }
        let file = POIFile(meshVertexCount: labels.count, fromMeshFile: mesh, pois: pois)
        try write(file.encoded(), to: rel)
    }

    static func labelVertex(_ vs: [Int], _ positions: [SIMD3<Float>]) -> Int {
        guard !vs.isEmpty else { return 0 }
        var mean = SIMD3<Double>.zero
        for v in vs { mean += SIMD3(Double(positions[v].x), Double(positions[v].y), Double(positions[v].z)) }
        mean /= Double(vs.count)
        var best = vs[0], bestD = Double.infinity
        for v in vs {
            let d = NearestVertexGrid.distance2(mean, positions[v])
            if d < bestD { bestD = d; best = v }
        }
        return best
    }
}

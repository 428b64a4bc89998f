import Foundation
import BrainAtlas

extension Output {
    /// POI v2 (FORMATS.md §6): one POI per region of `hemisphere` (all regions when nil), vertices
    /// ascending, LabelVertex = the region's vertex nearest to the mean of its vertices (ties: lowest index).
    /// Names are "<Name> (<side>)", or "<sourceLabel> (<side>)" with `nameBySourceLabel`.
    func writePOI(_ atlas: LabelledAtlas, labels: [UInt16], positions: [SIMD3<Float>], hemisphere: Hemisphere?,
                  mesh: String, nameBySourceLabel: Bool = false, to rel: String) throws {
        let n = atlas.regions.regions.count
        var members = [[Int]](repeating: [], count: n + 1)
        for (v, l) in labels.enumerated() where l != 0 { members[Int(l)].append(v) }
        var text = "\nFileVersion:      2\n\nFromMeshFile:     \"\(mesh)\"\n\nNrOfMeshVertices: \(labels.count)\n\n"
        let listed = atlas.regions.regions.enumerated().filter { hemisphere == nil || $0.element.hemisphere == hemisphere }
        text += "NrOfPOIs:         \(listed.count)\n"
        for (k, r) in listed {
            let vs = members[k + 1]
            let c = atlas.colors[k]
            text += "\nNameOfPOI:        \"\(Self.sidedName(nameBySourceLabel ? r.sourceLabel : r.name, r.hemisphere))\"\n"
            text += "InfoTextFile:     \"\"\n"
            text += "ColorOfPOI:       \(c.r) \(c.g) \(c.b)\n"
            text += "LabelVertex:      \(Self.labelVertex(vs, positions))\n"
            text += "NrOfVertices:     \(vs.count)\n"
            for v in vs { text += "\(v)\n" }
        }
        text += "\nNrOfPOIMTCs:      0\n"
        try write(Data(text.utf8), to: rel)
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

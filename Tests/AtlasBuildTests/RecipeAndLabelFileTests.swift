import Foundation
import Testing
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

@Suite struct RecipeAndLabelFileTests {
    @Test func repositoryRecipeLoads() throws {
        let r = try Recipe.load(from: Recipe.repositoryURL)
        #expect(r.atlases.map(\.name) == Catalog.atlasOrder)
        let counts = r.atlases.map { $0.regions.count }
        #expect(counts == [12, 68, 68, 82, 28, 82, 34, 23, 20, 14, 0])
        let functional = r.atlases[6].regions
        #expect(functional.first { $0.sourceLabel == "wernicke" }?.rules?.last?.maxY == -25)
        #expect(r.atlases[5].colorCollisions?.resolve.first?.candidates == ["Brodmann.3", "Brodmann.33"])
    }

    @Test func badRecipeNamesTheField() throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Recipe.repositoryURL)) as! [String: Any]
        var atlases = json["atlases"] as! [[String: Any]]
        var regions = atlases[1]["regions"] as! [[String: Any]]
        regions.append(regions[0])
        atlases[1]["regions"] = regions
        json["atlases"] = atlases
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bad-recipe-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect { try Recipe.load(from: url) } throws: { error in
            "\(error)".contains("atlases[gyri].regions[68]") && "\(error)".contains("bankssts (left) is listed twice")
        }
    }

    @Test func labelVolumeRoundTripsThroughTheReader() throws {
        let voxels: [(Int, Int, Int, UInt16)] = [(100, 90, 80, 3), (101, 90, 80, 300), (120, 95, 99, 1)]
        let vol = AtlasVolume(indices: voxels.map { Int32(CanonicalFrame.index($0.0, $0.1, $0.2)) }.sorted(),
                              labels: voxels.sorted { CanonicalFrame.index($0.0, $0.1, $0.2) < CanonicalFrame.index($1.0, $1.1, $1.2) }.map(\.3))
        let data = LabelVolumeWriter.encode(vol)
        #expect(data.prefix(4) == Data("BTLB".utf8))
        #expect(data.count == 36 + 21 * 6 * 20 * 2)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("t-\(UUID().uuidString).lbl")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = try LabelVolume.open(url, maxLabel: 300, cacheDirectory: nil)
        #expect(read.origin == (100, 90, 80) && read.dims == (21, 6, 20) && read.bytesPerLabel == 2)
        for v in voxels { #expect(read.label(x: v.0, y: v.1, z: v.2) == Int(v.3)) }
        #expect(read.label(x: 110, y: 92, z: 90) == 0)
    }
}

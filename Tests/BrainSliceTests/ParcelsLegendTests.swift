import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// The 400 parcels' slice legend stays one table: a network's rows together in the networks'
/// order, every row of one network shortened alike, no two rows reading the same, left and
/// right of a name in one row, and the legend never wider than the slice it serves.
@Suite(.enabled(if: (try? AtlasLibrary.open()) != nil, "AtlasData not built"))
struct ParcelsLegendTests {
    @Test(arguments: [("coronal", "0"), ("axial", "0")])
    func rowsGoByNetworkAndReadApart(_ plane: String, _ mni: String) throws {
        let atlas = try AtlasLibrary.open().atlas(named: "parcels")
        let result = try Slicer().render(try SliceRequest(["plane": plane, "mni": mni, "atlas": "parcels", "legend": "on"]))
        let legend = try #require(result.legend), box = try #require(result.legendBox)
        let rows = legend.rows.filter { $0.entry != nil }
        #expect(rows.count >= 20, "\(plane) \(mni): \(rows.count) rows")
        // The row's full name without its side mark, and the network of the parcels so named.
        func core(_ name: String) -> String {
            for mark in [" (L, R)", " (L)", " (R)"] where name.hasSuffix(mark) { return String(name.dropLast(mark.count)) }
            return name
        }
        let networks = try rows.map { row in
            let name = core(row.entry!.name)
            return try #require(atlas.regions.first { $0.labelName == name }?.networkIndex, "\(name) has no network")
        }
        #expect(networks == networks.sorted(), "\(plane) \(mni): networks out of order \(networks)")
        let texts = rows.map { $0.line.lines.map(\.text).joined(separator: " ") }
        #expect(Set(texts).count == texts.count, "\(plane) \(mni): rows repeat \(texts)")
        #expect(Set(rows.map { core($0.entry!.name) }).count == rows.count, "\(plane) \(mni): a name's sides on two rows")
        // One network, one shortening: all its rows whole, or all cut after the same first words.
        for network in Set(networks) {
            let heads = Set(zip(networks, texts).filter { $0.0 == network }.map { _, text in
                text.components(separatedBy: " … ").count > 1 ? text.components(separatedBy: " … ")[0] : "whole"
            })
            #expect(heads.count == 1, "\(plane) \(mni): network \(Region.networkOrder[network]) shortened unevenly: \(heads)")
        }
        // Beside the slice, never wider than it.
        #expect(box.width <= box.x && box.maxX <= result.image.width, "\(plane) \(mni): legend \(box) on \(result.image.width)")
    }
}

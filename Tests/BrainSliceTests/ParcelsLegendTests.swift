import BrainAtlas
import BrainImage
import Foundation
import Testing
@testable import BrainSlice

/// The 400 parcels' slice legend stays one table: a heading row per network in the networks'
/// order with that network's rows under it, every row of one network shortened alike, no row cut
/// inside a word, no two rows under one heading reading the same, left and right of a name in
/// one row, and the legend never wider than the slice it serves. The short coronal slice at
/// y = −60 and the sagittal at x = −40 list about 50 and 70 rows in narrow columns.
@Suite(.enabled(if: (try? AtlasLibrary.open()) != nil, "AtlasData not built"))
struct ParcelsLegendTests {
    @Test(arguments: [("coronal", "0"), ("axial", "0"), ("coronal", "-60"), ("sagittal", "-40")])
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
        let regions = try rows.map { row in
            let name = core(row.entry!.name)
            return try #require(atlas.regions.first { $0.labelName == name }, "\(name) is no parcel")
        }
        let networks = try regions.map { try #require($0.networkIndex, "\($0.name) has no network") }
        #expect(networks == networks.sorted(), "\(plane) \(mni): networks out of order \(networks)")
        let text = { (row: Legend.Layout.Row) in row.line.lines.map(\.text).joined(separator: " ") }
        let texts = rows.map(text)
        #expect(Set(rows.map { core($0.entry!.name) }).count == rows.count, "\(plane) \(mni): a name's sides on two rows")
        // One heading per network shown, in the networks' order, each over that network's rows only.
        let headings = legend.rows.compactMap(\.heading)
        let shownNetworks = networks.reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
        #expect(headings == shownNetworks.map { n in regions[networks.firstIndex(of: n)!].networkHeading ?? "?" },
                "\(plane) \(mni): headings \(headings) for networks \(shownNetworks)")
        var under: [String: [String]] = [:], current = ""
        for row in legend.rows {
            if let h = row.heading { current = h; continue }
            guard let entry = row.entry else { continue }
            let region = regions[rows.firstIndex(of: row)!]
            #expect(region.networkHeading == current, "\(plane) \(mni): \(entry.name) under \(current)")
            under[current, default: []].append(text(row))
            // Whole words of the name only: "…" may stand for words left out, never for letters.
            let words = Set(entry.name.split(separator: " ").map(String.init))
            for token in text(row).split(separator: " ") where !token.replacingOccurrences(of: "…", with: "").isEmpty {
                let word = token.replacingOccurrences(of: "…", with: "")
                // "Salience /…" stops inside a name's phrase as surely as "FrOp…" inside a word.
                let dangling = token.hasSuffix("…") && word.allSatisfy { !$0.isLetter && !$0.isNumber }
                #expect(words.contains(word) && !dangling, "\(plane) \(mni): \"\(text(row))\" cuts a word of \(entry.name)")
            }
        }
        for row in legend.rows {
            guard let h = row.heading else { continue }
            let words = Set(h.split(separator: " ").map(String.init))
            for token in text(row).split(separator: " ") where !token.replacingOccurrences(of: "…", with: "").isEmpty {
                #expect(words.contains(token.replacingOccurrences(of: "…", with: "")), "\(plane) \(mni): heading \"\(text(row))\" cut in a word")
            }
        }
        // At most three columns, and no column ends on its heading.
        let columnOf = { (row: Legend.Layout.Row) in row.swatch?.x ?? row.textX }
        let columns = legend.rows.reduce(into: [Int]()) { if $0.last != columnOf($1) { $0.append(columnOf($1)) } }
        #expect(columns.count <= Legend.maxColumns && Set(columns).count == columns.count, "\(plane) \(mni): columns at \(columns)")
        for x in columns {
            #expect(legend.rows.last { columnOf($0) == x }?.heading == nil, "\(plane) \(mni): the column at \(x) ends on a heading")
        }
        for (heading, texts) in under {
            #expect(Set(texts).count == texts.count, "\(plane) \(mni): rows under \(heading) repeat \(texts)")
        }
        // One network, one shortening: all its rows whole, or all cut after the same first words.
        for network in Set(networks) {
            let heads = Set(zip(networks, texts).filter { $0.0 == network }.map { _, text in
                text.components(separatedBy: " … ").count > 1 ? text.components(separatedBy: " … ")[0] : "whole"
            })
            #expect(heads.count == 1, "\(plane) \(mni): network \(Region.networkOrder[network]) shortened unevenly: \(heads)")
        }
        // Beside the slice, never wider than it, inside the picture.
        #expect(box.width <= box.x && box.maxX <= result.image.width && box.maxY <= result.image.height,
                "\(plane) \(mni): legend \(box) on \(result.image.width)×\(result.image.height)")
    }
}

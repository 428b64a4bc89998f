import CommandLineSupport
import BrainAtlas
import BrainMaps
import Foundation

/// `where --table FILE|-`: reads the table and prints one answer row per point.
enum WhereTable {
    static func run(_ path: String, radius: Double, space: CoordinateSpace, json: Bool, library: AtlasLibrary) throws {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        let name = path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw MapsError("\(name): not text")
        }
        let table = try PointTable(text: text, name: name)
        let lookup = try PointTableLookup(library: library, radiusMm: radius, space: space)
        if json { return try CommandOutput.printJSON(lookup.json(table)) }
        print(try lookup.csv(table))
    }
}

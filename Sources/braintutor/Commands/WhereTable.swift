import CommandLineSupport
import BrainAtlas
import BrainMaps
import BrainFormats
import Foundation

/// `where --table FILE|-`: reads the table and prints one answer row per point.
enum WhereTable {
    static func run(_ path: String, radius: Double, space: CoordinateSpace, json: Bool, library: AtlasLibrary) throws {
        // FileSource refuses a directory or named pipe by name, where Foundation's reader would report a
        // permission problem or hang waiting for a writer.
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try FileSource.readRaw(URL(fileURLWithPath: path))
        let name = path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw MapsError("\(name): not text")
        }
        let table = try PointTable(text: text, name: name)
        let lookup = try PointTableLookup(library: library, radiusMm: radius, space: space)
        if json { return try CommandOutput.printJSON(lookup.json(table)) }
        // The table's own cells go to a terminal: escape bytes in them must not retitle or clear it.
        print(TextDecoding.printable(try lookup.csv(table), keepLayout: true))
    }
}

import CommandLineSupport
import BrainAtlas
import BrainMaps
import BrainFormats
import Foundation

/// `where --table FILE|-`: reads the table and streams one answer row per point.
enum WhereTable {
    static func run(_ path: String, radius: Double, space: CoordinateSpace, atlases: [String]?, json: Bool, library: AtlasLibrary) throws {
        // FileSource refuses a directory or named pipe by name, where Foundation's reader would report a
        // permission problem or hang waiting for a writer.
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try FileSource.readRaw(URL(fileURLWithPath: path))
        let name = path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw MapsError("\(name): not text")
        }
        let table = try PointTable(text: text, name: name)
        let lookup = try PointTableLookup(library: library, radiusMm: radius, space: space, atlases: atlases)
        var out = BufferedOutput()
        // The table's own cells go to a terminal: escape bytes in them must not retitle or clear it.
        try lookup.write(table, json: json, printable: !json) { out.write($0) }
        out.flush()
    }
}

/// Standard output in 1 MB writes, so a long table's text is never held whole.
struct BufferedOutput {
    var buffer = Data()

    mutating func write(_ bytes: [UInt8]) {
        // A chunk of rows is often larger than the buffer (JSON: about 1 MB): it is written as it is, not copied.
        guard bytes.count < 1 << 16 else {
            flush()
            bytes.withUnsafeBytes { FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0.baseAddress!), count: $0.count, deallocator: .none)) }
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

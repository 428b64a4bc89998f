import Foundation

/// The part of a BrainVoyager POI file the atlas model needs: mesh size and named vertex lists.
/// Reads v1 and v2 (FORMATS.md §6): keys in any order, unknown keys ignored, quotes stripped.
struct PatchFile {
    var vertexCount: Int
    var patches: [(name: String, vertices: [Int])]

    static func read(_ url: URL) throws -> PatchFile {
        let data = try Gunzip.readMaybeCompressed(url, limit: 1 << 30)
        let text = String(decoding: data, as: UTF8.self)
        return try parse(text, file: url.path)
    }

    static func parse(_ text: String, file: String) throws -> PatchFile {
        var lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0.isNewline })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }[...]
        func value(_ line: String) -> (String, String)? {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let v = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return (String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                    v.count >= 2 && v.hasPrefix("\"") && v.hasSuffix("\"") ? String(v.dropFirst().dropLast()) : v)
        }
        func int(_ s: String, _ field: String) throws -> Int {
            guard let n = Int(s), n >= 0 else { throw AtlasError.badPOI(file, field: field, problem: "'\(s)' is not a count") }
            return n
        }
        var vertexCount: Int?
        var patches: [(String, [Int])] = []
        var name: String?
        while let line = lines.popFirst() {
            guard let (k, v) = value(line) else { continue }
            switch k {
            case "NrOfMeshVertices": vertexCount = try int(v, k)
            case "NameOfPOI": name = v
            case "NrOfVertices":
                let n = try int(v, "NrOfVertices of '\(name ?? "?")'")
                guard n <= lines.count else {
                    throw AtlasError.badPOI(file, field: "NrOfVertices of '\(name ?? "?")'",
                                            problem: "\(n) vertices announced, only \(lines.count) lines follow")
                }
                var vertices: [Int] = []
                vertices.reserveCapacity(n)
                for _ in 0..<n {
                    let entry = lines.popFirst()!
                    guard let index = Int(entry) else {
                        throw AtlasError.badPOI(file, field: "vertex of '\(name ?? "?")'", problem: "'\(entry)' is not a vertex index")
                    }
                    vertices.append(index)
                }
                patches.append((name ?? "POI \(patches.count + 1)", vertices))
                name = nil
            case "NrOfPOIMTCs": lines.removeAll()
            default: continue
            }
        }
        guard let vertexCount else {
            throw AtlasError.badPOI(file, field: "NrOfMeshVertices", problem: "missing")
        }
        return PatchFile(vertexCount: vertexCount, patches: patches)
    }
}

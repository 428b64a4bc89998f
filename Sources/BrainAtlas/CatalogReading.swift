import Foundation

/// Reads `Catalog` and texts from `JSONValue`, naming the field path of anything wrong.
struct JSONFields {
    let value: JSONValue
    let path: String
    let file: String
    let error: @Sendable (String, String, String) -> AtlasError

    func fail(_ problem: String, at field: String? = nil) -> AtlasError {
        error(file, field ?? (path.isEmpty ? "(top level)" : path), problem)
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func object() throws -> [String: JSONValue] {
        guard case .object(let o) = value else { throw fail("expected an object") }
        return o
    }

    func field(_ key: String) throws -> JSONFields {
        let o = try object()
        guard let v = o[key] else { throw fail("missing key", at: child(key)) }
        return JSONFields(value: v, path: child(key), file: file, error: error)
    }

    func optional(_ key: String) throws -> JSONFields? {
        let o = try object()
        guard let v = o[key], v != .null else { return nil }
        return JSONFields(value: v, path: child(key), file: file, error: error)
    }

    func array() throws -> [JSONFields] {
        guard case .array(let a) = value else { throw fail("expected an array") }
        return a.enumerated().map { JSONFields(value: $0.element, path: "\(path)[\($0.offset)]", file: file, error: error) }
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw fail("expected a string") }
        return s
    }

    func double() throws -> Double {
        guard case .number(let n) = value else { throw fail("expected a number") }
        return n
    }

    func int(in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) throws -> Int {
        let n = try double()
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw fail("\(n) is not a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return Int(n)
    }

    func hemisphere() throws -> Hemisphere {
        let s = try string()
        guard let h = Hemisphere(rawValue: s) else { throw fail("'\(s)' is not left, right or none") }
        return h
    }
}

extension Catalog {
    /// Builds the catalog from parsed JSON (the fast reading path; see `JSONValue`).
    static func from(_ root: JSONFields) throws -> Catalog {
        let meshes = try root.field("meshes").array().map { m in
            Mesh(name: try m.field("name").string(), surface: try m.field("surface").string(),
                 hemisphere: try m.field("hemisphere").hemisphere(), file: try m.field("file").string(),
                 poi: try m.optional("poi")?.string())
        }
        let atlases = try root.field("atlases").array().map { a in
            let f = try a.field("files")
            let poi = try f.optional("poi").map { p in SidePaths(left: try p.field("left").string(), right: try p.field("right").string()) }
            let files = Files(voi: try f.optional("voi")?.string(), labels: try f.optional("labels")?.string(),
                              poi: poi, texts: try f.optional("texts")?.string())
            let regions = try a.field("regions").array().map { r in
                let c = try r.field("color").array()
                guard c.count == 3 else { throw r.fail("a colour has exactly 3 components", at: r.child("color")) }
                let rgb = RGB(UInt8(try c[0].int(in: 0...255)), UInt8(try c[1].int(in: 0...255)), UInt8(try c[2].int(in: 0...255)))
                return RegionEntry(id: try r.field("id").int(in: 1...65535), name: try r.field("name").string(),
                                   sourceLabel: try r.field("sourceLabel").string(), hemisphere: try r.field("hemisphere").hemisphere(),
                                   color: rgb, lobe: try r.optional("lobe")?.string(),
                                   voxelCount: try r.optional("voxelCount")?.int(in: 0...Int(Int32.max)),
                                   centroidMni: try r.optional("centroidMni")?.array().map { try $0.double() })
            }
            return Atlas(name: try a.field("name").string(), title: try a.field("title").string(),
                         description: try a.field("description").string(), source: try a.field("source").string(),
                         licence: try a.field("licence").string(), kind: try a.field("kind").string(), files: files,
                         regions: regions)
        }
        return Catalog(formatVersion: try root.field("formatVersion").int(), space: try root.field("space").string(),
                       template: try root.field("template").string(), meshes: meshes, atlases: atlases)
    }
}

import Foundation

/// Typed access to `JSONValue` members for the catalog and texts readers. Paths are
/// autoclosures so that they are only built when something is wrong.
struct JSONReader {
    let file: String
    let error: @Sendable (String, String, String) -> AtlasError

    func fail(_ problem: String, _ path: String) -> AtlasError { error(file, path.isEmpty ? "(top level)" : path, problem) }

    func member(_ v: JSONValue, _ key: String, _ path: @autoclosure () -> String) throws -> JSONValue {
        guard case .object = v else { throw fail("expected an object", path()) }
        guard let m = v[key] else { throw fail("missing key", join(path(), key)) }
        return m
    }

    func optional(_ v: JSONValue, _ key: String) -> JSONValue? {
        guard let m = v[key], !m.isNull else { return nil }
        return m
    }

    func string(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> String {
        guard case .string(let s) = v else { throw fail("expected a string", path()) }
        return s
    }

    func string(_ v: JSONValue, _ key: String, _ path: @autoclosure () -> String) throws -> String {
        try string(try member(v, key, path()), join(path(), key))
    }

    func array(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> [JSONValue] {
        guard case .array(let a) = v else { throw fail("expected an array", path()) }
        return a
    }

    func double(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> Double {
        guard case .number(let n) = v else { throw fail("expected a number", path()) }
        return n
    }

    func int(_ v: JSONValue, in range: ClosedRange<Int>, _ path: @autoclosure () -> String) throws -> Int {
        let n = try double(v, path())
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw fail("\(formatNumber(n)) is not a whole number in \(range.lowerBound)…\(range.upperBound)", path())
        }
        return Int(n)
    }

    func hemisphere(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> Hemisphere {
        let s = try string(v, path())
        guard let h = Hemisphere(rawValue: s) else { throw fail("'\(s)' is not left, right or none", path()) }
        return h
    }

    /// `[r, g, b]`, each 0…255.
    func color(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> RGB {
        let c = try array(v, path())
        guard c.count == 3 else { throw fail("a colour has exactly 3 components", path()) }
        return RGB(UInt8(try int(c[0], in: 0...255, path() + "[0]")), UInt8(try int(c[1], in: 0...255, path() + "[1]")),
                   UInt8(try int(c[2], in: 0...255, path() + "[2]")))
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}

extension Catalog {
    /// Builds the catalog from parsed JSON (the fast reading path; see `JSONValue`).
    static func from(_ root: JSONValue, _ r: JSONReader) throws -> Catalog {
        var meshes: [Mesh] = []
        for (i, m) in try r.array(r.member(root, "meshes", ""), "meshes").enumerated() {
            let p = "meshes[\(i)]"
            meshes.append(Mesh(name: try r.string(m, "name", p), surface: try r.string(m, "surface", p),
                               hemisphere: try r.hemisphere(r.member(m, "hemisphere", p), p + ".hemisphere"),
                               file: try r.string(m, "file", p),
                               poi: try r.optional(m, "poi").map { try r.string($0, p + ".poi") }))
        }
        var atlases: [Atlas] = []
        for (i, a) in try r.array(r.member(root, "atlases", ""), "atlases").enumerated() {
            let p = "atlases[\(i)]"
            let f = try r.member(a, "files", p)
            let poi = try r.optional(f, "poi").map { SidePaths(left: try r.string($0, "left", p + ".files.poi"),
                                                               right: try r.string($0, "right", p + ".files.poi")) }
            func path(_ key: String) throws -> String? { try r.optional(f, key).map { try r.string($0, "\(p).files.\(key)") } }
            let files = Files(voi: try path("voi"), labels: try path("labels"), poi: poi, texts: try path("texts"))
            var regions: [RegionEntry] = []
            let list = try r.array(r.member(a, "regions", p), p + ".regions")
            regions.reserveCapacity(list.count)
            for (k, e) in list.enumerated() {
                let q = "\(p).regions[\(k)]"
                let rgb = try r.color(r.member(e, "color", q), q + ".color")
                regions.append(RegionEntry(
                    id: try r.int(r.member(e, "id", q), in: 1...65535, q + ".id"), name: try r.string(e, "name", q),
                    sourceLabel: try r.string(e, "sourceLabel", q),
                    hemisphere: try r.hemisphere(r.member(e, "hemisphere", q), q + ".hemisphere"), color: rgb,
                    lobe: try r.optional(e, "lobe").map { try r.string($0, q + ".lobe") },
                    voxelCount: try r.optional(e, "voxelCount").map { try r.int($0, in: 0...Int(Int32.max), q + ".voxelCount") },
                    centroidMni: try r.optional(e, "centroidMni").map { try r.array($0, q + ".centroidMni").map { try r.double($0, q + ".centroidMni") } },
                    sourceColor: try r.optional(e, "sourceColor").map { try r.color($0, q + ".sourceColor") }))
            }
            atlases.append(Atlas(name: try r.string(a, "name", p), title: try r.string(a, "title", p),
                                 description: try r.string(a, "description", p), source: try r.string(a, "source", p),
                                 licence: try r.string(a, "licence", p), kind: try r.string(a, "kind", p), files: files,
                                 regions: regions))
        }
        return Catalog(formatVersion: try r.int(r.member(root, "formatVersion", ""), in: 0...1_000_000, "formatVersion"),
                       space: try r.string(root, "space", ""), template: try r.string(root, "template", ""),
                       meshes: meshes, atlases: atlases)
    }
}

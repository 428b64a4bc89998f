import BrainFormats

// Reading the catalog straight from its parsed JSON tree. Every command that touches the atlas
// reads the whole catalog first (for `where` it was about 40 % of the process), and the generic
// Codable path spends most of that in boxed containers and type look-ups for 800-odd regions.
// This reader walks the tree directly and gives up (nil) at the first member it does not expect;
// `Catalog.decode` then runs the Codable decoder on the same tree, which either reads the
// unusual-but-valid text (`2e0` for an id) or names the member at fault. `CatalogTests` checks
// that both readings of the bundled catalog are equal, so a field added to the Codable types and
// forgotten here fails there.
extension Catalog {
    init?(tree value: JSONValue) {
        guard case .object(let topList) = value, case let top = Members(topList),
              let formatVersion = top.int("formatVersion"), let space = top.string("space"),
              let template = top.string("template"),
              let meshes: [Mesh] = top.array("meshes", Mesh.init(tree:)),
              let atlases: [Atlas] = top.array("atlases", Atlas.init(tree:)) else { return nil }
        self.init(formatVersion: formatVersion, space: space, template: template, meshes: meshes, atlases: atlases)
    }
}

extension Catalog.Mesh {
    init?(tree value: JSONValue) {
        guard case .object(let mList) = value, case let m = Members(mList), let name = m.string("name"), let surface = m.string("surface"),
              let hemisphere = m.string("hemisphere").flatMap(Hemisphere.init(rawValue:)), let file = m.string("file"),
              let poi = m.optional("poi", { $0.stringValue }),
              let occlusion = m.optional("occlusion", { $0.stringValue }) else { return nil }
        self.init(name: name, surface: surface, hemisphere: hemisphere, file: file, poi: poi, occlusion: occlusion)
    }
}

extension Catalog.Atlas {
    init?(tree value: JSONValue) {
        guard case .object(let aList) = value, case let a = Members(aList), let name = a.string("name"), let title = a.string("title"),
              let description = a.string("description"), let source = a.string("source"),
              let licence = a.string("licence"), let kind = a.string("kind").flatMap(AtlasKind.init(rawValue:)),
              let files = a.member("files").flatMap(Catalog.Files.init(tree:)),
              let regions: [Catalog.RegionEntry] = a.array("regions", Catalog.RegionEntry.init(tree:)) else { return nil }
        self.init(name: name, title: title, description: description, source: source, licence: licence, kind: kind,
                  files: files, regions: regions)
    }
}

extension Catalog.Files {
    init?(tree value: JSONValue) {
        guard case .object(let fList) = value, case let f = Members(fList), let voi = f.optional("voi", { $0.stringValue }),
              let labels = f.optional("labels", { $0.stringValue }), let texts = f.optional("texts", { $0.stringValue }),
              let poi = f.optional("poi", { side -> Catalog.SidePaths? in
                  guard case .object(let list) = side, let left = Members(list).string("left"),
                        let right = Members(list).string("right") else { return nil }
                  return Catalog.SidePaths(left: left, right: right)
              }) else { return nil }
        self.init(voi: voi, labels: labels, poi: poi, texts: texts)
    }
}

extension Catalog.RegionEntry {
    init?(tree value: JSONValue) {
        guard case .object(let rList) = value, case let r = Members(rList), let id = r.int("id"), let name = r.string("name"),
              let sourceLabel = r.string("sourceLabel"),
              let hemisphere = r.string("hemisphere").flatMap(Hemisphere.init(rawValue:)),
              let color = r.member("color").flatMap(RGB.init(tree:)),
              let lobe = r.optional("lobe", { $0.stringValue }),
              let lobes = r.optional("lobes", { $0.elements { $0.stringValue } }),
              let voxelCount = r.optional("voxelCount", { $0.intValue }),
              let centroid = r.optional("centroidMni", { $0.elements { $0.number } }),
              let anchor = r.optional("anchorMni", { $0.elements { $0.number } }),
              let caveat = r.optional("caveat", { $0.stringValue }),
              let sourceColor = r.optional("sourceColor", RGB.init(tree:)),
              let cvdColor = r.optional("cvdColor", RGB.init(tree:)),
              let provenance = r.optional("provenance", Provenance.init(tree:)),
              let histologyLabels = r.optional("histologyLabels", { $0.elements { $0.stringValue } }) else { return nil }
        self.init(id: id, name: name, sourceLabel: sourceLabel, hemisphere: hemisphere, color: color, lobe: lobe,
                  lobes: lobes, voxelCount: voxelCount, centroidMni: centroid, anchorMni: anchor, caveat: caveat,
                  sourceColor: sourceColor, cvdColor: cvdColor, provenance: provenance, histologyLabels: histologyLabels)
    }
}

extension RGB {
    init?(tree value: JSONValue) {
        guard case .array(let c) = value, c.count == 3, case .int(let r) = c[0], case .int(let g) = c[1],
              case .int(let b) = c[2], let r8 = UInt8(exactly: r), let g8 = UInt8(exactly: g), let b8 = UInt8(exactly: b)
        else { return nil }
        self.init(r8, g8, b8)
    }
}

extension Provenance {
    init?(tree value: JSONValue) {
        guard case .object(let pList) = value, case let p = Members(pList), let kind = p.string("kind").flatMap(Kind.init(rawValue:)),
              let rule = p.string("rule"), let source = p.string("source") else { return nil }
        self.init(kind: kind, rule: rule, source: source)
    }
}

extension JSONValue {
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var intValue: Int? {
        if case .int(let i) = self { return i }
        return nil
    }

    /// Every element read by `read`; nil when this is not an array or any element does not read.
    func elements<T>(_ read: (JSONValue) -> T?) -> [T]? {
        guard case .array(let items) = self else { return nil }
        var out: [T] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let element = read(item) else { return nil }
            out.append(element)
        }
        return out
    }
}

/// Member look-ups on an object's members, the last of a repeated key winning (as the Codable
/// decoder reads them).
private struct Members {
    let list: [(key: String, value: JSONValue)]

    init(_ list: [(key: String, value: JSONValue)]) { self.list = list }

    func member(_ key: String) -> JSONValue? {
        var index = list.endIndex
        while index > list.startIndex {
            index -= 1
            if list[index].key == key { return list[index].value }
        }
        return nil
    }

    func string(_ key: String) -> String? { member(key)?.stringValue }
    func int(_ key: String) -> Int? { member(key)?.intValue }
    func array<T>(_ key: String, _ read: (JSONValue) -> T?) -> [T]? { member(key)?.elements(read) }

    /// An optional member: `.some(nil)` when absent or null, nil when present but unreadable.
    func optional<T>(_ key: String, _ read: (JSONValue) -> T?) -> T?? {
        guard let value = member(key), !value.isNull else { return .some(nil) }
        return read(value).map { .some($0) }
    }
}

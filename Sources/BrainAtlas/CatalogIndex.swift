import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `catalog.index`: the catalog in a compact binary form beside `catalog.json`, so a one-shot
/// command reads it without parsing 600 kB of JSON.
///
/// The JSON stays the source of truth. The index starts with the byte count and a content hash
/// of the JSON it was written from; an index that is missing, damaged, of another version or
/// written from other JSON is ignored and the JSON read as before. `build-atlas` writes both
/// (`build-atlas --index-only` rewrites the index of an existing folder).
public enum CatalogIndex {
    public static let fileName = "catalog.index"
    static let magic: [UInt8] = Array("BTCI".utf8)
    static let version: UInt32 = 1

    /// The index of `catalog`, as read from (or written as) the JSON bytes `json`.
    public static func encoded(_ catalog: Catalog, json: Data) -> Data {
        var w = CatalogIndexWriter()
        for b in magic { w.u8(b) }
        w.u32(version)
        w.u64(UInt64(json.count))
        w.u64(json.withUnsafeBytes(contentHash))
        w.int(catalog.formatVersion)
        w.string(catalog.space)
        w.string(catalog.template)
        w.array(catalog.meshes) { w, m in
            w.string(m.name); w.string(m.surface); w.string(m.hemisphere.rawValue); w.string(m.file)
            w.optional(m.poi) { $0.string($1) }
            w.optional(m.occlusion) { $0.string($1) }
        }
        w.array(catalog.atlases) { w, a in
            for s in [a.name, a.title, a.description, a.source, a.licence, a.kind.rawValue] { w.string(s) }
            w.optional(a.files.voi) { $0.string($1) }
            w.optional(a.files.labels) { $0.string($1) }
            w.optional(a.files.poi) { w, p in w.string(p.left); w.string(p.right) }
            w.optional(a.files.texts) { $0.string($1) }
            w.array(a.regions) { w, r in write(r, to: &w) }
        }
        return Data(w.bytes)
    }

    /// The catalog in `index` when it was written from exactly the JSON bytes `json`; nil otherwise.
    public static func decode(_ index: UnsafeRawBufferPointer, json: UnsafeRawBufferPointer) -> Catalog? {
        var r = CatalogIndexReader(index)
        do {
            for b in magic where try r.u8() != b { return nil }
            guard try r.u32() == version, try r.u64() == UInt64(json.count), try r.u64() == contentHash(json) else { return nil }
            let formatVersion = try r.int(), space = try r.string(), template = try r.string()
            let meshes = try r.array { r in
                Catalog.Mesh(name: try r.string(), surface: try r.string(), hemisphere: try r.value(Hemisphere.self),
                             file: try r.string(), poi: try r.optional { try $0.string() },
                             occlusion: try r.optional { try $0.string() })
            }
            let atlases = try r.array { r in
                let name = try r.string(), title = try r.string(), description = try r.string()
                let source = try r.string(), licence = try r.string(), kind = try r.value(AtlasKind.self)
                let files = Catalog.Files(voi: try r.optional { try $0.string() }, labels: try r.optional { try $0.string() },
                                          poi: try r.optional { r in
                                              Catalog.SidePaths(left: try r.string(), right: try r.string())
                                          },
                                          texts: try r.optional { try $0.string() })
                return Catalog.Atlas(name: name, title: title, description: description, source: source, licence: licence,
                                     kind: kind, files: files, regions: try r.array(readRegion))
            }
            guard r.isAtEnd else { return nil }
            return Catalog(formatVersion: formatVersion, space: space, template: template, meshes: meshes, atlases: atlases)
        } catch {
            return nil
        }
    }

    private static func write(_ r: Catalog.RegionEntry, to w: inout CatalogIndexWriter) {
        func rgb(_ w: inout CatalogIndexWriter, _ c: RGB) { w.u8(c.r); w.u8(c.g); w.u8(c.b) }
        w.int(r.id); w.string(r.name); w.string(r.sourceLabel); w.string(r.hemisphere.rawValue)
        rgb(&w, r.color)
        w.optional(r.lobe) { $0.string($1) }
        w.optional(r.lobes) { $0.array($1) { $0.string($1) } }
        w.optional(r.voxelCount) { $0.int($1) }
        w.optional(r.centroidMni) { $0.array($1) { $0.double($1) } }
        w.optional(r.anchorMni) { $0.array($1) { $0.double($1) } }
        w.optional(r.caveat) { $0.string($1) }
        w.optional(r.sourceColor, rgb)
        w.optional(r.cvdColor, rgb)
        w.optional(r.provenance) { w, p in w.string(p.kind.rawValue); w.string(p.rule); w.string(p.source) }
        w.optional(r.histologyLabels) { $0.array($1) { $0.string($1) } }
    }

    private static func readRegion(_ r: inout CatalogIndexReader) throws -> Catalog.RegionEntry {
        func rgb(_ r: inout CatalogIndexReader) throws -> RGB { RGB(try r.u8(), try r.u8(), try r.u8()) }
        func strings(_ r: inout CatalogIndexReader) throws -> [String] { try r.array { try $0.string() } }
        func numbers(_ r: inout CatalogIndexReader) throws -> [Double] { try r.array { try $0.double() } }
        let id = try r.int(), name = try r.string(), sourceLabel = try r.string(), hemisphere = try r.value(Hemisphere.self)
        let color = try rgb(&r)
        let lobe = try r.optional { try $0.string() }, lobes = try r.optional(strings)
        let voxelCount = try r.optional { try $0.int() }
        let centroid = try r.optional(numbers), anchor = try r.optional(numbers)
        let caveat = try r.optional { try $0.string() }
        let sourceColor = try r.optional(rgb), cvdColor = try r.optional(rgb)
        let provenance = try r.optional { r in
            Provenance(kind: try r.value(Provenance.Kind.self), rule: try r.string(), source: try r.string())
        }
        return Catalog.RegionEntry(id: id, name: name, sourceLabel: sourceLabel, hemisphere: hemisphere, color: color,
                                   lobe: lobe, lobes: lobes, voxelCount: voxelCount, centroidMni: centroid, anchorMni: anchor,
                                   caveat: caveat, sourceColor: sourceColor, cvdColor: cvdColor, provenance: provenance,
                                   histologyLabels: try r.optional(strings))
    }

    /// A 64-bit hash of the JSON bytes, eight bytes at a time in four independent lanes (a
    /// byte-wise hash of 600 kB would cost a millisecond of the start-up it saves). Each step is a
    /// bijection of its lane, so any one changed word changes the hash; it guards against a stale
    /// index, not against an adversary.
    static func contentHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var (a, b, c, d): (UInt64, UInt64, UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4,
                                                            0x2545_F491_4F6C_DD1D, 0x1656_67B1_9E37_79F9)
        func word(_ n: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: n * 8, as: UInt64.self).littleEndian }
        let words = bytes.count / 8
        var i = 0
        while i + 4 <= words {
            a = (a ^ word(i)) &* k
            b = (b ^ word(i + 1)) &* k
            c = (c ^ word(i + 2)) &* k
            d = (d ^ word(i + 3)) &* k
            i += 4
        }
        var tail = UInt64(bytes.count)
        for offset in stride(from: i * 8, to: bytes.count, by: 1) { tail = (tail ^ UInt64(bytes[offset])) &* k }
        return [a, b, c, d].reduce(tail) { ($0 ^ $1) &* k &+ ($0 >> 29) }
    }
}

extension CatalogIndex {
    /// The catalog from the index beside `jsonURL` when that index is current; nil otherwise.
    /// Both files are memory-mapped: the JSON is only hashed, never copied or parsed.
    static func read(besideJSON jsonURL: URL) -> Catalog? {
        let indexURL = jsonURL.deletingLastPathComponent().appendingPathComponent(fileName)
        guard let index = map(indexURL.path), let json = map(jsonURL.path) else { return nil }
        return decode(UnsafeRawBufferPointer(start: index.storage.base, count: index.count),
                      json: UnsafeRawBufferPointer(start: json.storage.base, count: json.count))
    }

    private static func map(_ path: String) -> (storage: LabelStorage, count: Int)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
              let storage = LabelStorage(mapping: path, length: Int(info.st_size)) else { return nil }
        return (storage, Int(info.st_size))
    }
}

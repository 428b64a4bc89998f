import Foundation
import Testing
@testable import BrainAtlas

@Suite struct CatalogIndexTests {
    static func catalogFolders() -> [URL] {
        [Fixture.atlasData, Fixture.repoAtlasData].filter {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("catalog.json").path)
        }
    }

    /// A folder holding `json` as catalog.json and `index` beside it.
    static func folder(json: Data, index: Data?) throws -> URL {
        let dir = Fixture.tempDir()
        try json.write(to: dir.appendingPathComponent("catalog.json"))
        if let index { try index.write(to: dir.appendingPathComponent(CatalogIndex.fileName)) }
        return dir
    }

    /// Every field of both catalogs survives the index (the bundled one has every optional
    /// region field somewhere), so a field added to the catalog and forgotten here fails.
    @Test func indexReadsBackEqualToTheJSON() throws {
        for root in Self.catalogFolders() {
            let json = try Data(contentsOf: root.appendingPathComponent("catalog.json"))
            let catalog = try Catalog.decode(json, path: "catalog.json")
            let index = CatalogIndex.encoded(catalog, json: json)
            let read = index.withUnsafeBytes { i in json.withUnsafeBytes { CatalogIndex.decode(i, json: $0) } }
            #expect(read == catalog)
            // The index is a fraction of the JSON it stands for.
            #expect(index.count * 2 < json.count)
        }
    }

    /// `Catalog.read` takes a current index: this one deliberately holds another title, which only
    /// the index can have supplied.
    @Test func readTakesACurrentIndex() throws {
        let json = try Data(contentsOf: Fixture.atlasData.appendingPathComponent("catalog.json"))
        var marked = try Catalog.decode(json, path: "catalog.json")
        marked.atlases[0].title = "Read from the index"
        let dir = try Self.folder(json: json, index: CatalogIndex.encoded(marked, json: json))
        #expect(try Catalog.read(from: dir.appendingPathComponent("catalog.json")).atlases[0].title == "Read from the index")
    }

    /// An index written from other JSON is ignored, even when only one byte or only the length differs.
    @Test func staleIndexIsIgnored() throws {
        let json = try Data(contentsOf: Fixture.atlasData.appendingPathComponent("catalog.json"))
        var marked = try Catalog.decode(json, path: "catalog.json")
        marked.atlases[0].title = "Read from the index"
        let index = CatalogIndex.encoded(marked, json: json)
        var edited = json
        let at = try #require(edited.firstIndex(of: UInt8(ascii: "g")))
        edited[at] = UInt8(ascii: "G")
        var longer = json
        longer.append(contentsOf: Array("\n".utf8))
        for other in [edited, longer] {
            let dir = try Self.folder(json: other, index: index)
            let read = try Catalog.read(from: dir.appendingPathComponent("catalog.json"))
            #expect(read == (try Catalog.decode(other, path: "catalog.json")))
            #expect(read.atlases[0].title != "Read from the index")
        }
    }

    /// A damaged index (cut short anywhere, a count beyond its bytes, another version) is refused
    /// without a crash or a huge allocation, and the JSON read instead.
    @Test func damagedIndexFallsBackToTheJSON() throws {
        let json = try Data(contentsOf: Fixture.atlasData.appendingPathComponent("catalog.json"))
        let catalog = try Catalog.decode(json, path: "catalog.json")
        let index = CatalogIndex.encoded(catalog, json: json)
        func decoded(_ bytes: Data) -> Catalog? {
            bytes.withUnsafeBytes { i in json.withUnsafeBytes { CatalogIndex.decode(i, json: $0) } }
        }
        for length in stride(from: 0, to: index.count, by: 7) { #expect(decoded(index.prefix(length)) == nil) }
        #expect(decoded(index + Data([0])) == nil)
        var version = index
        version[4] = 9
        #expect(decoded(version) == nil)
        // The meshes' count follows the 24-byte header, the format version and two strings.
        var hugeCount = index
        let spaceLength = Int(index[32]) + 4
        let templateLength = Int(index[32 + spaceLength]) + 4
        let countAt = 32 + spaceLength + templateLength
        hugeCount.replaceSubrange(countAt..<countAt + 4, with: [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(decoded(hugeCount) == nil)
        let dir = try Self.folder(json: json, index: index.prefix(index.count / 2))
        #expect(try Catalog.read(from: dir.appendingPathComponent("catalog.json")) == catalog)
    }

    /// The hash sees a change in every position, the tail bytes after the last whole word included.
    @Test func contentHashSeesEveryByte() {
        let bytes = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let base = bytes.withUnsafeBytes(CatalogIndex.contentHash)
        for at in bytes.indices {
            var changed = bytes
            changed[at] ^= 0x20
            #expect(changed.withUnsafeBytes(CatalogIndex.contentHash) != base, "byte \(at)")
        }
    }
}

import Foundation
import Testing
@testable import BrainAtlas
import BrainFormats

@Suite struct CatalogTests {
    @Test func readsTheFixtureCatalog() throws {
        let catalog = try Catalog.read(from: Fixture.atlasData.appendingPathComponent("catalog.json"))
        #expect(catalog.atlases.map(\.name) == ["gyri", "subcortical", "networks", "parcels"])
        #expect(catalog.atlases[0].files.poi?.left == "atlases/gyri.lh.poi.gz")
        #expect(catalog.atlases[0].regions[2].hemisphere == .right)
        #expect(catalog.atlases[0].regions[0].centroidMni == [-5.5, 0.5, 7.5])
        #expect(catalog.atlases[1].regions[2].lobe == nil)
    }

    @Test func writtenCatalogReadsBackEqualAndIsStable() throws {
        let catalog = try Catalog.read(from: Fixture.atlasData.appendingPathComponent("catalog.json"))
        let data = try catalog.encoded()
        #expect(try Catalog.decode(data, path: "x") == catalog)
        #expect(try catalog.encoded() == data)
        #expect(String(decoding: data, as: UTF8.self).contains(#""lobe" : null"#))
    }

    /// The direct tree reading (`CatalogReading`) and the Codable one agree on every member of
    /// the bundled catalog, which has every optional region field somewhere; a field added to the
    /// Codable types but not to the direct reading fails here.
    @Test func directReadingEqualsTheCodableReading() throws {
        for root in [Fixture.atlasData, Fixture.repoAtlasData] {
            let url = root.appendingPathComponent("catalog.json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let tree = try JSONValue.parse(Data(contentsOf: url))
            let direct = try #require(Catalog(tree: tree), "the direct reading gave up on \(url.path)")
            #expect(direct == (try JSONValueDecoder.decode(Catalog.self, from: tree)))
        }
        let fields = Fixture.repoAtlasData.appendingPathComponent("catalog.json")
        if FileManager.default.fileExists(atPath: fields.path) {
            let regions = try Catalog.read(from: fields).atlases.flatMap(\.regions)
            #expect(regions.contains { $0.provenance != nil } && regions.contains { $0.caveat != nil }
                    && regions.contains { $0.cvdColor != nil } && regions.contains { $0.lobes != nil })
        }
        // Valid but unusual text (an integral id written 2e0) is left to the Codable reading.
        let unusual = #"{"formatVersion": 1, "space": "s", "template": "t", "meshes": [], "atlases": [{"name": "a", "title": "", "description": "", "source": "", "licence": "", "kind": "volume", "files": {}, "regions": [{"id": 1e0, "name": "n", "sourceLabel": "n", "hemisphere": "none", "color": [1, 2, 3], "lobe": null}]}]}"#
        #expect(Catalog(tree: try JSONValue.parse(Data(unusual.utf8))) == nil)
        #expect(try Catalog.decode(Data(unusual.utf8), path: "c.json").atlases[0].regions[0].id == 1)
    }

    /// Catalogs written before the project had its own JSON writer must keep their bytes.
    @Test func catalogBytesMatchFoundationsEncoder() throws {
        for root in [Fixture.atlasData, Fixture.repoAtlasData] {
            let url = root.appendingPathComponent("catalog.json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let catalog = try Catalog.read(from: url)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            #expect(try catalog.encoded() == encoder.encode(catalog))
            #expect(try JSONDecoder().decode(Catalog.self, from: Data(contentsOf: url)) == catalog)
        }
    }

    @Test func badCatalogsNameFileFieldAndProblem() throws {
        let good = try String(contentsOf: Fixture.atlasData.appendingPathComponent("catalog.json"), encoding: .utf8)
        let wrongVersion = good.replacingOccurrences(of: #""formatVersion": 1"#, with: #""formatVersion": 7"#)
        #expect(throws: AtlasError.badCatalog("c.json", field: "formatVersion", problem: "version 7 is not supported (expected 1)")) {
            try Catalog.decode(Data(wrongVersion.utf8), path: "c.json")
        }
        let wrongId = good.replacingOccurrences(of: #""id": 2"#, with: #""id": 9"#)
        do {
            _ = try Catalog.decode(Data(wrongId.utf8), path: "c.json")
            Issue.record("accepted ids out of order")
        } catch let error as AtlasError {
            #expect(error.description.hasPrefix("c.json: atlases[gyri].regions[1].id: id 9 should be 2"))
        }
        let badHemisphere = good.replacingOccurrences(of: #""hemisphere": "none""#, with: #""hemisphere": "middle""#)
        do {
            _ = try Catalog.decode(Data(badHemisphere.utf8), path: "c.json")
            Issue.record("accepted a bad hemisphere")
        } catch let error as AtlasError {
            #expect(error.description.hasPrefix("c.json: atlases[1].regions[2].hemisphere:"), "\(error)")
        }
    }

    @Test func dataLocatorOrder() throws {
        let fixture = Fixture.atlasData.path
        #expect(try DataLocator.locate(explicit: fixture, environment: [:], executable: nil).path == fixture)
        #expect(try DataLocator.locate(explicit: nil, environment: ["BRAINTUTOR_DATA": fixture], executable: nil).path == fixture)
        // An executable inside the fixture tree finds AtlasData in a parent folder.
        let exe = Fixture.atlasData.deletingLastPathComponent().appendingPathComponent("bin/braintutor")
        #expect(try DataLocator.locate(explicit: nil, environment: [:], executable: exe).path == fixture)
        #expect(throws: AtlasError.self) { try DataLocator.locate(explicit: "/nonexistent", environment: [:], executable: nil) }
        #expect(throws: AtlasError.self) {
            try DataLocator.locate(explicit: nil, environment: ["BRAINTUTOR_DATA": "/nonexistent"], executable: nil)
        }
    }
}

/// The one search order for AtlasData, Shaders and Viewer (`ResourceFolder`).
@Suite struct ResourceFolderTests {
    @Test func searchPathGoesBesideTheExecutableThenUpThenToTheRepository() {
        let exe = URL(fileURLWithPath: "/opt/bt/bin/braintutor")
        for folder in ResourceFolder.allCases {
            let path = folder.searchPath(executables: [exe]).map(\.path)
            #expect(Array(path.prefix(3)) == ["/opt/bt/bin/\(folder.rawValue)", "/opt/bt/share/braintutor/\(folder.rawValue)",
                                              "/opt/bt/\(folder.rawValue)"])
            #expect(path.contains("/\(folder.rawValue)"))
            #expect(path.last == ResourceFolder.repositoryRoot.appendingPathComponent(folder.rawValue).standardizedFileURL.path)
            #expect(Set(path).count == path.count)
        }
    }

    @Test func aNamedFolderIsTheOnlyPlaceLookedAt() {
        let env = ["BRAINTUTOR_WEB": "/nonexistent/viewer"]
        #expect(ResourceFolder.viewer.locate(environment: env, executables: [])
            == .notThere(URL(fileURLWithPath: "/nonexistent/viewer"), source: "BRAINTUTOR_WEB=/nonexistent/viewer"))
        // The repository's own folders hold their markers, so with nothing named the search ends there.
        for folder in ResourceFolder.allCases {
            #expect(folder.locate(environment: [:], executables: [])
                == .found(ResourceFolder.repositoryRoot.appendingPathComponent(folder.rawValue).standardizedFileURL))
        }
    }
}

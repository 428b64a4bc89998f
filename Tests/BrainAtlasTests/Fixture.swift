import Foundation
@testable import BrainAtlas

/// Paths and a fresh library on the hand-made fixture (Tests/Fixtures/atlas-model).
enum Fixture {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let atlasData = testsDir.appendingPathComponent("Fixtures/atlas-model/AtlasData")
    static let repoAtlasData = testsDir.deletingLastPathComponent().appendingPathComponent("AtlasData")

    /// A scratch folder unique to one test.
    static func tempDir() -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("braintutor-model-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The fixture library with its own cache folder.
    static func library() throws -> AtlasLibrary {
        try AtlasLibrary(root: atlasData, cacheDirectory: tempDir())
    }

    /// The real AtlasData (`BRAINTUTOR_DATA` when set, so a fresh build can be tested before it is
    /// committed) when it has been built (its label volumes present), else nil.
    static func realLibrary() throws -> AtlasLibrary? {
        let root = ProcessInfo.processInfo.environment["BRAINTUTOR_DATA"].map { URL(fileURLWithPath: $0) } ?? repoAtlasData
        let catalog = root.appendingPathComponent("catalog.json")
        guard FileManager.default.fileExists(atPath: catalog.path),
              FileManager.default.fileExists(atPath: root.appendingPathComponent("labels/gyri.lbl.gz").path)
        else { return nil }
        return try AtlasLibrary(root: root, cacheDirectory: tempDir())
    }

    static func jsonObject(_ data: Data) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }
}

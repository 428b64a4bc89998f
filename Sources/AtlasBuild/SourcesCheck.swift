import Foundation

/// Checks the sources folder before any work, so a wrong `--sources` is named plainly instead of
/// surfacing as a read error deep in the build.
enum SourcesCheck {
    /// The shared inputs the recipe needs (per-hemisphere paths expanded), relative to the sources folder.
    static func requiredFiles(_ recipe: Recipe) -> [String] {
        let s = recipe.sources
        var files = [s.dkTable, s.dkVolume, s.aseg]
        for side in Side.allCases {
            for surface in ["pial", "white", "inflated", "sulc"] {
                files.append(side.path(s.surfaces.replacingOccurrences(of: "{surface}", with: surface)))
            }
            files.append(side.path(s.dkAnnotation))
        }
        return files + [s.template, s.colorLUT]
    }

    static func verify(_ root: URL, recipe: Recipe) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw BuildError(file: root.path, field: "--sources", problem: "sources folder \(root.path) not found")
        }
        guard isDirectory.boolValue else {
            throw BuildError(file: root.path, field: "--sources", problem: "sources folder \(root.path) is a file, not a folder")
        }
        let missing = requiredFiles(recipe).filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        guard missing.isEmpty else {
            let more = missing.count > 1 ? " (and \(missing.count - 1) more of the \(requiredFiles(recipe).count) inputs)" : ""
            throw BuildError(file: root.path, field: "--sources", problem: "sources folder \(root.path) lacks \(missing[0])\(more)")
        }
    }
}

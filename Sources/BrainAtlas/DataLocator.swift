import Foundation

/// Finds the AtlasData folder: `--data`, then `$BRAINTUTOR_DATA`, then `AtlasData/` next to the
/// executable or in any parent of it, then the repository this module was built from.
public enum DataLocator {
    /// The name of the folder searched beside the executable and in the repository.
    public static let folderName = "AtlasData"

    /// Resolves the data folder; `explicit` is the `--data` option. A folder counts only when it
    /// holds `catalog.json`, except an explicit one, which is reported as wrong when it does not.
    public static func locate(explicit: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = Bundle.main.executableURL) throws -> URL {
        if let explicit {
            let url = URL(fileURLWithPath: explicit).standardizedFileURL
            guard hasCatalog(url) else {
                throw AtlasError.unreadable(url.appendingPathComponent("catalog.json").path,
                                            reason: "--data \(explicit) holds no catalog.json")
            }
            return url
        }
        var searched: [String] = []
        if let env = environment["BRAINTUTOR_DATA"], !env.isEmpty {
            let url = URL(fileURLWithPath: env).standardizedFileURL
            guard hasCatalog(url) else {
                throw AtlasError.unreadable(url.appendingPathComponent("catalog.json").path,
                                            reason: "BRAINTUTOR_DATA=\(env) holds no catalog.json")
            }
            return url
        }
        if let executable {
            var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while true {
                let candidate = dir.appendingPathComponent(folderName)
                searched.append(candidate.path)
                if hasCatalog(candidate) { return candidate }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        let repo = repositoryRoot.appendingPathComponent(folderName)
        searched.append(repo.path)
        if hasCatalog(repo) { return repo }
        throw AtlasError.noData(searched: searched)
    }

    /// The repository root, from this source file's path (…/Sources/BrainAtlas/DataLocator.swift).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    static func hasCatalog(_ dir: URL) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent("catalog.json").path)
    }
}

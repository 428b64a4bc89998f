import Foundation

/// Finds the AtlasData folder: `--data`, then `$BRAINTUTOR_DATA`, then `AtlasData/` next to the
/// executable or in any parent of it, then the repository this module was built from.
public enum DataLocator {
    /// The name of the folder searched beside the executable and in the repository.
    public static let folderName = "AtlasData"

    /// Resolves the data folder; `explicit` is the `--data` option. A folder counts only when it
    /// holds `catalog.json`, except an explicit one, which is reported as wrong when it does not.
    /// The environment and the executable are looked at only when the search reaches them:
    /// `Bundle.main` lists the executable's whole folder, a third of a `where` in a build folder.
    public static func locate(explicit: String? = nil,
                              environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment,
                              executable: @autoclosure () -> URL? = runningExecutable()) throws -> URL {
        if let explicit {
            let url = URL(fileURLWithPath: explicit).standardizedFileURL
            guard hasCatalog(url) else {
                throw AtlasError.unreadable(url.appendingPathComponent("catalog.json").path,
                                            reason: "--data \(explicit) holds no catalog.json")
            }
            return url
        }
        var searched: [String] = []
        if let env = environment()["BRAINTUTOR_DATA"], !env.isEmpty {
            let url = URL(fileURLWithPath: env).standardizedFileURL
            guard hasCatalog(url) else {
                throw AtlasError.unreadable(url.appendingPathComponent("catalog.json").path,
                                            reason: "BRAINTUTOR_DATA=\(env) holds no catalog.json")
            }
            return url
        }
        if let executable = executable() {
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

    /// The running executable's real file (symlinks resolved), from `/proc/self/exe` where there
    /// is one (cheap), else from `Bundle.main`.
    public static func runningExecutable() -> URL? {
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: exe)
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
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

import Foundation

/// Finds the AtlasData folder by the one search order of `ResourceFolder`: `--data`, then
/// `$BRAINTUTOR_DATA`, then beside the executable, then its parents, then the repository.
public enum DataLocator {
    /// The name of the folder searched beside the executable and in the repository.
    public static let folderName = ResourceFolder.atlasData.rawValue

    /// Resolves the data folder; `explicit` is the `--data` option. A folder counts only when it
    /// holds `catalog.json`; an explicit or environment folder without one is reported as wrong.
    /// The environment and the executable are looked at only when the search reaches them.
    public static func locate(explicit: String? = nil,
                              environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment,
                              executable: @autoclosure () -> URL? = runningExecutable()) throws -> URL {
        let search = ResourceFolder.atlasData.locate(explicit: explicit.map { ($0, "--data \($0)") },
                                                     environment: environment(),
                                                     executables: executable().map { [$0] } ?? [])
        switch search {
        case .found(let url): return url
        case .notThere(let url, let source):
            throw AtlasError.unreadable(url.appendingPathComponent("catalog.json").path, reason: "\(source) holds no catalog.json")
        case .nowhere(let searched): throw AtlasError.noData(searched: searched.map(\.path))
        }
    }

    /// The running executable's real file (symlinks resolved).
    public static func runningExecutable() -> URL? { ResourceFolder.executableLocations().first }

    /// The repository root.
    public static var repositoryRoot: URL { ResourceFolder.repositoryRoot }
}

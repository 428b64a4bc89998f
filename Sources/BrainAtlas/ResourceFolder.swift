import Foundation

/// The folders the program reads at run time, found by one search order (docs/CONVENTIONS.md):
/// an explicit option, else the folder's environment variable (either, when given, is the only
/// place looked at); else, for the executable's real file and the path it was started as,
/// `NAME` beside it and `share/braintutor/NAME` above it (an install prefix); then `NAME` in
/// every parent folder of the executable; then the repository it was built from. A folder
/// counts only when it holds the folder's marker file.
public enum ResourceFolder: String, Sendable, CaseIterable {
    case atlasData = "AtlasData"
    case shaders = "Shaders"
    case viewer = "Viewer"

    /// The variable that names the folder.
    public var environmentKey: String {
        switch self {
        case .atlasData: return "BRAINTUTOR_DATA"
        case .shaders: return "BRAINTUTOR_SHADERS"
        case .viewer: return "BRAINTUTOR_WEB"
        }
    }

    /// A file every copy of the folder holds.
    public var marker: String {
        switch self {
        case .atlasData: return "catalog.json"
        case .shaders: return "lit.vert"
        case .viewer: return "index.html"
        }
    }

    /// The outcome of a search: the folder, or why there is none.
    public enum Search: Sendable, Equatable {
        case found(URL)
        /// An option or the variable (`source`) named a folder without the marker file.
        case notThere(URL, source: String)
        case nowhere(searched: [URL])
    }

    /// Searches in the order above; `explicit` is an option's value and its spelling.
    public func locate(explicit: (path: String, source: String)? = nil,
                       environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment,
                       executables: @autoclosure () -> [URL] = ResourceFolder.executableLocations()) -> Search {
        let given = explicit ?? environment()[environmentKey].flatMap { $0.isEmpty ? nil : ($0, "\(environmentKey)=\($0)") }
        if let given {
            let url = URL(fileURLWithPath: given.path).standardizedFileURL
            return holdsMarker(url) ? .found(url) : .notThere(url, source: given.source)
        }
        let path = searchPath(executables: executables())
        return path.first(where: holdsMarker).map { .found($0) } ?? .nowhere(searched: path)
    }

    /// The folders looked at when no option or variable names one, in order, without repeats.
    public func searchPath(executables: [URL]) -> [URL] {
        var folders: [URL] = []
        func add(_ url: URL) {
            let url = url.standardizedFileURL
            if !folders.contains(where: { $0.path == url.path }) { folders.append(url) }
        }
        let dirs = executables.map { $0.deletingLastPathComponent() }
        for dir in dirs {
            add(dir.appendingPathComponent(rawValue))
            add(dir.appendingPathComponent("../share/braintutor").appendingPathComponent(rawValue))
        }
        for start in dirs {
            var dir = start.deletingLastPathComponent()
            while !dir.path.isEmpty {
                add(dir.appendingPathComponent(rawValue))
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        add(Self.repositoryRoot.appendingPathComponent(rawValue))
        return folders
    }

    public func holdsMarker(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path)
    }

    /// The running executable: its real file (symlinks resolved, from `/proc/self/exe` where there
    /// is one, which is cheap) and, if different, the path it was started as (an installed
    /// symlink such as /usr/local/bin/braintutor).
    public static func executableLocations() -> [URL] {
        var urls: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            urls.append(URL(fileURLWithPath: exe))
        } else if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            urls.append(exe)
        }
        if let invoked = CommandLine.arguments.first, invoked.contains("/") {
            let url = URL(fileURLWithPath: invoked).standardizedFileURL
            if !urls.contains(where: { $0.path == url.path }) { urls.append(url) }
        }
        return urls
    }

    /// The repository root, from this source file's path (…/Sources/BrainAtlas/ResourceFolder.swift).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }
}

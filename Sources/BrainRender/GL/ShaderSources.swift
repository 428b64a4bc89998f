import BrainAtlas
import Foundation

/// Finds the GLSL files of `Shaders/`, so an installed binary works from any working directory:
/// `$BRAINTUTOR_SHADERS`; then beside the executable (`<exe dir>/Shaders`,
/// `<exe dir>/../share/braintutor/Shaders`, for the real file and for a symlink it was started
/// through); then `Shaders/` in any parent folder of the executable; then the repository this
/// file was compiled from.
struct ShaderSources: Sendable {
    let litVertex: String
    let litFragment: String
    let pickVertex: String
    let pickFragment: String
    let planeVertex: String
    let planeFragment: String

    static let fileNames = ["lit.vert", "lit.frag", "pick.vert", "pick.frag", "plane.vert", "plane.frag"]

    static func load() throws(RenderError) -> ShaderSources {
        switch cached {
        case .success(let sources): return sources
        case .failure(let error): throw error
        }
    }

    private static let cached = find(in: candidateFolders())

    /// The first folder holding all the files, or the error listing every folder tried.
    static func find(in folders: [String]) -> Result<ShaderSources, RenderError> {
        for folder in folders {
            let texts = fileNames.map { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
            if texts.allSatisfy({ $0 != nil }) {
                return .success(ShaderSources(litVertex: texts[0]!, litFragment: texts[1]!,
                                              pickVertex: texts[2]!, pickFragment: texts[3]!,
                                              planeVertex: texts[4]!, planeFragment: texts[5]!))
            }
        }
        return .failure(.shaderMissing(name: fileNames.joined(separator: ", "), searched: folders))
    }

    static func candidateFolders(environment: [String: String] = ProcessInfo.processInfo.environment,
                                 executables: [URL] = executableLocations()) -> [String] {
        var folders: [String] = []
        func add(_ url: URL) {
            let path = url.standardizedFileURL.path
            if !folders.contains(path) { folders.append(path) }
        }
        if let env = environment["BRAINTUTOR_SHADERS"], !env.isEmpty { add(URL(fileURLWithPath: env)) }
        let dirs = executables.map { $0.deletingLastPathComponent() }
        for dir in dirs {
            add(dir.appendingPathComponent("Shaders"))
            add(dir.appendingPathComponent("../share/braintutor/Shaders"))
        }
        for start in dirs {
            var dir = start.deletingLastPathComponent()
            while dir.path != "/" && !dir.path.isEmpty {
                add(dir.appendingPathComponent("Shaders"))
                dir = dir.deletingLastPathComponent()
            }
        }
        add(DataLocator.repositoryRoot.appendingPathComponent("Shaders"))
        return folders
    }

    /// The running executable: its real file (symlinks resolved) and, if different, the path it
    /// was started as (an installed symlink such as /usr/local/bin/braintutor).
    static func executableLocations() -> [URL] {
        var urls = DataLocator.runningExecutable().map { [$0] } ?? []
        if let invoked = CommandLine.arguments.first, invoked.contains("/") {
            let url = URL(fileURLWithPath: invoked).standardizedFileURL
            if !urls.contains(where: { $0.path == url.path }) { urls.append(url) }
        }
        return urls
    }
}

import BrainAtlas
import Foundation

/// Finds the GLSL files of `Shaders/` by `ResourceFolder`'s search order, so an installed binary
/// works from any working directory.
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

    /// Where `find` looks: `$BRAINTUTOR_SHADERS` alone when set, else `ResourceFolder`'s search path.
    static func candidateFolders(environment: [String: String] = ProcessInfo.processInfo.environment,
                                 executables: [URL] = ResourceFolder.executableLocations()) -> [String] {
        let folder = ResourceFolder.shaders
        if let env = environment[folder.environmentKey], !env.isEmpty { return [URL(fileURLWithPath: env).standardizedFileURL.path] }
        return folder.searchPath(executables: executables).map(\.path)
    }
}

import Foundation

/// Finds the GLSL files in `Shaders/`: `$BRAINTUTOR_SHADERS`, next to the executable or any
/// parent folder of it, then the repository this file was compiled from.
struct ShaderSources: Sendable {
    let litVertex: String
    let litFragment: String
    let pickVertex: String
    let pickFragment: String

    static let fileNames = ["lit.vert", "lit.frag", "pick.vert", "pick.frag"]

    static func load() throws(RenderError) -> ShaderSources {
        switch cached {
        case .success(let sources): return sources
        case .failure(let error): throw error
        }
    }

    private static let cached: Result<ShaderSources, RenderError> = {
        let folders = candidateFolders()
        for folder in folders {
            let texts = fileNames.map { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
            if texts.allSatisfy({ $0 != nil }) {
                return .success(ShaderSources(litVertex: texts[0]!, litFragment: texts[1]!,
                                              pickVertex: texts[2]!, pickFragment: texts[3]!))
            }
        }
        return .failure(.shaderMissing(name: fileNames.joined(separator: ", "), searched: folders))
    }()

    static func candidateFolders() -> [String] {
        var folders: [String] = []
        if let env = ProcessInfo.processInfo.environment["BRAINTUTOR_SHADERS"], !env.isEmpty {
            folders.append(env)
        }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            while dir.path != "/" {
                folders.append(dir.appendingPathComponent("Shaders").path)
                dir = dir.deletingLastPathComponent()
            }
        }
        // Sources/BrainRender/GL/ShaderSources.swift → repository root.
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(repo.appendingPathComponent("Shaders").path)
        return folders
    }
}

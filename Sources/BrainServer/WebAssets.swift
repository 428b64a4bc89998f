import Foundation
import Hummingbird

/// The web viewer's files (HTML, CSS, JavaScript), read once at start-up and served from memory.
///
/// Only the names listed here are ever served, so no request path reaches the file system.
struct WebAssets: Sendable {
    static let files: [(name: String, contentType: String)] = [
        ("index.html", "text/html; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"),
        ("scene-data.js", "text/javascript; charset=utf-8"),
        ("gl-renderer.js", "text/javascript; charset=utf-8"),
        ("gl-camera.js", "text/javascript; charset=utf-8"),
        ("gl-viewer.js", "text/javascript; charset=utf-8"),
        ("gl-mode.js", "text/javascript; charset=utf-8"),
        ("learn-memory.js", "text/javascript; charset=utf-8"),
        ("learn-view.js", "text/javascript; charset=utf-8"),
        ("learn.js", "text/javascript; charset=utf-8"),
        ("style.css", "text/css; charset=utf-8"),
        ("favicon.svg", "image/svg+xml"),
    ]

    let folder: URL
    private let contents: [String: (data: Data, contentType: String)]

    /// Loads every file from `folder`; a missing file is an error naming it.
    init(folder: URL) throws {
        var contents: [String: (Data, String)] = [:]
        for file in Self.files {
            let url = folder.appendingPathComponent(file.name)
            do {
                contents[file.name] = (try Data(contentsOf: url), file.contentType)
            } catch {
                throw ServerSetupError("\(url.path): cannot read the web viewer file (\(error.localizedDescription))")
            }
        }
        self.folder = folder
        self.contents = contents
    }

    /// Finds the folder: `$BRAINTUTOR_WEB`, then `Web/` beside the executable or in
    /// `share/braintutor/Web` above it, then this module's source folder.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                       executable: URL? = Bundle.main.executableURL) throws -> URL {
        var candidates: [URL] = []
        if let env = environment["BRAINTUTOR_WEB"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        if let executable {
            let dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            candidates.append(dir.appendingPathComponent("Web"))
            candidates.append(dir.deletingLastPathComponent().appendingPathComponent("share/braintutor/Web"))
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Web"))
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("index.html").path) {
            return candidate
        }
        throw ServerSetupError("no web viewer files (index.html) found; searched: "
            + candidates.map(\.path).joined(separator: ", "))
    }

    func response(for name: String) -> Response? {
        guard let file = contents[name] else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.cacheControl] = "no-cache"
        headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.data)))
    }
}

/// The server could not start: missing data, web files or a bad option.
public struct ServerSetupError: Error, CustomStringConvertible, LocalizedError {
    public let description: String
    init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}

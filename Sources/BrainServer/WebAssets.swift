import BrainAtlas
import Foundation
import Hummingbird

/// The web viewer's files (HTML, CSS, JavaScript, manifest, service worker), read once at
/// start-up and served from memory, gzip-encoded when the client accepts it, with an ETag.
///
/// Only the names listed here are ever served, so no request path reaches the file system.
struct WebAssets: Sendable {
    static let script = "text/javascript; charset=utf-8"
    static let files: [(name: String, contentType: String)] = [
        ("index.html", "text/html; charset=utf-8"),
        ("main.js", script),
        ("api.js", script),
        ("store.js", script),
        ("dom.js", script),
        ("images.js", script),
        ("brain.js", script),
        ("brain-gl.js", script),
        ("brain-image.js", script),
        ("controls.js", script),
        ("tabs.js", script),
        ("selection.js", script),
        ("slices.js", script),
        ("table.js", script),
        ("hook.js", script),
        ("offline.js", script),
        ("guide.js", script),
        ("select-fit.js", script),
        ("highlight.js", script),
        ("scene-data.js", script),
        ("contract.js", script),
        ("contract-version.js", script),
        ("pick-rules.js", script),
        ("border-split.js", script),
        ("gl-renderer.js", script),
        ("gl-camera.js", script),
        ("gl-viewer.js", script),
        ("planes.js", script),
        ("planes-gl.js", script),
        ("plane-volume.js", script),
        ("plane-tiles.js", script),
        ("planes-outline.js", script),
        ("planes-marker.js", script),
        ("planes-ray.js", script),
        ("cut-clip.js", script),
        ("coarse-mesh.js", script),
        ("gl-layers.js", script),
        ("learn.js", script),
        ("learn-memory.js", script),
        ("learn-view.js", script),
        ("map-panel.js", script),
        ("map-layer.js", script),
        ("map-colours.js", script),
        ("map-pick.js", script),
        ("style.css", "text/css; charset=utf-8"),
        ("favicon.svg", "image/svg+xml"),
        ("icon-192.png", "image/png"),
        ("icon-512.png", "image/png"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("sw.js", script),
    ]
    /// The service worker: the server writes the page's file list and their hash into it, so a
    /// changed file makes a new worker that fetches the new files once.
    static let worker = "sw.js"

    let folder: URL
    private let contents: [String: ImmutableBodies.Body]

    /// Loads every file from `folder`; a missing file is an error naming it.
    init(folder: URL) throws {
        var raw: [String: Data] = [:]
        for file in Self.files {
            let url = folder.appendingPathComponent(file.name)
            do {
                raw[file.name] = try Data(contentsOf: url)
            } catch {
                throw ServerSetupError("\(url.path): cannot read the web viewer file (\(error.localizedDescription))")
            }
        }
        raw["index.html"] = Self.fillPreloads(raw["index.html"] ?? Data(), names: Self.files.map(\.name))
        raw[Self.worker] = Self.fillWorker(raw, names: Self.files.map(\.name))
        var contents: [String: ImmutableBodies.Body] = [:]
        for file in Self.files {
            contents[file.name] = try ImmutableBodies.Body(raw[file.name] ?? Data(), contentType: file.contentType)
        }
        self.folder = folder
        self.contents = contents
    }

    /// Modules the page imports only when it needs them (statistical maps, once the server lists
    /// some): no preload, so the first brain carries none of their bytes.
    static let onDemand: Set<String> = ["map-panel.js", "map-layer.js", "map-colours.js"]

    /// The page with `<!-- @MODULES@ -->` replaced by a `modulepreload` link per script, so the
    /// browser fetches every module at once instead of one import level per round trip.
    static func fillPreloads(_ page: Data, names: [String]) -> Data {
        let links = names.filter { $0.hasSuffix(".js") && $0 != worker && !onDemand.contains($0) }
            .map { "<link rel=\"modulepreload\" href=\"/\($0)\">" }.joined(separator: "\n")
        return Data(String(decoding: page, as: UTF8.self).replacingOccurrences(of: "<!-- @MODULES@ -->", with: links).utf8)
    }

    /// The worker with `@SHELL@` (the page's paths) and `@BUILD@` (a hash of all files) filled in.
    static func fillWorker(_ raw: [String: Data], names: [String]) -> Data {
        let shell = ["/"] + names.filter { $0 != worker && $0 != "index.html" }.map { "/" + $0 }
        var all = Data()
        for name in names where name != worker { all.append(raw[name] ?? Data()) }
        let text = String(decoding: raw[worker] ?? Data(), as: UTF8.self)
            .replacingOccurrences(of: "\"@SHELL@\"", with: shell.map { "\"\($0)\"" }.joined(separator: ", "))
            .replacingOccurrences(of: "@BUILD@", with: ImmutableBodies.digest(all))
        return Data(text.utf8)
    }

    /// Finds the folder by `ResourceFolder`'s search order (`$BRAINTUTOR_WEB`, then `Viewer/`
    /// beside the executable or in `share/braintutor/` above it, its parents, the repository).
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                       executables: [URL] = ResourceFolder.executableLocations()) throws -> URL {
        switch ResourceFolder.viewer.locate(environment: environment, executables: executables) {
        case .found(let url): return url
        case .notThere(let url, let source):
            throw ServerSetupError("\(source): \(url.path) holds no web viewer (index.html)")
        case .nowhere(let searched):
            throw ServerSetupError("no web viewer files (index.html) found; searched: " + searched.map(\.path).joined(separator: ", "))
        }
    }

    /// The file, revalidated on every use (`no-cache` with its ETag: a 304 when unchanged).
    func response(for name: String, request: Request) -> Response? {
        guard let body = contents[name] else { return nil }
        var response = ImmutableBodies.response(body, request: request, cacheControl: "no-cache")
        response.headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'"
        return response
    }
}

/// The server could not start: missing data, web files or a bad option.
public struct ServerSetupError: Error, CustomStringConvertible, LocalizedError {
    public let description: String
    init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}

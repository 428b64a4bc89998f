import BrainFormats
import Foundation
import Hummingbird
import Synchronization

/// Response bodies that never change while the server runs (scene data, shaders), built once
/// per key, kept with their gzip form and an ETag, and sent with a long `Cache-Control` so a
/// browser loads each one once.
final class ImmutableBodies: Sendable {
    struct Body: Sendable {
        let raw: Data
        let gzip: Data
        let etag: String
        let contentType: String

        /// `raw` with its gzip form and ETag.
        init(_ raw: Data, contentType: String) throws {
            self.raw = raw
            self.gzip = try Gzip.compress(raw, level: 6)
            self.etag = "\"\(ImmutableBodies.digest(raw))\""
            self.contentType = contentType
        }

        /// The ETag without its quotes: the `v` of the URLs that name this body.
        var version: String { etag.trimmingCharacters(in: ["\""]) }
    }

    /// For a URL naming the body's version (`?v=`, as the scene JSON hands them out): new data gets
    /// a new URL, so a browser or CDN may keep this one for a year without asking again. Identical
    /// server processes give identical versions (a hash of the bytes), so a CDN in front of several
    /// holds one copy.
    static let versionedCacheControl = "public, max-age=31536000, immutable"
    /// Without a version, or with one the server no longer has: kept, but revalidated by ETag.
    static let unversionedCacheControl = "no-cache"

    /// Made outside the lock (two first requests may both make a body; the last one stays).
    private let bodies = Mutex<[String: Body]>([:])

    /// The body for `key`, made by `make` on first use.
    func body(_ key: String, contentType: String, make: () throws -> Data) throws -> Body {
        if let cached = bodies.withLock({ $0[key] }) { return cached }
        let body = try Body(try make(), contentType: contentType)
        bodies.withLock { $0[key] = body }
        return body
    }

    /// 304 when the client holds this version, else the body, gzip-encoded if the client accepts it.
    /// `cacheControl` nil: immutable when the query's `v` names the current version (`version`, by
    /// default the body's own), else revalidated.
    static func response(_ body: Body, request: Request, cacheControl: String? = nil, version: String? = nil) -> Response {
        var headers = HTTPFields()
        headers[.eTag] = body.etag
        headers[.cacheControl] = cacheControl
            ?? (requestedVersion(request) == (version ?? body.version) ? versionedCacheControl : unversionedCacheControl)
        headers[.vary] = "Accept-Encoding"
        if let match = request.headers[.ifNoneMatch],
           match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == body.etag }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = body.contentType
        let accepts = (request.headers[.acceptEncoding] ?? "").lowercased().contains("gzip")
        if accepts { headers[.contentEncoding] = "gzip" }
        let bytes = accepts ? body.gzip : body.raw
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The `v` of the request's query, if any.
    static func requestedVersion(_ request: Request) -> String? {
        for pair in (request.uri.query ?? "").split(separator: "&") where pair.hasPrefix("v=") {
            return String(pair.dropFirst(2))
        }
        return nil
    }

    /// FNV-1a 64: a fast content hash for ETags (not a security property).
    static func digest(_ data: Data) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }
}

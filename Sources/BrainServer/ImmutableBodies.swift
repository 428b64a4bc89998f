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
    }

    /// A week: the URLs the scene JSON hands out carry the ETag (`?v=`), so new data gets new URLs.
    static let cacheControl = "public, max-age=604800"

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
    static func response(_ body: Body, request: Request, cacheControl: String = cacheControl) -> Response {
        var headers = HTTPFields()
        headers[.eTag] = body.etag
        headers[.cacheControl] = cacheControl
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

    /// FNV-1a 64: a fast content hash for ETags (not a security property).
    static func digest(_ data: Data) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }
}

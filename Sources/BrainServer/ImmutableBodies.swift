import BrainFormats
import Foundation
import Hummingbird

/// Response bodies that never change while the server runs (scene data, shaders), built once
/// per key, kept with their gzip form and an ETag, and sent with a long `Cache-Control` so a
/// browser loads each one once.
final class ImmutableBodies: @unchecked Sendable {
    // @unchecked: `bodies` is guarded by `lock`; the stored bodies are immutable.
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

    private let lock = NSLock()
    private var bodies: [String: Body] = [:]

    /// The body for `key`, made by `make` on first use.
    func body(_ key: String, contentType: String, make: () throws -> Data) throws -> Body {
        lock.lock()
        if let cached = bodies[key] { lock.unlock(); return cached }
        lock.unlock()
        let raw = try make()
        let body = try Body(raw, contentType: contentType)
        lock.lock()
        bodies[key] = body
        lock.unlock()
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

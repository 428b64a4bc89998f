import Foundation
import Hummingbird

/// Builders for the two kinds of body the API sends: JSON and PNG.
enum HTTPResponses {
    /// Made once: every JSON answer carries the same two.
    private static let jsonHeaders: HTTPFields = {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return headers
    }()

    static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The same for JSON written as text (no copy through `Data`).
    static func json(_ text: String) -> Response {
        Response(status: .ok, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func png(_ data: Data) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        // The same query always draws the same bytes, so browsers may keep them briefly.
        headers[.cacheControl] = "public, max-age=300"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

import Foundation
import Hummingbird

/// Builders for the two kinds of body the API sends: JSON and PNG.
enum HTTPResponses {
    static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func png(_ data: Data) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        // The same query always draws the same bytes, so browsers may keep them briefly.
        headers[.cacheControl] = "public, max-age=300"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

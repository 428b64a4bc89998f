import BrainAtlas
import BrainFormats
import Foundation
import Hummingbird

/// An error a request handler answers with: an HTTP status and a `{"error": "…"}` body.
public struct APIError: Error, HTTPResponseError, CustomStringConvertible, Sendable {
    public let status: HTTPResponse.Status
    public let message: String

    public init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, message) }

    /// The one place error bodies are written, so every error has the same shape.
    static func jsonResponse(status: HTTPResponse.Status, message: String, allow: String? = nil) -> Response {
        let data = (try? BrainJSON.encode(["error": message])) ?? Data(#"{"error":"internal error"}"#.utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }  // overload is momentary
        if let allow { headers[.allow] = allow }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

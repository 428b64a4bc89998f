import BrainAtlas
import BrainMaps
import BrainRender
import BrainSlice
import Hummingbird

// The one mapping from the libraries' errors to HTTP, in Hummingbird's own way: each error type
// says its status, and `RequestLogMiddleware` answers any `HTTPResponseError` with its response.
// A request's mistake is a 4xx carrying the library's message with its field spelled as a query
// key; a renderer that cannot start is a 503; anything else (unreadable data) a 500.

/// An error answered as `{"error": message}` with `status`.
protocol JSONResponseError: HTTPResponseError {
    var message: String { get }
}

extension JSONResponseError {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        APIError.jsonResponse(status: status, message: message)
    }
}

extension FieldError: HTTPResponseError, JSONResponseError {
    public var status: HTTPResponse.Status { .badRequest }
    var message: String { QueryWording.message(self) }
}

extension RenderError: HTTPResponseError, JSONResponseError {
    public var status: HTTPResponse.Status {
        switch self {
        case .invalid, .pixelOutside: .badRequest
        case .unknownRegion: .notFound
        case .libraryMissing, .contextFailed: .serviceUnavailable
        default: .internalServerError
        }
    }

    var message: String { status == .serviceUnavailable ? RendererUnavailable(underlying: self).description : QueryWording.message(self) }
}

extension AtlasError: HTTPResponseError, JSONResponseError {
    public var status: HTTPResponse.Status {
        switch self {
        case .unknownAtlas, .noMatch, .notInAtlas, .areaNotInAtlas: .notFound
        case .outsideVolume, .badArgument, .invalid: .badRequest
        default: .internalServerError
        }
    }

    var message: String { QueryWording.message(self) }
}

extension SliceError: HTTPResponseError, JSONResponseError {
    public var status: HTTPResponse.Status {
        switch self {
        case .unknownRegion: .notFound
        case .unreadable: .internalServerError
        default: .badRequest
        }
    }

    var message: String { QueryWording.message(self) }
}

/// A map the request names cannot be drawn as asked (its `map` number or name, its file): a 400.
extension MapsError: HTTPResponseError, JSONResponseError {
    public var status: HTTPResponse.Status { .badRequest }
}

extension RendererUnavailable: HTTPResponseError, JSONResponseError {
    var status: HTTPResponse.Status { .serviceUnavailable }
    var message: String { description }
}

extension APIError: JSONResponseError {}

import Foundation
import Hummingbird
import Logging

/// Logs one line per request (method, path, status, milliseconds) and turns every error
/// into the API's `{"error": "…"}` shape with a fitting status. Methods no route takes (all but
/// GET, HEAD and the ones routes refuse themselves: `Router.readOnly`) are 405 on any path.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        if request.method != .get && request.method != .head && !Router<Context>.refusedMethods.contains(request.method) {
            response = Router<Context>.methodNotAllowed(request)
        } else if let query = request.uri.query, query.utf8.count > QueryParameters.maximumLength {
            response = APIError.jsonResponse(status: .uriTooLong,
                message: "query is \(query.utf8.count) bytes; the limit is \(QueryParameters.maximumLength)")
        } else {
            do {
                response = try await next(request, context)
            } catch {
                response = Self.errorResponse(error, request: request, context: context)
            }
        }
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info("\(request.method.rawValue) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", ms))ms")
        return response
    }

    /// Hummingbird's own errors (no route: 404) in the API's shape; every other error that knows
    /// its response (`LibraryErrors+HTTP.swift`) gives it; anything else is a 500.
    static func errorResponse(_ error: any Error, request: Request, context: Context) -> Response {
        switch error {
        case let error as HTTPError:
            let message = error.body ?? (error.status == .notFound ? "no such endpoint" : error.status.reasonPhrase)
            return APIError.jsonResponse(status: error.status, message: message)
        case let error as any HTTPResponseError:
            if let response = try? error.response(from: request, context: context) { return response }
            return APIError.jsonResponse(status: error.status, message: String(describing: error))
        default:
            return APIError.jsonResponse(status: .internalServerError, message: String(describing: error))
        }
    }
}

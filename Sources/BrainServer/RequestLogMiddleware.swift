import Foundation
import Hummingbird
import Logging

/// Logs one line per request (method, path, status, milliseconds) and turns every error
/// into the API's `{"error": "…"}` shape with a fitting status (405 for any method other than
/// GET/HEAD: every route is registered with `router.get`, so no other method is ever routed).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        if request.method != .get && request.method != .head {
            response = APIError.jsonResponse(status: .methodNotAllowed,
                message: "\(request.method.rawValue) is not allowed on \(request.uri.path); use GET (or HEAD)",
                allow: "GET, HEAD")
        } else if let query = request.uri.query, query.utf8.count > QueryParameters.maximumLength {
            response = APIError.jsonResponse(status: .uriTooLong,
                message: "query is \(query.utf8.count) bytes; the limit is \(QueryParameters.maximumLength)")
        } else {
            do {
                response = try await next(request, context)
            } catch {
                response = Self.errorResponse(error)
            }
        }
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info("\(request.method.rawValue) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", ms))ms")
        return response
    }

    static func errorResponse(_ error: any Error) -> Response {
        switch error {
        case let error as APIError:
            return APIError.jsonResponse(status: error.status, message: error.message)
        case let error as HTTPError:
            let message = error.body ?? (error.status == .notFound ? "no such endpoint" : error.status.reasonPhrase)
            return APIError.jsonResponse(status: error.status, message: message)
        case let error as RendererUnavailable:
            return APIError.jsonResponse(status: .serviceUnavailable, message: error.description)
        default:
            return APIError.jsonResponse(status: .internalServerError, message: String(describing: error))
        }
    }
}

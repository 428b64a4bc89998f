import Hummingbird

extension Router {
    /// Methods a client may try on a resource; on every route they answer 405 naming the ones it
    /// takes. Methods no route of this server takes at all (CONNECT, TRACE, OPTIONS, unknown
    /// ones) are answered 405 before routing (`RequestLogMiddleware`).
    static var refusedMethods: [HTTPRequest.Method] { [.post, .put, .delete, .patch] }

    /// A GET route (HEAD answers alike: `autoGenerateHeadEndpoints`); the route also answers the
    /// refused methods with 405, so which paths give 405 rather than 404 follows from the routes.
    @discardableResult
    func readOnly(_ path: RouterPath, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator)
        -> Self {
        get(path, use: handler)
        for method in Self.refusedMethods {
            on(path, method: method) { request, _ in Self.methodNotAllowed(request) }
        }
        return self
    }

    /// The route of an API endpoint (`Endpoint.all`, which docs/SERVER.md lists).
    @discardableResult
    func readOnly(_ endpoint: Endpoint, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator)
        -> Self {
        readOnly(endpoint.routerPath, use: handler)
    }

    static func methodNotAllowed(_ request: Request) -> Response {
        APIError.jsonResponse(status: .methodNotAllowed,
                              message: "\(request.method.rawValue) is not allowed on \(request.uri.path); use GET (or HEAD)",
                              allow: "GET, HEAD")
    }
}

// The router is built once and only read after, as Vapor's own responder uses it.
@preconcurrency import RoutingKit
import Vapor

/// The application's responder, in place of Vapor's: finds the route with one look-up that
/// also tells a wrong method (405) from an unknown address (404), then runs the application's
/// middleware, the route's and its handler in one task (`InlineResponder`).
///
/// Vapor's responder runs each application middleware in a task of its own, answering the one
/// before through a future (seven of them, before the route's own), works the path out of its
/// `URLComponents` once for itself and once for the middleware that ask, and, with a second
/// router for the methods an address takes, each request was routed twice.
struct RouteResponder: Responder {
    /// An address (a route's path, its parameters unnamed) and what answers there.
    private struct Address: Sendable {
        /// By method name (`HTTPMethod` is not `Hashable`).
        let routes: [String: Answering]
        /// The answer to any other method: 405, naming the methods it takes (a GET route takes
        /// HEAD too).
        let notAllowed: InlineResponder
    }

    /// A route, its parameters' positions in the path, and its middleware chain.
    private struct Answering: Sendable {
        let route: Route
        let parameters: [(index: Int, name: String)]
        let responder: InlineResponder
    }

    private let router: TrieRouter<Address>
    private let notFound: InlineResponder

    /// `middleware`: the application's, outermost first, all of them `AsyncMiddleware` (each
    /// calls the next in the same task).
    init(routes: Routes, middleware: [any Middleware]) {
        let middleware = middleware.map { middleware in
            guard let middleware = middleware as? any AsyncMiddleware else {
                preconditionFailure("the application's middleware run in one task, so each is an AsyncMiddleware")
            }
            return middleware
        }
        var addresses: [[PathComponent]: [String: Answering]] = [:]
        for route in routes.all {
            let path = route.path.filter { $0 != .constant("") }
            precondition(!path.contains(.catchall), "no route takes a catch-all path")
            // Parameters in one position are one node of the router, whatever their names, and
            // a route's are set by position once it is chosen.
            let address = [Self.root] + path.map { if case .parameter = $0 { .anything } else { $0 } }
            let parameters = path.enumerated().compactMap { index, component -> (index: Int, name: String)? in
                if case .parameter(let name) = component { (index, name) } else { nil }
            }
            let responder: InlineResponder =
                if let inner = route.responder as? InlineResponder {
                    InlineResponder(middleware: middleware + inner.middleware, handler: inner.handler)
                } else {
                    InlineResponder(middleware: middleware, handler: route.responder)
                }
            addresses[address, default: [:]][route.method.rawValue] = Answering(
                route: route, parameters: parameters, responder: responder)
        }
        let router = TrieRouter(Address.self)
        for (path, routes) in addresses {
            var allowed = routes.keys.map { HTTPMethod(rawValue: $0) }
            if routes["GET"] != nil, routes["HEAD"] == nil { allowed.append(.HEAD) }
            let notAllowed = InlineResponder(middleware: middleware, handler: Refusing(error: MethodNotAllowed(allowed: allowed)))
            router.register(Address(routes: routes, notAllowed: notAllowed), at: path)
        }
        self.router = router
        notFound = InlineResponder(middleware: middleware, handler: Refusing(error: Abort(.notFound)))
    }

    /// The router's first component, so that the root ("/") is an address like any other.
    private static let root = PathComponent.constant("/")

    func respond(to request: Request) -> EventLoopFuture<Response> {
        let promise = request.eventLoop.makePromise(of: Response.self)
        promise.completeWithTask { try await answer(request) }
        return promise.futureResult
    }

    private func answer(_ request: Request) async throws -> Response {
        // Split as bytes: a split by characters was about a twenty-fifth of a kept read's CPU.
        let path = request.urlPath.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        var unnamed = Parameters()
        guard let address = router.route(path: ["/"] + path, parameters: &unnamed) else {
            return try await notFound.respond(to: request)
        }
        // A HEAD goes to the GET route unless the address has a HEAD route of its own, as in Vapor.
        guard let answering = address.routes[request.method.rawValue] ?? (request.method == .HEAD ? address.routes["GET"] : nil)
        else {
            // Asked before the parameters: `PUT /recurring-transactions/pending` is a method the
            // address `/recurring-transactions/pending` does not take, even though `PUT
            // /recurring-transactions/{id}` would take "pending" for an id.
            return try await address.notAllowed.respond(to: request)
        }
        for (index, name) in answering.parameters { request.parameters.set(name, to: path[index]) }
        request.route = answering.route
        return try await answering.responder.respond(to: request)
    }

    /// Answers with `error`, for the middleware to turn into the JSON error or the error page.
    private struct Refusing: Responder {
        let error: any Error
        func respond(to request: Request) -> EventLoopFuture<Response> { request.eventLoop.makeFailedFuture(error) }
    }
}

/// A request for an address that exists, with a method it does not take, is answered 405 with
/// an `Allow` header naming the methods it takes (RFC 9110), not 404: the address is right and
/// the method is what to change. API paths answer the JSON error, web paths the error page.
struct MethodNotAllowed: AbortError {
    let allowed: [HTTPMethod]

    var status: HTTPResponseStatus { .methodNotAllowed }
    var reason: String { "This address does not take that method; it takes \(allowList)" }
    var headers: HTTPHeaders { ["Allow": allowList] }

    private var allowList: String {
        let order: [HTTPMethod] = [.GET, .HEAD, .POST, .PUT, .PATCH, .DELETE]
        return allowed.sorted { (order.firstIndex(of: $0) ?? order.count) < (order.firstIndex(of: $1) ?? order.count) }
            .map(\.rawValue).joined(separator: ", ")
    }
}

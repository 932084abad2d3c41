import AllowanceAPI
// The router is built once and only read after, as Vapor's own responder uses it.
@preconcurrency import RoutingKit
import Vapor

/// A request for an address that exists, with a method it does not take, is answered 405 with
/// an `Allow` header naming the methods it takes (RFC 9110), not 404: the address is right and
/// the method is what to change. API paths answer the JSON error, web paths the error page.
struct MethodNotAllowedMiddleware: AsyncMiddleware {
    private let router: TrieRouter<[HTTPMethod]>

    /// Reads every registered route; add it after the routes.
    init(routes: Routes) {
        var methods: [String: (path: [PathComponent], methods: [HTTPMethod])] = [:]
        for route in routes.all {
            let path = route.path.filter { $0 != .constant("") }
            // Parameters in one position are one node of the router, whatever their names.
            let key = path.map { component -> String in
                if case .constant(let text) = component { return text }
                return ":"
            }.joined(separator: "/")
            methods[key, default: (path, [])].methods.append(route.method)
        }
        let router = TrieRouter([HTTPMethod].self)
        // The router cannot hold the root ("/"), which only redirects anyway.
        for (path, allowed) in methods.values where !path.isEmpty {
            // A GET answers HEAD too (Vapor sends HEAD to the GET route).
            router.register(allowed.contains(.GET) ? allowed + [.HEAD] : allowed, at: path)
        }
        self.router = router
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        // Asked before routing: `PUT /recurring-transactions/pending` is a method the address
        // `/recurring-transactions/pending` does not take, even though `PUT
        // /recurring-transactions/{id}` would take "pending" for an id.
        var parameters = Parameters()
        // Split as bytes: a split by characters was about a twenty-fifth of a kept read's CPU.
        let path = request.urlPath.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        if let allowed = router.route(path: path, parameters: &parameters), !allowed.contains(request.method) {
            throw MethodNotAllowed(allowed: allowed)
        }
        return try await next.respond(to: request)
    }
}

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

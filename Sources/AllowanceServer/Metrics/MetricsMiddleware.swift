import Vapor

/// Counts and times every request by method, route and status. The route is the registered
/// pattern (`/api/v1/children/:childId/transactions`), never the path a caller sent, so the
/// number of series stays bounded however many ids and wrong addresses arrive; every path that
/// matches no route is one label, `unmatched`.
struct MetricsMiddleware: AsyncMiddleware {
    let metrics: ServerMetrics

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next.respond(to: request)
            record(request, status: response.status.code, since: start)
            return response
        } catch {
            // Only a bug gets past AppErrorMiddleware, and Vapor answers it 500.
            record(request, status: HTTPStatus.internalServerError.code, since: start)
            throw error
        }
    }

    private func record(_ request: Request, status: UInt, since start: ContinuousClock.Instant) {
        metrics.recordRequest(
            method: Self.methods.contains(request.method) ? request.method.rawValue : "OTHER", route: Self.label(request.route),
            status: status, duration: start.duration(to: .now))
    }

    /// Any other method is one label: a caller can send any word as a method.
    static let methods: [HTTPMethod] = [.GET, .HEAD, .POST, .PUT, .PATCH, .DELETE, .OPTIONS]

    static func label(_ route: Route?) -> String {
        guard let route else { return "unmatched" }
        return "/" + route.path.filter { $0 != .constant("") }.map(\.description).joined(separator: "/")
    }
}

extension Application {
    /// `GET /metrics`, registered only when the server was started with `METRICS=1`: without
    /// it the address is unknown (404) like any other. It names no family or person, only routes,
    /// jobs and counts; still, keep it behind the proxy, for the operators' eyes.
    func registerMetricsRoute() {
        guard let metrics else { return }
        get("metrics") { _ in
            // Spelled out: HTTPMediaType keeps its parameters in a dictionary, in no fixed order.
            let headers: HTTPHeaders = ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"]
            return Response(status: .ok, headers: headers, body: .init(string: metrics.text))
        }
    }
}

import NIOConcurrencyHelpers
import Vapor

/// On shutdown, stops the HTTP server before anything else, then waits for the requests still
/// being answered. Vapor closes the server and the databases together at the very end; a
/// request still running then found its database gone and the process crashed (Fluent's
/// `req.db` unwraps it) instead of finishing. Closing the server first lets requests in flight
/// finish and answer (up to the server's shutdown timeout) while the databases are still open.
/// A request whose client has already gone is not one the server waits for, though: its
/// handler runs on with no connection behind it (a load generator that stops mid-request, a
/// phone that loses its network), so shutdown also waits, up to `patience`, until
/// `RequestsInFlight` counts none. Registered last, so it runs first.
struct StopServingFirst: LifecycleHandler {
    static let patience: Duration = .seconds(10)

    let requests: RequestsInFlight

    func shutdownAsync(_ application: Application) async {
        await application.server.shutdown()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.patience)
        while requests.count > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// Counts the requests whose handlers are running, connection or not. First in the chain.
final class RequestsInFlight: AsyncMiddleware, Sendable {
    private let running = NIOLockedValueBox(0)

    var count: Int { running.withLockedValue { $0 } }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        running.withLockedValue { $0 += 1 }
        defer { running.withLockedValue { $0 -= 1 } }
        return try await next.respond(to: request)
    }
}

import Vapor

/// Adds `Server-Timing: app;dur=<ms>` to every response: how long the server spent on it,
/// which browsers' developer tools show and the benchmark reads for page render times.
struct ServerTimingMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next.respond(to: request)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        response.headers.replaceOrAdd(name: "Server-Timing", value: String(format: "app;dur=%.2f", milliseconds))
        return response
    }
}

import Vapor

/// Adds `Server-Timing: app;dur=<ms>` to every response: how long the server spent on it,
/// which browsers' developer tools show and the benchmark reads for page render times.
struct ServerTimingMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next.respond(to: request)
        let elapsed = ContinuousClock.now - start
        response.headers.replaceOrAdd(name: "Server-Timing", value: "app;dur=" + Self.milliseconds(elapsed))
        return response
    }

    /// The duration in milliseconds with two decimals ("12.05"), written out by hand:
    /// `String(format:)` went through Foundation's formatter, a hundredth of a posting's CPU.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + (attoseconds + 5_000_000_000_000) / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}

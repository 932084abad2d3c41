import AllowanceKit
import ArgumentParser
import Foundation

/// The `Idempotency-Key` of one money move from the terminal. Each run is a new attempt with
/// a new key, unless `--idempotency-key` repeats an earlier one whose answer never came: the
/// server then moves the money at most once, however often the command is run with that key.
struct MoneyAttempt: ParsableArguments {
    @Option(
        name: .customLong("idempotency-key"),
        help: "Repeat an earlier try that got no answer, with the key its error printed (the money moves at most once).")
    var idempotencyKey: String?

    /// Runs `move` with this attempt's key. When its outcome is unknown (no answer, or one that
    /// cannot be read), says so and how to finish it safely; `check` is the command that shows
    /// whether it happened.
    func run<T>(check: String, _ move: (String) async throws -> T) async throws -> T {
        let key = idempotencyKey ?? UUID().uuidString
        do {
            return try await move(key)
        } catch let error as APIError where error.leavesOutcomeUnknown {
            throw CLIError(
                "\(Self.reason(error)), so the money may or may not have moved. Run the same command again with "
                    + "--idempotency-key \(key) to finish it without moving the money twice, or check `\(check)` first.")
        }
    }

    private static func reason(_ error: APIError) -> String {
        switch error {
        case .unreachable(let server): "The connection to the server at \(server) failed"
        case .timedOut: "The server did not answer in time"
        case .unreadableResponse(let status): "The server's answer could not be read (HTTP \(status))"
        case .server(let status, _, let message): "The server failed (HTTP \(status): \(message))"
        case .signedOut: "The session ended"
        }
    }
}

import AllowanceAPI
import Foundation

/// Every way a call can fail, each ending in something a person can act on. `message` is
/// shown to people as it is: the server's own words for a refusal, plain advice otherwise.
public enum APIError: Error, Sendable, Equatable {
    /// The server refused with `{"error": {"code", "message"}}` (a 4xx, or a 5xx it explained).
    case server(status: Int, code: String, message: String)
    /// No connection: the server is not running, not reachable, or the line dropped before an answer.
    case unreachable(server: String)
    /// The server took too long. A money move may have happened; repeating it with the same
    /// `Idempotency-Key` (which this client does) never moves money twice.
    case timedOut
    /// There is no live session (never signed in, expired, or signed out elsewhere): sign in again.
    case signedOut
    /// An answer this client cannot read (another server version, or not this API).
    case unreadableResponse(status: Int)

    /// The sentence to show.
    public var message: String {
        switch self {
        case .server(_, _, let message): message
        case .unreachable(let server):
            "Could not reach the server at \(server). Check that it is running and that you are online, then try again."
        case .timedOut: "The server did not answer in time. Try again: a repeated request never moves money twice."
        case .signedOut: "Your session has ended. Please sign in again."
        case .unreadableResponse(let status): "The server's answer could not be read (HTTP \(status)). Is this an AllowanceTracker server?"
        }
    }

    /// The server's error code, when it is one this client knows (`.insufficientBalance`, ...).
    public var code: ErrorCode? {
        guard case .server(_, let code, _) = self else { return nil }
        return ErrorCode(rawValue: code)
    }

    /// Whether a money move that failed this way may still have happened: no answer came, or
    /// one this client cannot read (a proxy's 502 after the server had committed). The only
    /// safe retry then sends the same `Idempotency-Key`. After a server failure (5xx) the
    /// server keeps the key free, so the same key is safe there too; a refusal (4xx) is kept
    /// under its key, so a new attempt needs a new one.
    public var leavesOutcomeUnknown: Bool {
        switch self {
        case .unreachable, .timedOut, .unreadableResponse: true
        case .server(let status, _, _): status >= 500
        case .signedOut: false
        }
    }

    /// The HTTP status of a refusal.
    public var status: Int? {
        switch self {
        case .server(let status, _, _), .unreadableResponse(let status): status
        default: nil
        }
    }
}

extension APIError: LocalizedError {
    public var errorDescription: String? { message }
}

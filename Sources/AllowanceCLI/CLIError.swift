import AllowanceKit
import Foundation

/// A refusal by the command itself (before or beside the server's), with the sentence to print.
struct CLIError: Error, Sendable {
    let message: String

    init(_ message: String) { self.message = message }

    static let notSignedIn = CLIError(
        "Not signed in. Run `allowance login --server URL --email EMAIL`, or set ALLOWANCE_SERVER and ALLOWANCE_TOKEN.")
}

extension APIError {
    /// What the terminal says: the client's sentence, plus what gets a person going again (a
    /// token from the environment is used before the saved session, so signing in would not help).
    func terminalMessage(environment: [String: String]) -> String {
        switch self {
        case .signedOut where !(environment["ALLOWANCE_TOKEN"] ?? "").isEmpty:
            "ALLOWANCE_TOKEN is no longer a live session. Set a new one, or unset it to use the session `allowance login` saves."
        case .signedOut: message + " Run `allowance login` to sign in."
        default: message
        }
    }
}

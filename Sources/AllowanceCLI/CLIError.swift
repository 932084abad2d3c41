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
    /// What the terminal says: the client's sentence, plus the command that gets a person going again.
    var terminalMessage: String {
        switch self {
        case .signedOut: message + " Run `allowance login` to sign in."
        default: message
        }
    }
}

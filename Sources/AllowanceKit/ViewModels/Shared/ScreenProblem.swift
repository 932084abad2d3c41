import Foundation

/// What a screen says when something went wrong, and whether the way on is signing in again
/// (an expired or ended session), so every view model turns errors into words the same way.
public struct ScreenProblem: Equatable, Sendable {
    public let message: String
    /// True when the session has ended: the app should go back to the sign-in screen.
    public let needsSignIn: Bool

    /// A problem found before anything was sent ("Email is required").
    public init(_ message: String) {
        self.message = message
        self.needsSignIn = false
    }

    /// A failure of a call: the `APIError`'s sentence (the server's own words for a refusal).
    public init(_ error: any Error) {
        switch error {
        case let error as APIError:
            self.message = error.message
            self.needsSignIn = error == .signedOut
        case is CancellationError:
            self.message = "Cancelled. Try again."
            self.needsSignIn = false
        default:
            self.message = "Something went wrong: \(error.localizedDescription). Try again."
            self.needsSignIn = false
        }
    }

    /// True when the failure means no answer came (a device copy may be shown instead).
    static func isUnreachable(_ error: any Error) -> Bool {
        switch error as? APIError {
        case .unreachable, .timedOut: true
        default: false
        }
    }
}

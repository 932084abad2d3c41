import AllowanceCore
import Foundation
import Observation

/// The sign-in screen (App Screens 1.1): a parent or a child signs in with email and password.
@MainActor @Observable
public final class LoginViewModel {
    public var email = ""
    public var password = ""
    public var rememberMe = false
    public private(set) var isLoading = false
    public private(set) var problem: ScreenProblem?
    /// Who signed in; the app routes on `role`.
    public private(set) var signedIn: AuthResponse?

    private let client: APIClient

    public init(client: APIClient) { self.client = client }

    public var isAuthenticated: Bool { signedIn != nil }
    public var errorMessage: String? { problem?.message }

    /// The first problem with the fields, in the document's order, or nil.
    public var validationMessage: String? {
        AccountValidation.emailProblem(email) ?? (password.isEmpty ? "Password is required" : nil)
    }

    public func login() async {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return
        }
        isLoading = true
        defer { isLoading = false }
        problem = nil
        do {
            signedIn = try await client.login(
                email: email.trimmingCharacters(in: .whitespaces), password: password, rememberMe: rememberMe)
        } catch {
            problem = ScreenProblem(error)
        }
    }

    public func clearError() { problem = nil }
}

import AllowanceCore
import Foundation
import Observation

/// The sign-up screen (App Screens 1.2): a parent makes an account and a family, and is signed in.
@MainActor @Observable
public final class RegisterParentViewModel {
    public var email = ""
    public var password = ""
    public var confirmPassword = ""
    public var firstName = ""
    public var lastName = ""
    public var familyName = ""
    /// IANA zone of the family's paydays; the device's zone unless changed.
    public var timeZone = TimeZone.current.identifier
    public private(set) var isLoading = false
    public private(set) var problem: ScreenProblem?
    public private(set) var registered: AuthResponse?

    private let client: APIClient

    public init(client: APIClient) { self.client = client }

    public var isRegistered: Bool { registered != nil }
    public var errorMessage: String? { problem?.message }
    public var passwordStrength: PasswordStrength { PasswordStrength(of: password) }

    /// The first problem with the fields, in the document's order, or nil.
    public var validationMessage: String? {
        AccountValidation.emailProblem(email)
            ?? AccountValidation.newPasswordProblem(password)
            ?? (password == confirmPassword ? nil : "Passwords do not match")
            ?? AccountValidation.requiredProblem(firstName, label: "First name")
            ?? AccountValidation.requiredProblem(lastName, label: "Last name")
            ?? AccountValidation.requiredProblem(familyName, label: "Family name")
    }

    public func register() async {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return
        }
        isLoading = true
        defer { isLoading = false }
        problem = nil
        do {
            registered = try await client.registerParent(
                RegisterParentRequest(
                    email: email.trimmingCharacters(in: .whitespaces), password: password, firstName: firstName.trimmed,
                    lastName: lastName.trimmed, familyName: familyName.trimmed, timeZone: timeZone))
        } catch {
            problem = ScreenProblem(error)
        }
    }

    public func clearError() { problem = nil }
}

extension String {
    /// Without the spaces a person typed around a name.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

import AllowanceCore
import Foundation
import Observation

/// Editing one's own name and email (App Screens 5.2).
@MainActor @Observable
public final class EditProfileViewModel {
    public var firstName = ""
    public var lastName = ""
    public var email = ""
    public private(set) var isLoading = false
    public private(set) var problem: ScreenProblem?
    public private(set) var isSaved = false

    private let client: APIClient
    private var original: UserResponse?

    public init(client: APIClient) { self.client = client }

    public var errorMessage: String? { problem?.message }

    public var validationMessage: String? {
        AccountValidation.requiredProblem(firstName, label: "First name")
            ?? AccountValidation.requiredProblem(lastName, label: "Last name")
            ?? AccountValidation.emailProblem(email)
    }

    public func load() async {
        do {
            let user = try await client.me()
            original = user
            firstName = user.firstName
            lastName = user.lastName
            email = user.email
        } catch {
            problem = ScreenProblem(error)
        }
    }

    /// Sends only what changed.
    public func save() async {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return
        }
        isLoading = true
        defer { isLoading = false }
        problem = nil
        isSaved = false
        let change = UpdateProfileRequest(
            firstName: firstName.trimmed == original?.firstName ? nil : firstName.trimmed,
            lastName: lastName.trimmed == original?.lastName ? nil : lastName.trimmed,
            email: email.trimmed == original?.email ? nil : email.trimmed)
        do {
            original = try await client.updateProfile(change)
            isSaved = true
        } catch {
            problem = ScreenProblem(error)
        }
    }

    public func clearError() { problem = nil }
}

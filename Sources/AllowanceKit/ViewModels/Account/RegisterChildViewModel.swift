import AllowanceCore
import Foundation
import Observation

/// Adding a child (App Screens 1.3, parents): the child's login, weekly allowance and payday.
@MainActor @Observable
public final class RegisterChildViewModel {
    public var email = ""
    public var password = ""
    public var confirmPassword = ""
    public var firstName = ""
    public var lastName = ""
    /// As typed: "10", "7.50".
    public var weeklyAllowance = ""
    /// Left nil, the server pays on Saturdays.
    public var allowanceDay: Weekday?
    /// Money the child already has, as typed; empty for none.
    public var initialBalance = ""
    public private(set) var isLoading = false
    public private(set) var problem: ScreenProblem?
    public private(set) var registered: ChildResponse?

    private let client: APIClient

    public init(client: APIClient) { self.client = client }

    public var isRegistered: Bool { registered != nil }
    public var errorMessage: String? { problem?.message }

    /// The first problem with the fields, in the document's order, or nil.
    public var validationMessage: String? {
        AccountValidation.emailProblem(email)
            ?? AccountValidation.newPasswordProblem(password)
            ?? (password == confirmPassword ? nil : "Passwords do not match")
            ?? AccountValidation.requiredProblem(firstName, label: "First name")
            ?? AccountValidation.requiredProblem(lastName, label: "Last name")
            ?? AccountValidation.requiredProblem(weeklyAllowance, label: "Weekly allowance")
            ?? Self.amountProblem(weeklyAllowance, "Please enter a valid allowance amount")
            ?? (initialBalance.trimmed.isEmpty ? nil : Self.amountProblem(initialBalance, "Please enter a valid starting balance"))
    }

    public func register() async {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return
        }
        guard let allowance = MoneyField.parse(weeklyAllowance) else { return }
        isLoading = true
        defer { isLoading = false }
        problem = nil
        do {
            registered = try await client.registerChild(
                RegisterChildRequest(
                    email: email.trimmed, password: password, firstName: firstName.trimmed, lastName: lastName.trimmed,
                    weeklyAllowance: allowance, allowanceDay: allowanceDay, initialBalance: MoneyField.parse(initialBalance)))
        } catch {
            problem = ScreenProblem(error)
        }
    }

    public func clearError() { problem = nil }

    /// Zero is a valid allowance; a negative amount or one that is not money is not.
    private static func amountProblem(_ text: String, _ message: String) -> String? {
        guard let amount = MoneyField.parse(text), !amount.isNegative else { return message }
        return nil
    }
}

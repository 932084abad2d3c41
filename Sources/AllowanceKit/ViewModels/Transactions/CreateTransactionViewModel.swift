import AllowanceCore
import Foundation
import Observation

/// Recording money in or out for a child (App Screens 4.4, parents). The new balance is
/// previewed as the amount is typed, and spending more than the child has is said before
/// anything is sent. A retry after no answer reuses the attempt's `Idempotency-Key`, so the
/// money moves once however often the person presses the button.
@MainActor @Observable
public final class CreateTransactionViewModel {
    public private(set) var children: [ChildResponse] = []
    public var selectedChildId: UUID?
    public var type = TransactionType.credit
    /// As typed: "5", "2.50".
    public var amount = ""
    public var description = ""
    public var category = ""
    public private(set) var isLoading = false
    public private(set) var problem: ScreenProblem?
    public private(set) var created: TransactionResponse?

    private let client: APIClient
    private let format: DisplayFormat
    private var attempt = AttemptKey()

    public init(client: APIClient, childId: UUID? = nil, format: DisplayFormat = DisplayFormat()) {
        self.client = client
        self.selectedChildId = childId
        self.format = format
    }

    public var selectedChild: ChildResponse? { children.first { $0.id == selectedChildId } }
    public var isCreated: Bool { created != nil }
    public var errorMessage: String? { problem?.message }
    public var parsedAmount: Money? { MoneyField.parse(amount) }

    /// Current and new balance, once a child and a valid amount are chosen.
    public var preview: BalancePreview? {
        guard let child = selectedChild, let amount = parsedAmount, amount.isPositive else { return nil }
        let after = type == .credit ? child.currentBalance + amount : child.currentBalance - amount
        return BalancePreview(currentText: format.money(child.currentBalance), newText: format.money(after), isOverdrawn: after.isNegative)
    }

    /// Said before sending, in the server's words: "Insufficient balance: Kai has $100.00".
    public var insufficientFundsMessage: String? {
        guard type == .debit, let child = selectedChild, let amount = parsedAmount, amount > child.currentBalance else { return nil }
        return "Insufficient balance: \(child.firstName) has \(child.currentBalance.formatted)"
    }

    /// The first problem with the form, or nil.
    public var validationMessage: String? {
        if selectedChild == nil { return "Please select a child" }
        return MoneyField.positiveAmountProblem(amount) ?? AccountValidation.requiredProblem(description, label: "Description")
            ?? insufficientFundsMessage
    }

    public var canCreate: Bool { validationMessage == nil && !isLoading }

    /// The family's children; the first is chosen unless one was given.
    public func loadChildren() async {
        do {
            children = try await client.children()
            if selectedChild == nil { selectedChildId = children.first?.id }
        } catch {
            problem = ScreenProblem(error)
        }
    }

    public func create() async {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return
        }
        guard let childId = selectedChildId, let amount = parsedAmount else { return }
        let request = CreateTransactionRequest(
            childId: childId, amount: amount, type: type, description: description.trimmed,
            category: category.trimmed.isEmpty ? nil : category.trimmed)
        let key = attempt.key(for: "\(childId) \(type) \(amount.cents) \(request.description) \(request.category ?? "")")
        isLoading = true
        defer { isLoading = false }
        problem = nil
        do {
            created = try await client.createTransaction(request, idempotencyKey: key)
            attempt.settle(nil)
            await refreshChild(childId)
        } catch {
            problem = ScreenProblem(error)
            attempt.settle(error)
        }
    }

    /// The key a retry would send, when the last attempt's outcome is unknown (for tests and logs).
    public var retryKey: String? { attempt.retryKey }

    /// Starts a new entry for the same child, after one was recorded.
    public func reset() {
        amount = ""
        description = ""
        category = ""
        created = nil
        problem = nil
        attempt.forget()
    }

    public func clearError() { problem = nil }

    private func refreshChild(_ childId: UUID) async {
        guard let child = try? await client.child(childId), let index = children.firstIndex(where: { $0.id == childId }) else { return }
        children[index] = child
    }
}

/// The balance card under the form.
public struct BalancePreview: Equatable, Sendable {
    public let currentText: String
    public let newText: String
    public let isOverdrawn: Bool

    public init(currentText: String, newText: String, isOverdrawn: Bool) {
        self.currentText = currentText
        self.newText = newText
        self.isOverdrawn = isOverdrawn
    }
}

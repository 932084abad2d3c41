import AllowanceCore
import Foundation
import Observation

/// Making or changing a recurring transaction: what, how much, how often, from when.
@MainActor @Observable
public final class RecurringEditorViewModel {
    public var childId: UUID?
    public var name = ""
    /// As typed.
    public var amount = ""
    public var type = TransactionType.credit
    public var pattern = RecurrencePattern.weekly
    /// 0 = Sunday ... 6 = Saturday, for weekly and bi-weekly schedules.
    public var dayOfWeek = 6
    /// 1...31, for monthly schedules.
    public var dayOfMonth = 1
    public var startDate: Date
    public var requiresApproval = false
    public private(set) var saved: RecurringTransactionDto?
    public private(set) var problem: ScreenProblem?
    public private(set) var isSaving = false

    private let client: APIClient
    /// The schedule being changed; nil for a new one.
    public let recurringId: UUID?

    /// A new schedule for `childId`, or a change to `existing`.
    public init(client: APIClient, childId: UUID? = nil, existing: RecurringTransactionDto? = nil, now: Date = Date()) {
        self.client = client
        self.childId = existing?.childId ?? childId
        recurringId = existing?.id
        startDate = existing?.startDate ?? now
        guard let existing else { return }
        name = existing.name
        amount = existing.amount.plainText
        type = existing.type
        pattern = existing.pattern
        dayOfWeek = existing.dayOfWeek ?? dayOfWeek
        dayOfMonth = existing.dayOfMonth ?? dayOfMonth
        requiresApproval = existing.requiresApproval
    }

    public var isSaved: Bool { saved != nil }

    public var validationMessage: String? {
        if childId == nil { return "Please select a child" }
        return AccountValidation.requiredProblem(name, label: "Name") ?? MoneyField.positiveAmountProblem(amount)
            ?? (pattern == .monthly && !(1...31).contains(dayOfMonth) ? "Please choose a day of the month from 1 to 31" : nil)
    }

    public func save() async {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return
        }
        guard let childId, let amount = MoneyField.parse(amount) else { return }
        isSaving = true
        defer { isSaving = false }
        problem = nil
        let weekDay = pattern == .weekly || pattern == .biWeekly ? dayOfWeek : nil
        let monthDay = pattern == .monthly ? dayOfMonth : nil
        do {
            if let recurringId {
                saved = try await client.updateRecurringTransaction(
                    recurringId,
                    UpdateRecurringTransactionDto(
                        name: name.trimmed, amount: amount, pattern: pattern, dayOfWeek: weekDay, dayOfMonth: monthDay,
                        requiresApproval: requiresApproval))
            } else {
                saved = try await client.createRecurringTransaction(
                    CreateRecurringTransactionDto(
                        childId: childId, name: name.trimmed, amount: amount, type: type, pattern: pattern, dayOfWeek: weekDay,
                        dayOfMonth: monthDay, startDate: startDate, requiresApproval: requiresApproval))
            }
        } catch {
            problem = ScreenProblem(error)
        }
    }
}

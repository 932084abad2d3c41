import AllowanceCore
import Foundation

/// One recurring transaction in the list (Quick Actions' RecurringTransactionRow).
public struct RecurringRow: Equatable, Sendable, Identifiable {
    public let id: UUID
    public let name: String
    public let childName: String
    /// "Every Saturday", the server's words.
    public let patternText: String
    /// "Next: Nov 28, 2026".
    public let nextText: String
    /// "+$10.00" / "-$4.99".
    public let amountText: String
    public let isCredit: Bool
    public let isPaused: Bool
    public let requiresApproval: Bool

    public var accessibilityLabel: String {
        "\(name) for \(childName), \(amountText), \(patternText), \(nextText)" + (isPaused ? ", paused" : "")
            + (requiresApproval ? ", needs approval" : "")
    }

    public init(_ schedule: RecurringTransactionDto, format: DisplayFormat = DisplayFormat()) {
        id = schedule.id
        name = schedule.name
        childName = schedule.childName
        patternText = schedule.patternDescription
        nextText = "Next: \(format.date(schedule.nextExecutionDate))"
        isCredit = schedule.type == .credit
        amountText = format.signedMoney(schedule.type.signed(schedule.amount))
        isPaused = schedule.isPaused
        requiresApproval = schedule.requiresApproval
    }
}

/// An occurrence held for a parent's approval.
public struct PendingRow: Equatable, Sendable, Identifiable {
    public let id: UUID
    /// "Kai: Streaming subscription".
    public let title: String
    public let amountText: String
    /// "Due Nov 28, 2026".
    public let dueText: String

    public init(_ occurrence: PendingRecurringOccurrenceDto, format: DisplayFormat = DisplayFormat()) {
        id = occurrence.id
        title = "\(occurrence.childName): \(occurrence.name)"
        amountText = format.signedMoney(occurrence.type.signed(occurrence.amount))
        dueText = "Due \(format.date(occurrence.dueDate))"
    }
}

extension RecurringListViewModel {
    public func row(_ schedule: RecurringTransactionDto, format: DisplayFormat = DisplayFormat()) -> RecurringRow {
        RecurringRow(schedule, format: format)
    }

    public func pendingRow(_ occurrence: PendingRecurringOccurrenceDto, format: DisplayFormat = DisplayFormat()) -> PendingRow {
        PendingRow(occurrence, format: format)
    }
    /// Held occurrences still waiting (approved and rejected ones drop out).
    public var waiting: [PendingRecurringOccurrenceDto] { pending.filter { $0.status == .pending } }
}

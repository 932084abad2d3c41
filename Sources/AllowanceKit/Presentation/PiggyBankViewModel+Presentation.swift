import AllowanceCore
import Foundation

/// One row of a tally's history (piggy-bank.md: timestamp, amount, optional note).
public struct TallyEntryRow: Equatable, Sendable, Identifiable {
    public let id: UUID
    /// The note, or "Added" / "Spent" without one.
    public let title: String
    /// "+$5.00" / "-$5.00".
    public let amountText: String
    public let isCredit: Bool
    public let dateText: String
    public let balanceAfterText: String

    public var accessibilityLabel: String { "\(title), \(amountText), \(dateText), balance after \(balanceAfterText)" }
}

extension PiggyBankViewModel {
    /// The row's quick button: "Subtract $5.00".
    public var quickSubtractTitle: String { "Subtract \(format.money(Self.quickSubtractAmount))" }

    public func historyRow(_ entry: TallyEntry) -> TallyEntryRow {
        TallyEntryRow(
            id: entry.id, title: entry.note ?? (entry.type == .credit ? "Added" : "Spent"),
            amountText: format.signedMoney(entry.type.signed(entry.amount)), isCredit: entry.type == .credit,
            dateText: format.dateTime(entry.date), balanceAfterText: format.money(entry.balanceAfter))
    }

    /// "Kai, $100.00".
    public func accessibilityLabel(_ tally: Tally) -> String { "\(tally.name), \(balanceText(tally))" }

    /// The tally as it is now (after a change on its detail screen), or as given.
    public func current(_ tally: Tally) -> Tally { tallies.first { $0.id == tally.id } ?? tally }

    /// Bound to the delete confirmation: dismissing it cancels.
    public var isConfirmingDelete: Bool {
        get { pendingDeletion != nil }
        set { if !newValue { cancelDelete() } }
    }
}

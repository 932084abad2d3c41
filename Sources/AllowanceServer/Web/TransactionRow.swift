import AllowanceAPI
import AllowanceCore
import Foundation

/// One ledger row as lists show it.
struct TransactionRow: Encodable {
    let id: UUID
    let description: String
    let note: String?
    let when: String
    let amount: String
    let isCredit: Bool
    let balanceAfter: String
    let createdByName: String?

    init(_ entry: TransactionResponse, calendar: FamilyCalendar) {
        id = entry.id
        description = entry.description
        note = entry.notes
        when = calendar.displayDateTime(entry.createdAt)
        amount = (entry.type == .credit ? "+" : "-") + entry.amount.formatted
        isCredit = entry.type == .credit
        balanceAfter = entry.balanceAfter.formatted
        createdByName = entry.createdByName
    }
}

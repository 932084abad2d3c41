import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// One ledger row as lists show it.
struct TransactionRow: Encodable, Hashable, Sendable {
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

extension TransactionRow {
    /// What `transaction-row.leaf` reads.
    private struct Fragment: Encodable, Hashable, Sendable { let row: TransactionRow }

    /// Each entry's row as HTML, made by `transaction-row.leaf` once and kept (`Fragments`): a
    /// list made afresh after a posting has one new row.
    static func html(_ entries: [TransactionResponse], calendar: FamilyCalendar, on req: Request) async throws -> [String] {
        var html: [String] = []
        html.reserveCapacity(entries.count)
        for entry in entries {
            html.append(try await req.fragment("transaction-row", Fragment(row: TransactionRow(entry, calendar: calendar))))
        }
        return html
    }
}

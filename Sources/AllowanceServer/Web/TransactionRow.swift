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
    private struct Fragment: Encodable { let row: TransactionRow }

    /// What a row's HTML is made from. A ledger entry is never changed once posted, so its id
    /// stands for its own fields; the family's zone (which writes its time) and the name of who
    /// posted it can change.
    private struct Key: Hashable, Sendable {
        let id: UUID
        let zone: String
        let createdByName: String?
    }

    /// Each entry's row as HTML, made by `transaction-row.leaf` once and kept (`Fragments`): a
    /// list made afresh after a posting has one new row, and only that row's time and amounts
    /// are written out (its date alone took a twentieth of a child's page made afresh). The rows
    /// come joined, in order (`HTMLList`).
    static func html(_ entries: [TransactionResponse], calendar: FamilyCalendar, on req: Request) async throws -> HTMLList {
        var html: [String] = []
        html.reserveCapacity(entries.count)
        let zone = calendar.timeZone.identifier
        for entry in entries {
            let key = Key(id: entry.id, zone: zone, createdByName: entry.createdByName)
            html.append(try await req.fragment("transaction-row", key: key) { Fragment(row: TransactionRow(entry, calendar: calendar)) })
        }
        return HTMLList(html)
    }
}

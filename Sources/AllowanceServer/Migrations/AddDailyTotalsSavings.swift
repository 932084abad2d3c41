import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Moves between a child's main balance and their goals are saving, not earning or spending:
/// each day's totals count them apart (`saved_in_cents` into goals, `saved_out_cents` back out)
/// so a month's "spent" leaves them out. Existing moves are the ledger rows a goal row points at.
struct AddDailyTotalsSavings: AsyncMigration {
    func prepare(on database: Database) async throws {
        // SQLite adds one column per statement.
        try await database.schema("child_daily_totals").field("saved_in_cents", .int64, .required, .sql(.default(0))).update()
        try await database.schema("child_daily_totals").field("saved_out_cents", .int64, .required, .sql(.default(0))).update()
        try await Self.backfill(on: database.sql)
    }

    /// Counts every existing move into its day: the ledger rows a goal row points at (money
    /// saved into a goal is a debit, money back out of one a credit). `familyID` limits it to
    /// one family (tests on a shared database).
    static func backfill(familyID: UUID? = nil, on sql: SQLDatabase) async throws {
        struct Move: Decodable {
            let child_id: UUID, created_at: Date, amount_cents: Int64, type: String, time_zone: String
        }
        let scope: SQLQueryString = familyID.map { " WHERE c.family_id = \(bind: $0)" } ?? ""
        let moves = try await sql.raw(
            """
            SELECT t.child_id, t.created_at, t.amount_cents, t.type, f.time_zone
            FROM savings_contributions s JOIN transactions t ON t.id = s.source_transaction_id
            JOIN children c ON c.id = t.child_id JOIN families f ON f.id = c.family_id
            """ + scope
        ).all(decoding: Move.self)
        for move in moves {
            let calendar = FamilyCalendar(identifier: move.time_zone) ?? FamilyCalendar(timeZone: .gmt)
            let column = move.type == TransactionType.debit.rawValue ? "saved_in_cents" : "saved_out_cents"
            try await sql.raw(
                """
                UPDATE child_daily_totals SET \(unsafeRaw: column) = \(unsafeRaw: column) + \(bind: move.amount_cents)
                WHERE child_id = \(bind: move.child_id) AND day = \(bind: calendar.dayKey(move.created_at))
                """
            ).run()
        }
    }

    func revert(on database: Database) async throws {
        try await database.schema("child_daily_totals").deleteField("saved_out_cents").update()
        try await database.schema("child_daily_totals").deleteField("saved_in_cents").update()
    }
}

import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// Compares each child's cached balance with the sum of their ledger rows, each day's
/// cached totals with that day's rows, and each savings goal with its contribution rows.
enum LedgerAudit {
    struct Report: Sendable {
        var childrenChecked = 0
        var entriesChecked = 0
        var goalsChecked = 0
        var contributionsChecked = 0
        var problems: [String] = []

        var isClean: Bool { problems.isEmpty }
        var summary: String {
            let goals = goalsChecked == 0 ? "" : ", and \(goalsChecked) goals against \(contributionsChecked) contribution rows"
            let head = "Checked \(childrenChecked) balances against \(entriesChecked) ledger rows" + goals
            return isClean
                ? head + ": all balances match their ledgers."
                : head + ": \(problems.count) mismatch(es)\n" + problems.joined(separator: "\n")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let problems: Int
        var description: String { "verify found \(problems) mismatch(es)" }
    }

    /// Checks every family, or one.
    static func run(on db: Database, familyID: UUID? = nil) async throws -> Report {
        let sql = db.sql
        let scope: SQLQueryString = familyID.map { " WHERE c.family_id = \(bind: $0)" } ?? ""
        struct Row: Decodable {
            let id: UUID
            let first_name: String
            let balance_cents: Int64
            let ledger_cents: Int64?
            let entries: Int64
            let last_entry_number: Int64
            let numbers: Int64
            let highest: Int64?
        }
        let rows = try await sql.raw(
            """
            SELECT c.id, u.first_name, c.balance_cents, c.last_entry_number,
                   (SELECT CAST(SUM(CASE WHEN t.type = 'Credit' THEN t.amount_cents ELSE -t.amount_cents END) AS BIGINT) FROM transactions t WHERE t.child_id = c.id) AS ledger_cents,
                   (SELECT COUNT(*) FROM transactions t WHERE t.child_id = c.id) AS entries,
                   (SELECT COUNT(DISTINCT t.entry_number) FROM transactions t WHERE t.child_id = c.id) AS numbers,
                   (SELECT MAX(t.entry_number) FROM transactions t WHERE t.child_id = c.id) AS highest
            FROM children c JOIN users u ON u.id = c.user_id
            """ + scope
        ).all(decoding: Row.self)
        var report = Report()
        for row in rows {
            report.childrenChecked += 1
            report.entriesChecked += Int(row.entries)
            let ledger = Money(cents: row.ledger_cents ?? 0)
            if ledger.cents != row.balance_cents {
                report.problems.append(
                    "\(row.first_name) (\(row.id)): stored balance \(Money(cents: row.balance_cents).formatted), ledger sums to \(ledger.formatted)"
                )
            }
            let numbering = Numbering(rows: row.entries, distinct: row.numbers, highest: row.highest ?? 0, last: row.last_entry_number)
            if let problem = numbering.problem { report.problems.append("\(row.first_name) (\(row.id)): ledger \(problem)") }
        }
        struct DayRow: Decodable {
            let child_id: UUID
            let cached: Int64
            let counted: Int64
        }
        let days = try await sql.raw(
            """
            SELECT d.child_id, CAST(SUM(d.entry_count) AS BIGINT) AS cached,
                   (SELECT COUNT(*) FROM transactions t WHERE t.child_id = d.child_id) AS counted
            FROM child_daily_totals d JOIN children c ON c.id = d.child_id
            """ + scope + " GROUP BY d.child_id"
        ).all(decoding: DayRow.self)
        for day in days where day.cached != day.counted {
            report.problems.append("Child \(day.child_id): day totals count \(day.cached) entries, ledger has \(day.counted)")
        }
        try await auditGoals(into: &report, scope: familyID, on: sql)
        try await auditPoints(into: &report, scope: familyID, on: sql)
        return report
    }

    /// An owner's entries are numbered 1 to the number its row keeps, each once
    /// (`NumberEntriesOnTheirOwners`): as many rows as distinct numbers, the highest of them
    /// that many, and the owner's number the same.
    struct Numbering {
        let rows: Int64
        let distinct: Int64
        let highest: Int64
        let last: Int64

        var problem: String? {
            guard rows != distinct || highest != rows || last != highest else { return nil }
            return "entries are not numbered 1 to \(last): \(rows) rows, \(distinct) numbers, the highest \(highest)"
        }
    }
}

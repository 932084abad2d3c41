import AllowanceCore
import Foundation
import SQLKit

/// A child's balance at the end of each of the last days, worked back from today's balance
/// and the per-day totals, so the chart costs the same for any length of ledger.
enum BalanceHistory {
    /// The balances, oldest first, and the dates of the first and the last as the family reads them.
    struct Line {
        var balances: [Money]
        var from: String
        var to: String
    }

    static func endOfDayBalances(for child: ChildRecord, days: Int, now: Date, on sql: SQLDatabase) async throws -> Line {
        let calendar = child.calendar
        let firstDay = calendar.adding(days: -(days - 1), to: calendar.startOfDay(now))
        struct Row: Decodable {
            let day: String
            let credits_cents: Int64
            let debits_cents: Int64
        }
        let rows = try await sql.raw(
            """
            SELECT day, credits_cents, debits_cents FROM child_daily_totals
            WHERE child_id = \(bind: child.id) AND day BETWEEN \(bind: calendar.dayKey(firstDay)) AND \(bind: calendar.dayKey(now))
            """
        ).all(decoding: Row.self)
        let netByDay = Dictionary(rows.map { ($0.day, $0.credits_cents - $0.debits_cents) }, uniquingKeysWith: +)
        // Each day once, newest first; only the two ends are formatted (a date format is the
        // dearest step here, and the child's page draws this line on every visit).
        let today = calendar.startOfDay(now)
        let created = calendar.startOfDay(child.createdAt)
        var balance = child.balance
        var points: [(day: Date, balance: Money)] = []
        for offset in 0..<days {
            let day = calendar.adding(days: -offset, to: today)
            // Days before the child's account existed are not part of the story.
            guard day >= created else { break }
            points.append((day, balance))
            balance -= Money(cents: netByDay[calendar.dayKey(day)] ?? 0)
        }
        let label = { (point: (day: Date, balance: Money)?) in point.map { calendar.displayDate($0.day) } ?? "" }
        return Line(balances: points.reversed().map(\.balance), from: label(points.last), to: label(points.first))
    }
}

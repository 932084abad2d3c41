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

        /// No days to draw.
        static let empty = Line(balances: [], from: "", to: "")
    }

    static func endOfDayBalances(for child: ChildRecord, days: Int, now: Date, on sql: SQLDatabase) async throws -> Line {
        let calendar = child.calendar
        // Each day's key once, newest first.
        let keys = calendar.dayKeys(endingAt: now, count: days)
        guard let newest = keys.first, let oldest = keys.last else { return .empty }
        let rows = try await sql.raw(
            """
            SELECT day, credits_cents - debits_cents AS net_cents FROM child_daily_totals
            WHERE child_id = \(bind: child.id) AND day BETWEEN \(bind: oldest) AND \(bind: newest)
            """
        ).all()
        // Read by column: `Decodable`'s keyed containers cost more than the columns.
        let netByDay = Dictionary(
            try rows.map { (try $0.decode(column: "day", as: String.self), try $0.decode(column: "net_cents", as: Int64.self)) },
            uniquingKeysWith: +)
        // Days before the child's account existed are not part of the story. Keys compare as
        // the days do ("2026-11-03" < "2026-11-22").
        let created = calendar.dayKey(child.createdAt)
        var balance = child.balance
        var balances: [Money] = []
        for key in keys {
            guard key >= created else { break }
            balances.append(balance)
            balance -= Money(cents: netByDay[key] ?? 0)
        }
        guard !balances.isEmpty else { return .empty }
        // Only the two ends are formatted (a date format is the dearest step here, and the
        // child's page draws this line on every visit).
        let today = calendar.startOfDay(now)
        return Line(
            balances: balances.reversed(), from: calendar.displayDate(calendar.adding(days: -(balances.count - 1), to: today)),
            to: calendar.displayDate(today))
    }
}

import AllowanceCore
import Foundation
import SQLKit

/// A child's balance at the end of each of the last days, worked back from today's balance
/// and the per-day totals, so the chart costs the same for any length of ledger.
enum BalanceHistory {
    static func endOfDayBalances(for child: ChildRecord, days: Int, now: Date, on sql: SQLDatabase) async throws -> [(
        label: String, balance: Money
    )] {
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
            WHERE child_id = \(bind: child.id) AND day >= \(bind: calendar.dayKey(firstDay))
            """
        ).all(decoding: Row.self)
        let netByDay = Dictionary(rows.map { ($0.day, $0.credits_cents - $0.debits_cents) }, uniquingKeysWith: +)
        var balance = child.balance
        var points: [(String, Money)] = []
        for offset in 0..<days {
            let day = calendar.adding(days: -offset, to: calendar.startOfDay(now))
            points.append((calendar.displayDate(day), balance))
            balance -= Money(cents: netByDay[calendar.dayKey(day)] ?? 0)
        }
        // Days before the child's account existed are not part of the story.
        let created = calendar.startOfDay(child.createdAt)
        let kept = points.enumerated().filter { index, _ in calendar.adding(days: -index, to: calendar.startOfDay(now)) >= created }.map(
            \.element)
        return kept.reversed()
    }
}

import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit
import Vapor

/// The two dashboards. They read cached balances and per-day totals, never the whole ledger,
/// so they cost the same for a child with ten entries and one with a million.
enum DashboardService {
    static let recentDays = 7
    static let recentTransactionsShown = 5

    static func parent(_ parent: AuthUser, in context: ServiceContext) async throws -> ParentDashboardResponse {
        try await parentWithCalendar(parent, in: context).dashboard
    }

    /// The parent's dashboard and the family's calendar it was counted in, which the web page
    /// also shows its times in (read once, with the family's name).
    static func parentWithCalendar(_ parent: AuthUser, in context: ServiceContext) async throws
        -> (dashboard: ParentDashboardResponse, calendar: FamilyCalendar)
    {
        let sql = context.sql
        let now = context.now
        let children = try await FamilyDirectory.children(ofFamily: parent.familyID, on: sql)
        // Each child's row carries the family's name and time zone: only a family without
        // children is read on its own (a round trip fewer for the rest).
        let familyName: String
        let calendar: FamilyCalendar
        if let child = children.first {
            (familyName, calendar) = (child.familyName, child.calendar)
        } else {
            guard let family = try await FamilyDirectory.family(parent.familyID, on: sql) else { throw AppError.notFound("Family") }
            (familyName, calendar) = (family.name, FamilyCalendar(identifier: family.time_zone) ?? FamilyCalendar(timeZone: .gmt))
        }
        let since = calendar.dayKey(calendar.adding(days: -(recentDays - 1), to: now))
        struct CountRow: Decodable {
            let child_id: UUID
            let entries: Int64
        }
        let counts = try await sql.raw(
            """
            SELECT d.child_id, CAST(SUM(d.entry_count) AS BIGINT) AS entries FROM child_daily_totals d JOIN children c ON c.id = d.child_id
            WHERE c.family_id = \(bind: parent.familyID) AND d.day BETWEEN \(bind: since) AND \(bind: calendar.dayKey(now))
            GROUP BY d.child_id
            """
        ).all(decoding: CountRow.self)
        let countByChild = Dictionary(uniqueKeysWithValues: counts.map { ($0.child_id, Int($0.entries)) })
        let cards = children.map {
            ChildDashboardResponse(
                childId: $0.id, userId: $0.userID, firstName: $0.firstName, lastName: $0.lastName, currentBalance: $0.balance,
                weeklyAllowance: $0.weeklyAllowance, recentTransactionCount: countByChild[$0.id] ?? 0)
        }
        let dashboard = ParentDashboardResponse(
            familyName: familyName, totalBalance: children.reduce(.zero) { $0 + $1.balance },
            totalWeeklyAllowance: children.reduce(.zero) { $0 + $1.weeklyAllowance }, children: cards)
        return (dashboard, calendar)
    }

    /// What the child dashboard reads from the database. It is read anew for every request:
    /// a cache in one process would serve a balance older than a write another instance of
    /// the server has finished (each query on an index).
    struct ChildData: Sendable {
        let child: ChildRecord
        let stats: MonthlyStats
        let recent: [TransactionResponse]
    }

    /// The dashboard of `child`, the signed-in child (`Request.signedInChild`).
    static func child(_ child: ChildRecord, in context: ServiceContext) async throws -> ChildDashboard {
        let sql = context.sql
        let data = ChildData(
            child: child, stats: try await monthTotals(childID: child.id, calendar: child.calendar, now: context.now, on: sql),
            recent: try await LedgerService.recent(childID: child.id, count: recentTransactionsShown, on: sql))
        return dashboard(data, now: context.now)
    }

    private static func dashboard(_ data: ChildData, now: Date) -> ChildDashboard {
        let (child, stats) = (data.child, data.stats)
        let paydays = child.shownPaydays(now: now)
        return ChildDashboard(
            childId: child.id, firstName: child.firstName, lastName: child.lastName, currentBalance: child.balance,
            weeklyAllowance: child.weeklyAllowance, allowanceDay: child.allowanceDay, lastAllowanceDate: paydays.last,
            nextAllowanceDate: paydays.next, daysUntilNextAllowance: child.daysUntilNextPayday(now: now) ?? 0,
            allowancePaused: child.allowancePaused, monthlyStats: stats, recentTransactions: data.recent)
    }

    /// This month's money in and out, in the family's time zone. Moves between the balance and
    /// the child's goals are neither: they are what the child saved (net of what came back out).
    static func monthTotals(childID: UUID, calendar: FamilyCalendar, now: Date, on sql: SQLDatabase) async throws -> MonthlyStats {
        struct Row: Decodable {
            let credits: Int64?
            let debits: Int64?
            let saved_in: Int64?
            let saved_out: Int64?
        }
        let first = calendar.dayKey(calendar.startOfMonth(now))
        let row = try await sql.raw(
            """
            SELECT CAST(SUM(credits_cents) AS BIGINT) AS credits, CAST(SUM(debits_cents) AS BIGINT) AS debits,
                   CAST(SUM(saved_in_cents) AS BIGINT) AS saved_in, CAST(SUM(saved_out_cents) AS BIGINT) AS saved_out
            FROM child_daily_totals
            WHERE child_id = \(bind: childID) AND day >= \(bind: first) AND day <= \(bind: calendar.dayKey(now))
            """
        ).first(decoding: Row.self)
        let (savedIn, savedOut) = (row?.saved_in ?? 0, row?.saved_out ?? 0)
        return MonthlyStats(
            totalEarned: Money(cents: (row?.credits ?? 0) - savedOut), totalSpent: Money(cents: (row?.debits ?? 0) - savedIn),
            totalSaved: Money(cents: savedIn - savedOut))
    }
}

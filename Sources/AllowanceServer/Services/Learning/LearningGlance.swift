import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// Learning in one line, for the dashboards: today's minutes, the running streak and the
/// badge closest to being earned.
struct LearningGlance: Encodable, Sendable {
    let todayMinutes: Int
    let streak: Int
    let nextBadge: String?

    /// "25 min today · 4-day streak".
    var text: String { Self.text(todayMinutes: todayMinutes, streak: streak) }

    static func of(_ child: ChildRecord, in context: ServiceContext) async throws -> LearningGlance {
        let (todayMinutes, streak) = try await today(of: [child.id], calendar: child.calendar, in: context)[child.id] ?? (0, 0)
        let stats = try await LearningMeasure.stats(of: child.id, calendar: child.calendar, on: context.sql)
        let earned = Set(try await BadgeStore.earned(by: child.id, on: context.sql).map(\.badge_key))
        let next = try await BadgeStore.definitions(forFamily: child.familyID, on: context.sql).filter { !earned.contains($0.key) }.max {
            $0.progress(in: stats) < $1.progress(in: stats)
        }
        return LearningGlance(
            todayMinutes: todayMinutes, streak: streak,
            nextBadge: next.map { "\($0.title) (\(Int(($0.progress(in: stats) * 100).rounded(.down)))%)" })
    }

    /// `text` alone, for the child's page: one query where the whole glance (with the next
    /// badge, which it does not show) takes four.
    static func text(ofChild id: UUID, calendar: FamilyCalendar, in context: ServiceContext) async throws -> String {
        try await texts(ofChildren: [id], calendar: calendar, in: context)[id] ?? text(todayMinutes: 0, streak: 0)
    }

    /// `text` of each of a family's children (`calendar` is the family's), for a parent's
    /// card of each: one query for all of them.
    static func texts(ofChildren ids: [UUID], calendar: FamilyCalendar, in context: ServiceContext) async throws -> [UUID: String] {
        try await today(of: ids, calendar: calendar, in: context).mapValues { text(todayMinutes: $0.minutes, streak: $0.streak) }
    }

    private static func text(todayMinutes: Int, streak: Int) -> String {
        "\(todayMinutes) min today · " + (streak == 0 ? "no streak yet" : "\(streak)-day streak")
    }

    /// Today's learning minutes and the running streak of each child, in one query: the runs
    /// kept beside the child (`LearningMeasure.runs`) and today's row, if any. A child not
    /// found has none.
    private static func today(of children: [UUID], calendar: FamilyCalendar, in context: ServiceContext) async throws
        -> [UUID: (minutes: Int, streak: Int)]
    {
        struct Row: Decodable {
            let id: UUID
            let longest_streak: Int
            let latest_run_end: Int?
            let latest_run_length: Int
            let learning_seconds: Int64?
        }
        guard !children.isEmpty else { return [:] }
        let sql = context.sql
        let rows = try await sql.raw(
            """
            SELECT c.id, c.longest_streak, c.latest_run_end, c.latest_run_length, d.learning_seconds
            FROM children c LEFT JOIN learning_days d ON d.child_id = c.id AND d.day = \(bind: calendar.dayKey(context.now))
            WHERE c.id
            """ + .isOneOf(children, on: sql)
        ).all(decoding: Row.self)
        var today: [UUID: (minutes: Int, streak: Int)] = [:]
        for row in rows {
            let runs = LearningStreak.Runs(longest: row.longest_streak, latestEnd: row.latest_run_end, latestLength: row.latest_run_length)
            today[row.id] = (Int((row.learning_seconds ?? 0) / 60), runs.current(today: context.now, in: calendar))
        }
        return today
    }
}

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
        let (todayMinutes, streak) = try await today(of: child.id, calendar: child.calendar, in: context)
        let stats = try await LearningMeasure.stats(of: child.id, calendar: child.calendar, on: context.sql)
        let earned = Set(try await BadgeStore.earned(by: child.id, on: context.sql).map(\.badge_key))
        let next = try await BadgeStore.definitions(forFamily: child.familyID, on: context.sql).filter { !earned.contains($0.key) }.max {
            $0.progress(in: stats) < $1.progress(in: stats)
        }
        return LearningGlance(
            todayMinutes: todayMinutes, streak: streak,
            nextBadge: next.map { "\($0.title) (\(Int(($0.progress(in: stats) * 100).rounded(.down)))%)" })
    }

    /// `text` alone, for a parent's card of each child and the child's page: two queries where
    /// the whole glance (with the next badge, which neither shows) takes six.
    static func text(ofChild id: UUID, calendar: FamilyCalendar, in context: ServiceContext) async throws -> String {
        let (todayMinutes, streak) = try await today(of: id, calendar: calendar, in: context)
        return text(todayMinutes: todayMinutes, streak: streak)
    }

    private static func text(todayMinutes: Int, streak: Int) -> String {
        "\(todayMinutes) min today · " + (streak == 0 ? "no streak yet" : "\(streak)-day streak")
    }

    /// Today's learning minutes and the running streak.
    private static func today(of child: UUID, calendar: FamilyCalendar, in context: ServiceContext) async throws
        -> (minutes: Int, streak: Int)
    {
        struct Today: Decodable { let learning_seconds: Int64 }
        let today = try await context.sql.raw(
            "SELECT learning_seconds FROM learning_days WHERE child_id = \(bind: child) AND day = \(bind: calendar.dayKey(context.now))"
        ).first(decoding: Today.self)
        let runs = try await LearningMeasure.runs(of: child, on: context.sql)
        return (Int((today?.learning_seconds ?? 0) / 60), runs.current(today: context.now, in: calendar))
    }
}

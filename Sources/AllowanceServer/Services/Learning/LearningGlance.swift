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
    var text: String {
        "\(todayMinutes) min today · " + (streak == 0 ? "no streak yet" : "\(streak)-day streak")
    }

    static func of(_ child: ChildRecord, in context: ServiceContext) async throws -> LearningGlance {
        struct Today: Decodable { let learning_seconds: Int64 }
        let today = try await context.sql.raw(
            "SELECT learning_seconds FROM learning_days WHERE child_id = \(bind: child.id) AND day = \(bind: child.calendar.dayKey(context.now))"
        ).first(decoding: Today.self)
        let runs = try await LearningMeasure.runs(of: child.id, on: context.sql)
        let stats = try await LearningMeasure.stats(of: child.id, calendar: child.calendar, on: context.sql)
        let earned = Set(try await BadgeStore.earned(by: child.id, on: context.sql).map(\.badge_key))
        let next = try await BadgeStore.definitions(forFamily: child.familyID, on: context.sql).filter { !earned.contains($0.key) }.max {
            $0.progress(in: stats) < $1.progress(in: stats)
        }
        return LearningGlance(
            todayMinutes: Int((today?.learning_seconds ?? 0) / 60),
            streak: runs.current(today: context.now, in: child.calendar),
            nextBadge: next.map { "\($0.title) (\(Int(($0.progress(in: stats) * 100).rounded(.down)))%)" })
    }
}

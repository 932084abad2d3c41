import AllowanceCore
import Foundation
import SQLKit

/// How far a child has come toward a goal in its period, summed by the database along the
/// (child, start time) index, and the figures badges measure.
enum LearningMeasure {
    /// `currentValue` at `now`: hours (TimeBased, AppSpecific), points (PointBased) or, for a
    /// Streak, the run of learning days within the period up to today (the spec's ruling; a
    /// run ending yesterday is still alive, as the learning summary's current streak).
    static func current(
        of goal: LearningGoal, calendar: FamilyCalendar, asOf now: Date, on sql: any SQLDatabase
    ) async throws -> Double {
        struct Sum: Decodable { let total: Int64? }
        let start = goal.startDate
        let end = goal.endDate
        switch goal.type {
        case .timeBased:
            let sum = try await sql.raw(
                """
                SELECT CAST(SUM(duration_seconds) AS BIGINT) AS total FROM learning_sessions
                WHERE child_id = \(bind: goal.childID) AND start_time >= \(bind: start) AND start_time < \(bind: end)
                  AND category = \(bind: AppCategoryKind.learning.rawValue)
                """
            ).first(decoding: Sum.self)
            return LearningGoalState.hours(seconds: sum?.total ?? 0)
        case .appSpecific:
            let sum = try await sql.raw(
                """
                SELECT CAST(SUM(duration_seconds) AS BIGINT) AS total FROM learning_sessions
                WHERE child_id = \(bind: goal.childID) AND start_time >= \(bind: start) AND start_time < \(bind: end)
                  AND bundle_identifier = \(bind: goal.bundleIdentifier ?? "")
                """
            ).first(decoding: Sum.self)
            return LearningGoalState.hours(seconds: sum?.total ?? 0)
        case .pointBased:
            let sum = try await sql.raw(
                """
                SELECT CAST(SUM(points_earned) AS BIGINT) AS total FROM learning_sessions
                WHERE child_id = \(bind: goal.childID) AND start_time >= \(bind: start) AND start_time < \(bind: end)
                """
            ).first(decoding: Sum.self)
            return Double(sum?.total ?? 0)
        case .streak:
            let today = min(now, end.addingTimeInterval(-1))
            let days = try await learningDays(of: goal.childID, from: calendar.dayKey(start), through: calendar.dayKey(today), on: sql)
            return Double(LearningStreak.current(days, today: today, in: calendar))
        }
    }

    /// The local days with learning between two day keys (inclusive), oldest first.
    static func learningDays(of childID: UUID, from: String? = nil, through: String? = nil, on sql: any SQLDatabase) async throws
        -> [String]
    {
        struct Row: Decodable { let day: String }
        var query: SQLQueryString = "SELECT day FROM learning_days WHERE child_id = \(bind: childID) AND learning_seconds > 0"
        if let from { query = query + " AND day >= \(bind: from)" }
        if let through { query = query + " AND day <= \(bind: through)" }
        return try await sql.raw(query + " ORDER BY day").all(decoding: Row.self).map(\.day)
    }

    /// The runs of a child's learning days, as kept beside the child (see `refreshRuns`).
    static func runs(of childID: UUID, on sql: any SQLDatabase) async throws -> LearningStreak.Runs {
        struct Row: Decodable {
            let longest_streak: Int
            let latest_run_end: Int?
            let latest_run_length: Int
        }
        let row = try await sql.raw(
            "SELECT longest_streak, latest_run_end, latest_run_length FROM children WHERE id = \(bind: childID)"
        ).first(decoding: Row.self)
        return LearningStreak.Runs(
            longest: row?.longest_streak ?? 0, latestEnd: row?.latest_run_end, latestLength: row?.latest_run_length ?? 0)
    }

    /// Finds the runs again and keeps them beside the child: days whose date number less their
    /// rank is the same are one run (gaps and islands), and only the longest and the latest come
    /// back. Called when a session makes a new learning day, so reads never scan the days.
    static func refreshRuns(of childID: UUID, on sql: any SQLDatabase) async throws {
        struct Row: Decodable {
            let longest: Int64?
            let latest_end: Int64?
            let latest_length: Int64?
        }
        let row = try await sql.raw(
            """
            WITH runs AS (
                SELECT MAX(day_number) AS last_day, COUNT(*) AS length FROM (
                    SELECT day_number, day_number - ROW_NUMBER() OVER (ORDER BY day_number) AS island
                    FROM learning_days WHERE child_id = \(bind: childID) AND learning_seconds > 0
                ) days GROUP BY island
            )
            SELECT (SELECT MAX(length) FROM runs) AS longest, (SELECT MAX(last_day) FROM runs) AS latest_end,
                   (SELECT length FROM runs ORDER BY last_day DESC LIMIT 1) AS latest_length
            """
        ).first(decoding: Row.self)
        try await sql.raw(
            """
            UPDATE children SET longest_streak = \(bind: Int(row?.longest ?? 0)), latest_run_end = \(bind: row?.latest_end.map { Int($0) }),
                latest_run_length = \(bind: Int(row?.latest_length ?? 0))
            WHERE id = \(bind: childID)
            """
        ).run()
    }

    /// Everything the badges measure, from running totals.
    static func stats(of childID: UUID, calendar: FamilyCalendar, on sql: any SQLDatabase) async throws -> LearningStats {
        struct Totals: Decodable {
            let points_earned: Int64
            let longest_streak: Int
            let completed: Int64
        }
        let totals = try await sql.raw(
            """
            SELECT c.points_earned, c.longest_streak,
                   (SELECT COUNT(*) FROM learning_goals g WHERE g.child_id = c.id AND g.completed_at IS NOT NULL) AS completed
            FROM children c WHERE c.id = \(bind: childID)
            """
        ).first(decoding: Totals.self)
        struct App: Decodable {
            let bundle_identifier: String
            let learning_seconds: Int64
        }
        let apps = try await sql.raw(
            "SELECT bundle_identifier, learning_seconds FROM learning_app_totals WHERE child_id = \(bind: childID)"
        ).all(decoding: App.self)
        // Every learning second is on some app, so the apps' running totals sum to all of them.
        let seconds = apps.map(\.learning_seconds).reduce(0, +)
        return LearningStats(
            pointsEarned: Int(totals?.points_earned ?? 0), learningMinutes: Int(seconds / 60),
            longestStreak: totals?.longest_streak ?? 0, goalsCompleted: Int(totals?.completed ?? 0),
            appMinutes: Dictionary(apps.map { ($0.bundle_identifier, Int($0.learning_seconds / 60)) }, uniquingKeysWith: +))
    }
}

import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// This week against last week, the last six months and the streaks: Core's `LearningSummary`
/// over the per-day running totals of the last two weeks and the months the database sums, and
/// the runs it finds: a few dozen rows, however many sessions there are.
enum LearningSummaryService {
    static func summary(of child: ChildRecord, in context: ServiceContext) async throws -> LearningSummaryDto {
        let calendar = child.calendar
        let now = context.now
        let lastWeek = LearningPeriod.containing(now, frequency: .weekly, in: calendar).map { $0.start.addingTimeInterval(-1) } ?? now
        var firstMonth = calendar.startOfMonth(now)
        for _ in 1..<LearningSummary.monthCount { firstMonth = calendar.startOfMonth(firstMonth.addingTimeInterval(-1)) }
        struct Row: Decodable {
            let day: String
            let learning_seconds: Int64
            let points: Int64
            let sessions: Int64
        }
        func totals(_ rows: [Row]) -> [LearningDayTotals] {
            rows.map {
                LearningDayTotals(day: $0.day, learningSeconds: $0.learning_seconds, points: Int($0.points), sessions: Int($0.sessions))
            }
        }
        let weekStart = calendar.dayKey(LearningPeriod.containing(lastWeek, frequency: .weekly, in: calendar)?.start ?? now)
        let days = try await context.sql.raw(
            """
            SELECT day, learning_seconds, points, sessions FROM learning_days
            WHERE child_id = \(bind: child.id) AND day >= \(bind: weekStart)
            """
        ).all(decoding: Row.self)
        // Six months summed by the database: six rows, however many days were learned on.
        let months = try await context.sql.raw(
            """
            SELECT SUBSTR(day, 1, 7) AS day, CAST(SUM(learning_seconds) AS BIGINT) AS learning_seconds,
                   CAST(SUM(points) AS BIGINT) AS points, CAST(SUM(sessions) AS BIGINT) AS sessions
            FROM learning_days WHERE child_id = \(bind: child.id) AND day >= \(bind: calendar.dayKey(firstMonth))
            GROUP BY SUBSTR(day, 1, 7)
            """
        ).all(decoding: Row.self)
        let summary = LearningSummary(days: totals(days), monthTotals: totals(months), now: now, calendar: calendar)
        let runs = try await LearningMeasure.runs(of: child.id, on: context.sql)
        func dto(_ totals: LearningSummary.Totals) -> LearningTotalsDto {
            LearningTotalsDto(minutes: totals.minutes, points: totals.points, sessions: totals.sessions)
        }
        return LearningSummaryDto(
            thisWeek: dto(summary.thisWeek), lastWeek: dto(summary.lastWeek),
            changePercent: LearningChangeDto(
                minutes: summary.changePercent.minutes, points: summary.changePercent.points, sessions: summary.changePercent.sessions),
            currentStreak: runs.current(today: now, in: calendar), longestStreak: runs.longest,
            months: summary.months.map { LearningMonthDto(month: $0.month, minutes: $0.minutes, points: $0.points) },
            byApp: try await PlanService.plan(ofFamily: child.familyID, in: context).refusal(.appAnalytics) == nil
                ? try await byApp(of: child, in: context) : [])
    }

    /// Minutes per app this week and last, summed by the database along (child, start time):
    /// detailed analytics, for Premium families (Basic ones get an empty list).
    static func byApp(of child: ChildRecord, in context: ServiceContext) async throws -> [LearningAppWeekDto] {
        guard let week = LearningPeriod.containing(context.now, frequency: .weekly, in: child.calendar),
            let last = LearningPeriod.containing(week.start.addingTimeInterval(-1), frequency: .weekly, in: child.calendar)
        else { return [] }
        struct Row: Decodable {
            let app_name: String
            let category: String
            let this_week: Int64?
            let last_week: Int64?
        }
        let rows = try await context.sql.raw(
            """
            SELECT app_name, category,
                   CAST(SUM(CASE WHEN start_time >= \(bind: week.start) THEN duration_seconds ELSE 0 END) AS BIGINT) AS this_week,
                   CAST(SUM(CASE WHEN start_time < \(bind: week.start) THEN duration_seconds ELSE 0 END) AS BIGINT) AS last_week
            FROM learning_sessions
            WHERE child_id = \(bind: child.id) AND start_time >= \(bind: last.start) AND start_time < \(bind: week.end)
            GROUP BY app_name, category
            """
        ).all(decoding: Row.self)
        return rows.map {
            LearningAppWeekDto(
                appName: $0.app_name, category: AppCategoryKind(rawValue: $0.category) ?? .learning,
                thisWeekMinutes: Int(($0.this_week ?? 0) / 60), lastWeekMinutes: Int(($0.last_week ?? 0) / 60))
        }.sorted { ($0.thisWeekMinutes, $1.appName) > ($1.thisWeekMinutes, $0.appName) }
    }
}

import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// This week against last week, the last six months and the streaks: Core's `LearningSummary`
/// over the per-day running totals (a few hundred rows at most, however many sessions there are).
enum LearningSummaryService {
    static func summary(of child: ChildRecord, in context: ServiceContext) async throws -> LearningSummaryDto {
        let calendar = child.calendar
        let now = context.now
        // Seven months back covers the six months shown and last week.
        let since = calendar.dayKey(calendar.startOfMonth(now).addingTimeInterval(-200 * 86_400))
        struct Day: Decodable {
            let day: String
            let learning_seconds: Int64
            let points: Int64
            let sessions: Int64
        }
        let days = try await context.sql.raw(
            """
            SELECT day, learning_seconds, points, sessions FROM learning_days
            WHERE child_id = \(bind: child.id) AND day >= \(bind: since)
            """
        ).all(decoding: Day.self).map {
            LearningDayTotals(day: $0.day, learningSeconds: $0.learning_seconds, points: Int($0.points), sessions: Int($0.sessions))
        }
        let summary = LearningSummary(days: days, now: now, calendar: calendar)
        let learningDays = try await LearningMeasure.learningDays(of: child.id, on: context.sql)
        func dto(_ totals: LearningSummary.Totals) -> LearningTotalsDto {
            LearningTotalsDto(minutes: totals.minutes, points: totals.points, sessions: totals.sessions)
        }
        return LearningSummaryDto(
            thisWeek: dto(summary.thisWeek), lastWeek: dto(summary.lastWeek),
            changePercent: LearningChangeDto(
                minutes: summary.changePercent.minutes, points: summary.changePercent.points, sessions: summary.changePercent.sessions),
            currentStreak: LearningStreak.current(learningDays, today: now, in: calendar),
            longestStreak: LearningStreak.longest(learningDays, in: calendar),
            months: summary.months.map { LearningMonthDto(month: $0.month, minutes: $0.minutes, points: $0.points) },
            byApp: try await byApp(of: child, in: context))
    }

    /// Minutes per app this week and last, summed by the database along (child, start time).
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

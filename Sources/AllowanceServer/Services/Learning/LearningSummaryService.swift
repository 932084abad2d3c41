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
            months: summary.months.map { LearningMonthDto(month: $0.month, minutes: $0.minutes, points: $0.points) })
    }
}

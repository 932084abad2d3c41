import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// This week against last week, the last six months and the streaks, read from the per-day
/// running totals (a few hundred rows at most, however many sessions there are).
enum LearningSummaryService {
    static func summary(of child: ChildRecord, in context: ServiceContext) async throws -> LearningSummaryDto {
        let calendar = child.calendar
        let now = context.now
        let thisWeek = LearningPeriod.containing(now, frequency: .weekly, in: calendar)!
        let lastWeek = LearningPeriod.containing(thisWeek.start.addingTimeInterval(-1), frequency: .weekly, in: calendar)!
        let sixMonthsAgo = (0..<5).reduce(calendar.startOfMonth(now)) { month, _ in calendar.startOfMonth(month.addingTimeInterval(-1)) }
        struct Day: Decodable {
            let day: String
            let learning_seconds: Int64
            let points: Int64
            let sessions: Int64
        }
        let days = try await context.sql.raw(
            """
            SELECT day, learning_seconds, points, sessions FROM learning_days
            WHERE child_id = \(bind: child.id) AND day >= \(bind: calendar.dayKey(min(sixMonthsAgo, lastWeek.start)))
            """
        ).all(decoding: Day.self)
        func totals(_ week: DateInterval) -> LearningTotalsDto {
            let from = calendar.dayKey(week.start)
            let until = calendar.dayKey(week.end)
            let inWeek = days.filter { $0.day >= from && $0.day < until }
            return LearningTotalsDto(
                minutes: Int(inWeek.map(\.learning_seconds).reduce(0, +) / 60), points: Int(inWeek.map(\.points).reduce(0, +)),
                sessions: Int(inWeek.map(\.sessions).reduce(0, +)))
        }
        let this = totals(thisWeek)
        let last = totals(lastWeek)
        var months: [LearningMonthDto] = []
        var month = sixMonthsAgo
        for _ in 0..<6 {
            let key = String(calendar.dayKey(month).prefix(7))
            let inMonth = days.filter { $0.day.hasPrefix(key) }
            months.append(
                LearningMonthDto(
                    month: key, minutes: Int(inMonth.map(\.learning_seconds).reduce(0, +) / 60),
                    points: Int(inMonth.map(\.points).reduce(0, +))))
            month = calendar.startOfNextMonth(month)
        }
        let learningDays = try await LearningMeasure.learningDays(of: child.id, on: context.sql)
        return LearningSummaryDto(
            thisWeek: this, lastWeek: last,
            changePercent: LearningChangeDto(
                minutes: change(this.minutes, from: last.minutes), points: change(this.points, from: last.points),
                sessions: change(this.sessions, from: last.sessions)),
            currentStreak: LearningStreak.current(learningDays, today: now, in: calendar),
            longestStreak: LearningStreak.longest(learningDays, in: calendar), months: months)
    }

    /// Percent change with one decimal; nil where there is nothing to compare with.
    static func change(_ now: Int, from before: Int) -> Double? {
        guard before > 0 else { return nil }
        return (Double(now - before) / Double(before) * 1000).rounded() / 10
    }
}

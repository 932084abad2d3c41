import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// The two learning messages sent on a clock: the evening streak reminder (to a child whose
/// streak ends tonight unless they learn, at the family's reminder time, never in the child's
/// quiet hours) and Monday's summary of last week (to parents). Each is claimed once per
/// child and day or week, like every other job's occurrences.
enum LearningReminders {
    static let defaultTime = TimeOfDay(hour: 18, minute: 0)!

    static let streakJob = ScheduledJob(name: "streak-reminder", run: remindStreaks)
    static let summaryJob = ScheduledJob(name: "weekly-summary", run: sendSummaries)

    private struct Candidate: Decodable {
        let child_id: UUID
        let family_id: UUID
        let streak_reminder_time: String?
    }

    /// Children who learned in the last few days: only they can have a streak to lose.
    private static func candidates(since days: Int, in context: ServiceContext) async throws -> [Candidate] {
        let since = FamilyCalendar(timeZone: .gmt).dayKey(context.now.addingTimeInterval(Double(-days * 86_400)))
        var query: SQLQueryString = """
            SELECT DISTINCT d.child_id, c.family_id, f.streak_reminder_time FROM learning_days d
            JOIN children c ON c.id = d.child_id JOIN families f ON f.id = c.family_id
            WHERE d.day >= \(bind: since) AND d.learning_seconds > 0
            """
        if let familyID = context.familyScope { query = query + " AND c.family_id = \(bind: familyID)" }
        return try await context.sql.raw(query).all(decoding: Candidate.self)
    }

    static func remindStreaks(in context: ServiceContext) async throws -> Int {
        var sent = 0
        for candidate in try await candidates(since: 3, in: context) {
            guard let child = try await FamilyDirectory.child(candidate.child_id, inFamily: candidate.family_id, on: context.sql) else {
                continue
            }
            let calendar = child.calendar
            let time = candidate.streak_reminder_time.flatMap(TimeOfDay.init(parsing:)) ?? defaultTime
            let due = calendar.instant(at: time, on: context.now)
            guard context.now >= due else { continue }
            let runs = try await LearningMeasure.runs(of: child.id, on: context.sql)
            let today = calendar.dayKey(context.now)
            let streak = runs.current(today: context.now, in: calendar)
            // Alive but not yet extended today: the latest learning day is yesterday.
            guard streak > 0, runs.latestEnd != LearningStreak.dayNumber(today) else { continue }
            let preferences = try await NotificationService.preferences(of: child.userID, on: context.db)
            let quiet = preferences.isQuiet(at: calendar.timeOfDay(of: context.now))
            let told = try await context.write { db in
                guard
                    try await OccurrenceClaims.claim(
                        "streak-reminder:\(child.id.uuidString.lowercased()):\(today)", job: "streak-reminder", subject: child.id,
                        dueAt: due,
                        now: context.now, on: db)
                else { return false }
                // In quiet hours the day's reminder is dropped, not sent later; turned off, it is not sent.
                guard !quiet, preferences.allows(.streakAtRisk) else { return false }
                try await NotificationService.notify(
                    child.userID, type: .streakAtRisk, title: "Keep your \(streak)-day streak going",
                    message: "You have learned \(streak) days in a row. A few minutes today keeps the streak alive.", childID: child.id,
                    at: context.now, on: db)
                return true
            }
            if told { sent += 1 }
        }
        return sent
    }

    static func sendSummaries(in context: ServiceContext) async throws -> Int {
        var sent = 0
        for candidate in try await candidates(since: 15, in: context) {
            guard let child = try await FamilyDirectory.child(candidate.child_id, inFamily: candidate.family_id, on: context.sql) else {
                continue
            }
            let calendar = child.calendar
            guard let week = LearningPeriod.containing(context.now, frequency: .weekly, in: calendar),
                context.now >= calendar.instant(at: TimeOfDay(hour: 8, minute: 0)!, on: week.start)
            else { continue }
            let summary = try await LearningSummaryService.summary(of: child, in: context)
            // On Monday, "last week" is the week that just ended.
            let last = summary.lastWeek
            let message =
                "\(child.firstName) learned \(last.minutes) minutes last week in \(last.sessions) sessions and earned \(last.points) points."
                + (summary.currentStreak > 0 ? " Current streak: \(summary.currentStreak) days." : "")
            let parents = try await FamilyDirectory.parentUserIDs(ofFamily: child.familyID, on: context.sql)
            let told = try await context.write { db in
                guard
                    try await OccurrenceClaims.claim(
                        "weekly-summary:\(child.id.uuidString.lowercased()):\(calendar.dayKey(week.start))", job: "weekly-summary",
                        subject: child.id,
                        dueAt: week.start, now: context.now, on: db)
                else { return false }
                for parent in parents {
                    try await NotificationService.notify(
                        parent, type: .weeklySummary, title: "\(child.firstName)'s learning last week", message: message, childID: child.id,
                        at: context.now, on: db)
                }
                return true
            }
            if told { sent += 1 }
        }
        return sent
    }
}

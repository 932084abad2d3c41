import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit

/// A family's learning settings: the points-to-money rate and the streak reminder's time
/// (Premium chooses it; Basic keeps 18:00, and sending 18:00 back is no change).
enum LearningSettings {
    /// 0: points are not money.
    static let pointsPerDollarRange = 0...100_000

    static func read(familyID: UUID, on sql: any SQLDatabase) async throws -> LearningSettingsDto {
        struct Row: Decodable {
            let points_per_dollar: Int?
            let streak_reminder_time: String?
        }
        let row = try await sql.raw("SELECT points_per_dollar, streak_reminder_time FROM families WHERE id = \(bind: familyID)")
            .first(decoding: Row.self)
        let time = row?.streak_reminder_time.flatMap(TimeOfDay.init(parsing:)) ?? LearningReminders.defaultTime
        return LearningSettingsDto(
            pointsPerDollar: row?.points_per_dollar, streakReminderTime: String(format: "%02d:%02d", time.hour, time.minute))
    }

    static func update(_ input: LearningSettingsDto, familyID: UUID, in context: ServiceContext) async throws -> LearningSettingsDto {
        if let rate = input.pointsPerDollar, !pointsPerDollarRange.contains(rate) {
            throw AppError.validation("pointsPerDollar must be from 1 to 100000, or 0 so that points are not money")
        }
        let time = try input.streakReminderTime.map { text -> String in
            guard let parsed = TimeOfDay(parsing: text) else {
                throw AppError.validation("streakReminderTime must be a time such as 18:30")
            }
            return String(format: "%02d:%02d", parsed.hour, parsed.minute)
        }
        if let time, time != (try await read(familyID: familyID, on: context.sql)).streakReminderTime,
            let refusal = try await PlanService.plan(ofFamily: familyID, in: context).refusal(.reminderTime)
        {
            throw PlanService.upgradeRequired(refusal)
        }
        try await context.write { db in
            if let rate = input.pointsPerDollar {
                let stored: Int? = rate == 0 ? nil : rate
                try await db.sql.raw("UPDATE families SET points_per_dollar = \(bind: stored) WHERE id = \(bind: familyID)").run()
            }
            if let time {
                try await db.sql.raw("UPDATE families SET streak_reminder_time = \(bind: time) WHERE id = \(bind: familyID)").run()
            }
        }
        return try await read(familyID: familyID, on: context.sql)
    }
}

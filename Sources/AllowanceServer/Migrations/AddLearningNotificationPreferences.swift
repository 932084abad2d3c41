import Fluent
import SQLKit

/// Switches for the learning news (goals and badges, the streak reminder, the weekly summary),
/// quiet hours in which no reminder is sent, and the family's reminder time.
struct AddLearningNotificationPreferences: AsyncMigration {
    func prepare(on database: Database) async throws {
        // SQLite adds one column per statement.
        for name in ["learning_alerts", "streak_reminders", "weekly_summary"] {
            try await database.schema("notification_preferences").field(.string(name), .bool, .required, .sql(.default(true))).update()
        }
        try await database.schema("notification_preferences").field("quiet_hours_start", .string).update()
        try await database.schema("notification_preferences").field("quiet_hours_end", .string).update()
        try await database.schema("families").field("streak_reminder_time", .string).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema("families").deleteField("streak_reminder_time").update()
        for name in ["quiet_hours_end", "quiet_hours_start", "weekly_summary", "streak_reminders", "learning_alerts"] {
            try await database.schema("notification_preferences").deleteField(.string(name)).update()
        }
    }
}

import Fluent

struct CreateNotificationPreference: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("notification_preferences")
            .field("id", .uuid, .identifier(auto: false), .references("users", "id", onDelete: .cascade))
            .field("notifications_enabled", .bool, .required)
            .field("transaction_alerts", .bool, .required)
            .field("allowance_reminders", .bool, .required)
            .field("balance_alerts", .bool, .required)
            .field("low_balance_warning", .bool, .required)
            .field("low_balance_threshold_cents", .int64, .required)
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("notification_preferences").delete()
    }
}

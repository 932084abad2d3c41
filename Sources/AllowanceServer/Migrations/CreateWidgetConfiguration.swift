import Fluent

/// Each user's home-screen widget set-ups (the Quick Actions document's `WidgetConfiguration`):
/// one per widget type and size, its configuration the client's JSON object.
struct CreateWidgetConfiguration: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("widget_configurations")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("widget_type", .string, .required)
            .field("widget_size", .string, .required)
            .field("configuration", .string, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "user_id", "widget_type", "widget_size")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("widget_configurations").delete()
    }
}

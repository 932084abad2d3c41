import Fluent
import SQLKit

struct CreateNotification: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("notifications")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("type", .string, .required)
            .field("title", .string, .required)
            .field("message", .string, .required)
            .field("child_id", .uuid)
            .field("is_read", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("read_at", .datetime)
            .create()
        try await database.sql.create(index: "notifications_user_created_idx")
            .on("notifications").column("user_id").column("created_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("notifications").delete()
    }
}

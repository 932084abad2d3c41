import Fluent
import SQLKit

/// The apps a family's learning is counted from: Learning apps earn points per hour, Reward
/// apps none. One row per bundle identifier per family.
struct CreateAppCategory: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("app_categories")
            .id()
            .field("family_id", .uuid, .required, .references("families", "id", onDelete: .cascade))
            .field("app_name", .string, .required)
            .field("bundle_identifier", .string, .required)
            .field("category", .string, .required)
            .field("points_per_hour", .int, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "family_id", "bundle_identifier")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("app_categories").delete()
    }
}

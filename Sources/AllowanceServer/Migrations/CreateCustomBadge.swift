import Fluent
import SQLKit

/// A Premium family's own badges, and the running minutes of each child on each Learning app
/// that app badges measure (filled in from the sessions already recorded). A removed custom
/// badge is retired, not deleted: children who earned it keep it.
struct CreateCustomBadge: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("custom_badges")
            .id()
            .field("family_id", .uuid, .required, .references("families", "id", onDelete: .cascade))
            .field("title", .string, .required)
            .field("description", .string)
            .field("icon", .string)
            .field("measure", .string, .required)
            .field("threshold", .int, .required)
            .field("bundle_identifier", .string)
            .field("app_name", .string)
            .field("points_awarded", .int, .required)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            .field("retired_at", .datetime)
            .create()
        try await database.sql.create(index: "custom_badges_family_idx").on("custom_badges").column("family_id").run()
        try await database.schema("learning_app_totals")
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("bundle_identifier", .string, .required)
            .field("learning_seconds", .int64, .required)
            .compositeIdentifier(over: "child_id", "bundle_identifier")
            .create()
        try await database.sql.raw(
            """
            INSERT INTO learning_app_totals (child_id, bundle_identifier, learning_seconds)
            SELECT child_id, bundle_identifier, CAST(SUM(duration_seconds) AS BIGINT) FROM learning_sessions
            WHERE category = 'Learning' GROUP BY child_id, bundle_identifier
            """
        ).run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("learning_app_totals").delete()
        try await database.schema("custom_badges").delete()
    }
}

import Fluent
import SQLKit

/// Time a child spent in an app, with what it earned. The app's name, category and rate are
/// copied in, so a later change of the family's app list does not rewrite history.
/// `learning_days` keeps running per-day totals (the family's local days), so summaries,
/// streaks and badges read a few rows instead of every session.
struct CreateLearningSession: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("learning_sessions")
            .id()
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("bundle_identifier", .string, .required)
            .field("app_name", .string, .required)
            .field("category", .string, .required)
            .field("start_time", .datetime, .required)
            .field("end_time", .datetime, .required)
            .field("duration_seconds", .int64, .required)
            .field("points_earned", .int64, .required)
            .field("local_day", .string, .required)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "learning_sessions_child_start_idx")
            .on("learning_sessions").column("child_id").column("start_time").run()
        try await database.schema("learning_days")
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("learning_seconds", .int64, .required)
            .field("points", .int64, .required)
            .field("sessions", .int64, .required)
            .compositeIdentifier(over: "child_id", "day")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("learning_days").delete()
        try await database.schema("learning_sessions").delete()
    }
}

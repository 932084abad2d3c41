import Fluent
import SQLKit

/// Learning goals (time, points, one app, streak) over a day, week, month or custom period,
/// and the badges each child has earned. A recurring goal's next period is a new row in the
/// same `series_id`, so history keeps every period as it ended.
struct CreateLearningGoal: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("learning_goals")
            .id()
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("series_id", .uuid, .required)
            .field("title", .string, .required)
            .field("description", .string)
            .field("type", .string, .required)
            .field("frequency", .string, .required)
            .field("target_value", .double, .required)
            .field("bundle_identifier", .string)
            .field("start_date", .datetime, .required)
            .field("end_date", .datetime, .required)
            .field("is_recurring", .bool, .required)
            .field("completed_at", .datetime)
            .field("failed_at", .datetime)
            // Set when the period's end has been handled (failure told, next period made): once.
            .field("closed_at", .datetime)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            .field("last_modified_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("last_modified_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "learning_goals_child_end_idx")
            .on("learning_goals").column("child_id").column("end_date").run()
        try await database.schema("child_badges")
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("badge_key", .string, .required)
            .field("times_earned", .int, .required)
            .field("first_earned_at", .datetime, .required)
            .field("last_earned_at", .datetime, .required)
            .compositeIdentifier(over: "child_id", "badge_key")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("child_badges").delete()
        try await database.schema("learning_goals").delete()
    }
}

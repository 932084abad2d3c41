import Fluent
import SQLKit

struct CreateRecurringTransaction: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("recurring_transactions")
            .id()
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("amount_cents", .int64, .required)
            .field("type", .string, .required)
            .field("category", .string)
            .field("description", .string)
            .field("pattern", .int, .required)
            .field("day_of_week", .int)
            .field("day_of_month", .int)
            .field("time_of_day_seconds", .int)
            .field("start_date", .datetime, .required)
            .field("end_date", .datetime)
            .field("max_occurrences", .int)
            .field("occurrence_count", .int, .required)
            .field("last_executed_at", .datetime)
            .field("next_execution_date", .datetime, .required)
            .field("is_active", .bool, .required)
            .field("is_paused", .bool, .required)
            .field("requires_approval", .bool, .required)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        let sql = database.sql
        try await sql.create(index: "recurring_child_idx").on("recurring_transactions").column("child_id").run()
        // The job asks "what is due?" on every run.
        try await sql.create(index: "recurring_next_idx").on("recurring_transactions").column("next_execution_date").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("recurring_transactions").delete()
    }
}

import Fluent
import SQLKit

struct CreateSavingsGoal: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("savings_goals")
            .id()
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("description", .string)
            .field("target_amount_cents", .int64, .required)
            // A cache of the sum of the goal's contribution rows (checked by `verify`).
            .field("current_amount_cents", .int64, .required)
            .field("image_url", .string)
            .field("product_url", .string)
            .field("category", .int, .required)
            .field("target_date", .datetime)
            .field("status", .int, .required)
            .field("completed_at", .datetime)
            .field("purchased_at", .datetime)
            .field("purchase_notes", .string)
            .field("priority", .int, .required)
            .field("auto_transfer_amount_cents", .int64, .required)
            .field("auto_transfer_type", .int, .required)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            // Behind the service's conditional updates, the database refuses a negative goal.
            .constraint(.custom(SQLRaw("CHECK (current_amount_cents >= 0)")))
            .create()
        // A child's goals are always read in this order (priority, then creation).
        try await database.sql.create(index: "savings_goals_child_priority_idx")
            .on("savings_goals").column("child_id").column("priority").column("created_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("savings_goals").delete()
    }
}

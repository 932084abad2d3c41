import Fluent
import SQLKit

/// Occurrences of `requiresApproval` recurring transactions, waiting for (or decided by) a
/// parent. What was due is copied here, so a later edit of the schedule does not change it.
struct CreateRecurringApproval: AsyncMigration {
    /// The name databases already record this migration under.
    var name: String { "AllowanceServer.CreatePendingRecurringOccurrence" }

    func prepare(on database: Database) async throws {
        try await database.schema("recurring_approvals")
            .id()
            .field("recurring_id", .uuid, .required, .references("recurring_transactions", "id", onDelete: .cascade))
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("occurrence_number", .int, .required)
            .field("name", .string, .required)
            .field("amount_cents", .int64, .required)
            .field("type", .string, .required)
            .field("description", .string, .required)
            .field("category", .string)
            .field("due_at", .datetime, .required)
            .field("status", .int, .required)
            .field("created_at", .datetime, .required)
            .field("decided_at", .datetime)
            .field("decided_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("transaction_id", .uuid)
            .create()
        try await database.sql.create(index: "recurring_approvals_child_idx")
            .on("recurring_approvals").column("child_id").column("status").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("recurring_approvals").delete()
    }
}

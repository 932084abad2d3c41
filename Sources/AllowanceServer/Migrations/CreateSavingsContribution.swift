import Fluent
import SQLKit

/// A goal's immutable history: every amount in or out of it is one row.
struct CreateSavingsContribution: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("savings_contributions")
            .id()
            .field("goal_id", .uuid, .required, .references("savings_goals", "id", onDelete: .cascade))
            .field("child_id", .uuid, .required, .references("children", "id", onDelete: .cascade))
            .field("amount_cents", .int64, .required)
            .field("type", .int, .required)
            .field("goal_balance_after_cents", .int64, .required)
            // The ledger entry that moved the money out of (or back to) the main balance.
            .field("source_transaction_id", .uuid)
            // For a match: the deposit it matched. For any rule payout: the rule that paid it.
            .field("parent_match_id", .uuid)
            .field("matching_rule_id", .uuid)
            .field("description", .string)
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("created_at", .datetime, .required)
            // Numbered 1, 2, 3... per goal: a total order for rows that share an instant.
            .field("entry_number", .int64, .required)
            .unique(on: "goal_id", "entry_number")
            .create()
        try await database.sql.create(index: "savings_contributions_goal_created_idx")
            .on("savings_contributions").column("goal_id").column("created_at").column("entry_number").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("savings_contributions").delete()
    }
}

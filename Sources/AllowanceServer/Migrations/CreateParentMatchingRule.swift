import Fluent
import SQLKit

struct CreateParentMatchingRule: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("parent_matching_rules")
            .id()
            .field("goal_id", .uuid, .required, .references("savings_goals", "id", onDelete: .cascade))
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("type", .int, .required)
            // The ratio in ten-thousandths (0.5 is 5000): exact, like money.
            .field("match_ratio_e4", .int64, .required)
            .field("max_match_amount_cents", .int64)
            // A cache of the sum of the contribution rows this rule paid (checked by `verify`).
            .field("total_matched_cents", .int64, .required)
            .field("is_active", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime)
            // One rule per goal, even when two parents create one at the same moment.
            .unique(on: "goal_id")
            // The cap holds in the database too, whatever the service computed.
            .constraint(.custom(SQLRaw("CHECK (max_match_amount_cents IS NULL OR total_matched_cents <= max_match_amount_cents)")))
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("parent_matching_rules").delete()
    }
}

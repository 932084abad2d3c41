import Fluent

struct CreateGoalMilestone: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("goal_milestones")
            .id()
            .field("goal_id", .uuid, .required, .references("savings_goals", "id", onDelete: .cascade))
            .field("percent_complete", .int, .required)
            .field("is_achieved", .bool, .required)
            .field("achieved_at", .datetime)
            // What reaching it paid (a milestone-bonus matching rule), once achieved.
            .field("bonus_amount_cents", .int64)
            .unique(on: "goal_id", "percent_complete")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema("goal_milestones").delete()
    }
}

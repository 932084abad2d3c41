import Fluent
import SQLKit

struct CreateGoalChallenge: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema("goal_challenges")
            .id()
            .field("goal_id", .uuid, .required, .references("savings_goals", "id", onDelete: .cascade))
            .field("created_by", .uuid, .references("users", "id", onDelete: .setNull))
            .field("target_amount_cents", .int64, .required)
            .field("start_date", .datetime, .required)
            .field("end_date", .datetime, .required)
            .field("bonus_amount_cents", .int64, .required)
            .field("status", .int, .required)
            .field("completed_at", .datetime)
            // When it failed or was cancelled.
            .field("ended_at", .datetime)
            .field("description", .string)
            .field("created_at", .datetime, .required)
            .create()
        let sql = database.sql
        // One Active challenge per goal, enforced by the database (a partial unique index;
        // both SQLite and PostgreSQL have them). 1 is ChallengeStatus.active.
        try await sql.raw("CREATE UNIQUE INDEX goal_challenges_one_active_idx ON goal_challenges (goal_id) WHERE status = 1").run()
        try await sql.create(index: "goal_challenges_goal_idx").on("goal_challenges").column("goal_id").column("created_at").run()
        // The expiry job looks for Active challenges past their end.
        try await sql.create(index: "goal_challenges_status_end_idx").on("goal_challenges").column("status").column("end_date").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema("goal_challenges").delete()
    }
}

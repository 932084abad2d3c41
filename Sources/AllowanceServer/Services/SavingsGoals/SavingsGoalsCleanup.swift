import Foundation
import SQLKit

/// Removing a child removes their goals with everything hanging off them.
enum SavingsGoalsCleanup {
    /// Explicit, children of goals first, so the result does not depend on the engine's
    /// foreign-key settings. The child's row is locked first, as every goal change does.
    static func deleteGoals(ofChild childID: UUID, on sql: SQLDatabase) async throws {
        try await GoalStore.lockChild(childID, on: sql)
        let goals: SQLQueryString = "SELECT id FROM savings_goals WHERE child_id = \(bind: childID)"
        for table in ["savings_contributions", "goal_milestones", "parent_matching_rules", "goal_challenges"] {
            try await sql.raw("DELETE FROM \(unsafeRaw: table) WHERE goal_id IN (" + goals + ")").run()
        }
        try await sql.raw("DELETE FROM savings_goals WHERE child_id = \(bind: childID)").run()
    }
}

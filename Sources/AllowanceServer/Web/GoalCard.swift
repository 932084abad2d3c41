import AllowanceAPI
import Vapor

extension GoalPages.GoalRow {
    /// What `goal-card.leaf` reads.
    private struct Fragment: Encodable, Hashable, Sendable { let goal: GoalPages.GoalRow }

    /// Each goal's card as HTML, made by `goal-card.leaf` once and kept (`Fragments`): a child's
    /// page or dashboard made afresh after a posting shows the same goals as before. The cards
    /// come joined, in order (`HTMLList`).
    static func html(_ goals: [SavingsGoalDto], on req: Request) async throws -> HTMLList {
        var html: [String] = []
        html.reserveCapacity(goals.count)
        for goal in goals { html.append(try await req.fragment("goal-card", Fragment(goal: GoalPages.row(goal)))) }
        return HTMLList(html)
    }
}

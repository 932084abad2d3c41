import Fluent
import Foundation

/// One of a goal's four milestones (25, 50, 75, 100 %), created with the goal.
// @unchecked Sendable: see Family.
final class GoalMilestone: Model, @unchecked Sendable {
    static let schema = "goal_milestones"

    @ID(key: .id) var id: UUID?

    @Field(key: "goal_id") var goalID: UUID
    @Field(key: "percent_complete") var percentComplete: Int
    @Field(key: "is_achieved") var isAchieved: Bool
    @OptionalField(key: "achieved_at") var achievedAt: Date?
    @OptionalField(key: "bonus_amount_cents") var bonusAmountCents: Int64?

    init() {}

    init(goalID: UUID, percent: Int) {
        self.goalID = goalID
        self.percentComplete = percent
        self.isAchieved = false
    }
}

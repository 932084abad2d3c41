import Fluent
import Foundation

/// A time-bound savings challenge on a goal. At most one per goal is Active (a partial
/// unique index says so).
// @unchecked Sendable: see Family.
final class GoalChallenge: Model, @unchecked Sendable {
    static let schema = "goal_challenges"

    @ID(key: .id) var id: UUID?

    @Field(key: "goal_id") var goalID: UUID
    @OptionalField(key: "created_by") var createdBy: UUID?
    @Field(key: "target_amount_cents") var targetAmountCents: Int64
    @Field(key: "start_date") var startDate: Date
    @Field(key: "end_date") var endDate: Date
    @Field(key: "bonus_amount_cents") var bonusAmountCents: Int64
    @Field(key: "status") var status: Int
    @OptionalField(key: "completed_at") var completedAt: Date?
    @OptionalField(key: "ended_at") var endedAt: Date?
    @OptionalField(key: "description") var description: String?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

import Fluent
import Foundation

/// A parent's matching rule for one goal. `totalMatchedCents` is a cache of the sum of the
/// contribution rows the rule paid, moved by a conditional update that keeps it within the cap.
// @unchecked Sendable: see Family.
final class ParentMatchingRule: Model, @unchecked Sendable {
    static let schema = "parent_matching_rules"

    @ID(key: .id) var id: UUID?

    @Field(key: "goal_id") var goalID: UUID
    @OptionalField(key: "created_by") var createdBy: UUID?
    @Field(key: "type") var type: Int
    @Field(key: "match_ratio_e4") var matchRatioE4: Int64
    @OptionalField(key: "max_match_amount_cents") var maxMatchAmountCents: Int64?
    @Field(key: "total_matched_cents") var totalMatchedCents: Int64
    @Field(key: "is_active") var isActive: Bool
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "expires_at") var expiresAt: Date?

    init() {}
}

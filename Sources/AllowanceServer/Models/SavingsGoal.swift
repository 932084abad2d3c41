import AllowanceCore
import Fluent
import Foundation

/// A child's savings goal. `currentAmountCents` is a cache of the sum of the goal's
/// contribution rows, moved only by `GoalRows.record` in the same transaction as each row.
/// Enumerations are stored as the documents' integers.
// @unchecked Sendable: see Family.
final class SavingsGoal: Model, @unchecked Sendable {
    static let schema = "savings_goals"

    @ID(key: .id) var id: UUID?

    @Field(key: "child_id") var childID: UUID
    @Field(key: "name") var name: String
    @OptionalField(key: "description") var description: String?
    @Field(key: "target_amount_cents") var targetAmountCents: Int64
    @Field(key: "current_amount_cents") var currentAmountCents: Int64
    @OptionalField(key: "image_url") var imageURL: String?
    @OptionalField(key: "product_url") var productURL: String?
    @Field(key: "category") var category: Int
    @OptionalField(key: "target_date") var targetDate: Date?
    @Field(key: "status") var status: Int
    @OptionalField(key: "completed_at") var completedAt: Date?
    @OptionalField(key: "purchased_at") var purchasedAt: Date?
    @OptionalField(key: "purchase_notes") var purchaseNotes: String?
    @Field(key: "priority") var priority: Int
    @Field(key: "auto_transfer_amount_cents") var autoTransferAmountCents: Int64
    @Field(key: "auto_transfer_type") var autoTransferType: Int
    @OptionalField(key: "created_by") var createdBy: UUID?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

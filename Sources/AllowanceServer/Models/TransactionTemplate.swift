import AllowanceCore
import Fluent
import Foundation

/// A quick-add template: global (`familyID` nil, `isGlobal`) or one family's own.
// @unchecked Sendable: see Family.
final class TransactionTemplate: Model, @unchecked Sendable {
    static let schema = "transaction_templates"

    @ID(key: .id) var id: UUID?

    @OptionalField(key: "family_id") var familyID: UUID?
    @Field(key: "name") var name: String
    @Field(key: "icon_name") var iconName: String
    @OptionalField(key: "color") var color: String?
    @OptionalField(key: "default_amount_cents") var defaultAmountCents: Int64?
    @Field(key: "type") var type: TransactionType
    @OptionalField(key: "category") var category: String?
    @OptionalField(key: "description_template") var descriptionTemplate: String?
    @Field(key: "is_global") var isGlobal: Bool
    @Field(key: "is_active") var isActive: Bool
    @Field(key: "sort_order") var sortOrder: Int
    @OptionalField(key: "created_by") var createdBy: UUID?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    var defaultAmount: Money? { defaultAmountCents.map(Money.init(cents:)) }
}

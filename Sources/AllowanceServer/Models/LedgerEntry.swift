import AllowanceCore
import Fluent
import Foundation

/// One immutable row of the ledger: written once, never updated.
// @unchecked Sendable: see Family.
final class LedgerEntry: Model, @unchecked Sendable {
    static let schema = "transactions"

    @ID(key: .id) var id: UUID?

    @Field(key: "amount_cents") var amountCents: Int64
    @Field(key: "type") var type: TransactionType
    @Field(key: "description") var description: String
    @OptionalField(key: "category") var category: String?
    @OptionalField(key: "notes") var notes: String?
    @Field(key: "balance_after_cents") var balanceAfterCents: Int64
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "entry_number") var entryNumber: Int64

    @Parent(key: "child_id") var child: Child
    @OptionalParent(key: "created_by") var createdBy: User?

    init() {}
}

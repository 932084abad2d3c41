import AllowanceCore
import Foundation

public struct CreateTransactionRequest: Codable, Sendable {
    public var childId: UUID
    public var amount: Money
    public var type: TransactionType
    public var description: String
    public var category: String?
    public var notes: String?

    public init(childId: UUID, amount: Money, type: TransactionType, description: String, category: String? = nil, notes: String? = nil) {
        self.childId = childId
        self.amount = amount
        self.type = type
        self.description = description
        self.category = category
        self.notes = notes
    }
}

public struct TransactionResponse: Codable, Sendable, Equatable {
    public var id: UUID
    public var childId: UUID
    public var amount: Money
    public var type: TransactionType
    public var description: String
    public var category: String?
    public var notes: String?
    public var balanceAfter: Money
    public var createdAt: Date
    public var createdBy: UUID?
    public var createdByName: String?

    public init(
        id: UUID, childId: UUID, amount: Money, type: TransactionType, description: String, category: String?,
        notes: String?, balanceAfter: Money, createdAt: Date, createdBy: UUID?, createdByName: String?
    ) {
        self.id = id
        self.childId = childId
        self.amount = amount
        self.type = type
        self.description = description
        self.category = category
        self.notes = notes
        self.balanceAfter = balanceAfter
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.createdByName = createdByName
    }
}

public struct TransactionListResponse: Codable, Sendable {
    public var transactions: [TransactionResponse]
    public var limit: Int
    public var offset: Int
    /// True when another page follows (the list is not counted: it may hold millions of rows).
    public var hasMore: Bool

    public init(transactions: [TransactionResponse], limit: Int, offset: Int, hasMore: Bool) {
        self.transactions = transactions
        self.limit = limit
        self.offset = offset
        self.hasMore = hasMore
    }
}

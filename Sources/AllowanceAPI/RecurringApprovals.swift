import AllowanceCore
import Foundation

/// Where an occurrence of a `requiresApproval` recurring transaction stands.
public enum PendingOccurrenceStatus: Int, NumberedEnum {
    case pending = 0
    case approved = 1
    case rejected = 2

    public var name: String {
        switch self {
        case .pending: "Pending"
        case .approved: "Approved"
        case .rejected: "Rejected"
        }
    }
}

/// An occurrence waiting for a parent (`GET /recurring-transactions/pending`). Approving it
/// posts the transaction; rejecting it posts nothing.
public struct PendingRecurringOccurrenceDto: Codable, Sendable {
    public var id: UUID
    public var recurringTransactionId: UUID
    public var childId: UUID
    public var childName: String
    public var name: String
    public var amount: Money
    public var type: TransactionType
    public var typeName: String
    public var description: String
    public var category: String?
    /// When the occurrence fell due.
    public var dueDate: Date
    public var status: PendingOccurrenceStatus
    public var statusName: String
    public var decidedAt: Date?
    /// The ledger entry an approval posted.
    public var transactionId: UUID?

    public init(
        id: UUID, recurringTransactionId: UUID, childId: UUID, childName: String, name: String, amount: Money, type: TransactionType,
        description: String, category: String?, dueDate: Date, status: PendingOccurrenceStatus, decidedAt: Date?, transactionId: UUID?
    ) {
        self.id = id
        self.recurringTransactionId = recurringTransactionId
        self.childId = childId
        self.childName = childName
        self.name = name
        self.amount = amount
        self.type = type
        self.typeName = type.rawValue
        self.description = description
        self.category = category
        self.dueDate = dueDate
        self.status = status
        self.statusName = status.name
        self.decidedAt = decidedAt
        self.transactionId = transactionId
    }
}

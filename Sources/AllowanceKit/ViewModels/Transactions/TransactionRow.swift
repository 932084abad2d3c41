import AllowanceCore
import Foundation

/// How one ledger entry reads in a list and on its detail screen (App Screens 4.2, 4.3).
public struct TransactionRow: Equatable, Sendable {
    public let id: UUID
    public let description: String
    /// "+$5.00" for money in, "-$2.50" for money out.
    public let amountText: String
    public let isCredit: Bool
    public let dateText: String
    public let balanceAfterText: String
    public let category: String?
    public let notes: String?
    public let createdByName: String?

    public init(_ transaction: TransactionResponse, format: DisplayFormat) {
        id = transaction.id
        description = transaction.description
        isCredit = transaction.type == .credit
        amountText = format.signedMoney(isCredit ? transaction.amount : -transaction.amount)
        dateText = format.dateTime(transaction.createdAt)
        balanceAfterText = format.money(transaction.balanceAfter)
        category = transaction.category
        notes = transaction.notes
        createdByName = transaction.createdByName
    }
}

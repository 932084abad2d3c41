import AllowanceCore
import Foundation

/// One child's piggy bank (piggy-bank.md): a name and a balance kept in exact cents.
public struct Tally: Identifiable, Equatable, Sendable {
    public let id: UUID
    public var name: String
    public var balance: Money

    public init(id: UUID, name: String, balance: Money) {
        self.id = id
        self.name = name
        self.balance = balance
    }
}

/// One row of a tally's history: every change to the money is one, never edited.
public struct TallyEntry: Identifiable, Equatable, Sendable {
    public let id: UUID
    public let type: TransactionType
    /// Positive; `type` says which way it went.
    public let amount: Money
    public let note: String?
    public let date: Date
    public let balanceAfter: Money

    public init(id: UUID, type: TransactionType, amount: Money, note: String?, date: Date, balanceAfter: Money) {
        self.id = id
        self.type = type
        self.amount = amount
        self.note = note
        self.date = date
        self.balanceAfter = balanceAfter
    }
}

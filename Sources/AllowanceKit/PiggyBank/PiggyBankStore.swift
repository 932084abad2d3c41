import AllowanceCore
import Foundation

/// Where the tallies live: a SQLite file on the device (`LocalPiggyBankStore`, no account)
/// or a family on the server (`ServerPiggyBankStore`). The view model works on either, and
/// both keep AllowanceCore's rules: exact cents, never below zero, every change a history row.
public protocol PiggyBankStore: Sendable {
    /// By name.
    func tallies() async throws -> [Tally]
    /// Newest first.
    func history(of tallyId: UUID) async throws -> [TallyEntry]
    /// A new tally; a positive `opening` is its first history row.
    func addTally(name: String, opening: Money) async throws -> Tally
    /// Money in (`.credit`) or out (`.debit`); `key` makes a repeated attempt move money once.
    func record(_ type: TransactionType, _ amount: Money, note: String?, on tallyId: UUID, key: String) async throws -> Tally
    func rename(_ tallyId: UUID, to name: String) async throws -> Tally
    /// Removes the tally with its history.
    func delete(_ tallyId: UUID) async throws
}

/// Refusals of the piggy bank, each a sentence for people.
public enum PiggyBankError: Error, Equatable, Sendable {
    case notFound
    case insufficientBalance(name: String, available: Money)
    case amountNotPositive
    case needsAccountDetails

    public var message: String {
        switch self {
        case .notFound: "This piggy bank no longer exists."
        // The server's own words for the same refusal.
        case .insufficientBalance(let name, let available): "Insufficient balance: \(name) has \(available.formatted)"
        case .amountNotPositive: "Amount must be greater than zero"
        case .needsAccountDetails: "In a family account, add a child from Add Child: each child needs their own sign-in."
        }
    }
}

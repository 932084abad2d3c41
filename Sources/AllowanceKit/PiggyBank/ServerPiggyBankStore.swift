import AllowanceCore
import Foundation

/// The piggy bank of a signed-in family: a tally is a child, its history the child's ledger.
/// The server applies the same rules; a new tally needs the Add Child screen (a sign-in).
public struct ServerPiggyBankStore: PiggyBankStore {
    let client: APIClient

    public init(client: APIClient) { self.client = client }

    public func tallies() async throws -> [Tally] {
        try await client.children().map(Self.tally).sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
    }

    public func history(of tallyId: UUID) async throws -> [TallyEntry] {
        try await client.allTransactions(of: tallyId).map {
            TallyEntry(id: $0.id, type: $0.type, amount: $0.amount, note: $0.description, date: $0.createdAt, balanceAfter: $0.balanceAfter)
        }
    }

    public func addTally(name: String, opening: Money) async throws -> Tally {
        throw PiggyBankError.needsAccountDetails
    }

    public func record(_ type: TransactionType, _ amount: Money, note: String?, on tallyId: UUID, key: String) async throws -> Tally {
        let description = note ?? (type == .credit ? "Added funds" : "Spent")
        _ = try await client.createTransaction(
            CreateTransactionRequest(childId: tallyId, amount: amount, type: type, description: description), idempotencyKey: key)
        return Self.tally(try await client.child(tallyId))
    }

    public func rename(_ tallyId: UUID, to name: String) async throws -> Tally {
        Self.tally(try await client.updateChild(tallyId, UpdateChildRequest(firstName: name)))
    }

    public func delete(_ tallyId: UUID) async throws {
        try await client.deleteChild(tallyId)
    }

    private static func tally(_ child: ChildResponse) -> Tally {
        Tally(id: child.id, name: child.firstName, balance: child.currentBalance)
    }
}

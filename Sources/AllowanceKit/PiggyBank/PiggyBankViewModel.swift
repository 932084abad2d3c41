import AllowanceCore
import Foundation
import Observation

/// The piggy bank (piggy-bank.md): a tally per child, a quick $5 subtract on each row, add
/// and subtract funds with an optional note, rename, and delete after a confirmation. Works
/// on the device's file or on the family's server alike.
@MainActor @Observable
public final class PiggyBankViewModel {
    /// The amount of the row's quick subtract button.
    public static let quickSubtractAmount = Money(cents: 5_00)

    public private(set) var tallies: [Tally] = []
    /// The open tally's history, newest first.
    public private(set) var history: [TallyEntry] = []
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?
    /// Asked before deleting: the screen shows a confirmation for it.
    public private(set) var pendingDeletion: Tally?
    /// As typed, in the detail view.
    public var amount = ""
    public var note = ""

    private let store: any PiggyBankStore
    let format: DisplayFormat
    private var attempt = AttemptKey()

    public init(store: any PiggyBankStore, format: DisplayFormat = DisplayFormat()) {
        self.store = store
        self.format = format
    }

    public func balanceText(_ tally: Tally) -> String { format.money(tally.balance) }

    /// "Delete Kai's piggy bank? Its history is deleted too."
    public var deletionQuestion: String? {
        pendingDeletion.map { "Delete \($0.name)'s piggy bank? Its history is deleted too." }
    }

    public func load() async {
        if tallies.isEmpty { state = .loading }
        await run { self.tallies = try await self.store.tallies() }
        if problem == nil { state = .loaded } else if tallies.isEmpty { state = .failed(problem?.message ?? "") }
    }

    public func openHistory(of tally: Tally) async {
        await run { self.history = try await self.store.history(of: tally.id) }
    }

    /// The row's button: $5 out, with the note if one was typed.
    public func quickSubtract(_ tally: Tally) async {
        await move(.debit, Self.quickSubtractAmount, on: tally)
    }

    public func addFunds(to tally: Tally) async {
        guard let amount = typedAmount() else { return }
        await move(.credit, amount, on: tally)
    }

    public func subtractFunds(from tally: Tally) async {
        guard let amount = typedAmount() else { return }
        await move(.debit, amount, on: tally)
    }

    public func addTally(name: String, opening: String = "") async {
        if let message = AccountValidation.requiredProblem(name, label: "Name") {
            problem = ScreenProblem(message)
            return
        }
        let start = opening.trimmed.isEmpty ? Money.zero : MoneyField.parse(opening)
        guard let start, !start.isNegative else {
            problem = ScreenProblem("Please enter a valid amount")
            return
        }
        await run {
            _ = try await self.store.addTally(name: name.trimmed, opening: start)
            self.tallies = try await self.store.tallies()
        }
    }

    public func rename(_ tally: Tally, to name: String) async {
        if let message = AccountValidation.requiredProblem(name, label: "Name") {
            problem = ScreenProblem(message)
            return
        }
        await run { self.replace(try await self.store.rename(tally.id, to: name.trimmed)) }
    }

    /// Swipe to delete: asks first.
    public func requestDelete(_ tally: Tally) { pendingDeletion = tally }
    public func cancelDelete() { pendingDeletion = nil }

    public func confirmDelete() async {
        guard let tally = pendingDeletion else { return }
        pendingDeletion = nil
        await run {
            try await self.store.delete(tally.id)
            self.tallies.removeAll { $0.id == tally.id }
        }
    }

    // MARK: - Steps

    private func typedAmount() -> Money? {
        if let message = MoneyField.positiveAmountProblem(amount) {
            problem = ScreenProblem(message)
            return nil
        }
        return MoneyField.parse(amount)
    }

    private func move(_ type: TransactionType, _ amount: Money, on tally: Tally) async {
        let text = note.trimmed
        let key = attempt.key(for: "\(tally.id) \(type) \(amount.cents) \(text)")
        problem = nil
        do {
            let updated = try await store.record(type, amount, note: text.isEmpty ? nil : text, on: tally.id, key: key)
            attempt.settle(nil)
            replace(updated)
            self.amount = ""
            note = ""
            history = try await store.history(of: tally.id)
        } catch {
            attempt.settle(error)
            problem = Self.problem(error)
        }
    }

    private func replace(_ tally: Tally) {
        if let index = tallies.firstIndex(where: { $0.id == tally.id }) { tallies[index] = tally }
    }

    private func run(_ step: () async throws -> Void) async {
        problem = nil
        do { try await step() } catch { problem = Self.problem(error) }
    }

    private static func problem(_ error: any Error) -> ScreenProblem {
        if let error = error as? PiggyBankError { return ScreenProblem(error.message) }
        return ScreenProblem(error)
    }
}

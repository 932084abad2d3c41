import AllowanceKit
import ArgumentParser
import Foundation

/// The arguments `add` and `spend` share: who, how much, what for.
struct MoneyMove: ParsableArguments {
    @Argument(help: "The child's first name or id.")
    var child: String

    @Argument(help: "The amount, e.g. 5.50 (at most two decimals).")
    var amount: String

    @Argument(help: "What it was for.")
    var description: String

    @Option(help: "A category, e.g. Chores.")
    var category: String?

    @OptionGroup var attempt: MoneyAttempt

    @OptionGroup var options: JSONFlag

    /// Posts the move; the same Idempotency-Key is kept if the client has to repeat it, and
    /// given to the person when no answer came (`MoneyAttempt`).
    func post(_ type: TransactionType, in context: CommandContext) async throws -> (TransactionResponse, ChildResponse) {
        let money = try parseAmount(amount)
        let client = try context.signedInClient()
        let found = try await context.child(child, on: client)
        let request = CreateTransactionRequest(childId: found.id, amount: money, type: type, description: description, category: category)
        let entry = try await attempt.run(check: "allowance history \(found.firstName)") { key in
            try await client.createTransaction(request, idempotencyKey: key)
        }
        return (entry, found)
    }
}

/// An amount as typed, exactly: "5.50" is 550 cents, never a Double on the way.
func parseAmount(_ text: String) throws -> Money {
    let money: Money
    do {
        money = try Money(parsing: text)
    } catch {
        throw CLIError("\"\(text)\" \(error.message), e.g. 5.50.")
    }
    guard money.isPositive else { throw CLIError("The amount must be more than zero.") }
    return money
}

struct AddCommand: TerminalCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add money to a child's balance (a credit).")

    @OptionGroup var move: MoneyMove

    func output(in context: CommandContext) async throws -> String {
        let (entry, child) = try await move.post(.credit, in: context)
        if move.options.json { return try context.json(entry) }
        let format = context.moneyFormat
        return
            "Added \(format.money(entry.amount)) to \(child.firstName): \(entry.description). Balance: \(format.money(entry.balanceAfter)).\n"
    }
}

struct SpendCommand: TerminalCommand {
    static let configuration = CommandConfiguration(
        commandName: "spend", abstract: "Take money from a child's balance (a debit); refused when the balance is short.")

    @OptionGroup var move: MoneyMove

    func output(in context: CommandContext) async throws -> String {
        let (entry, child) = try await move.post(.debit, in: context)
        if move.options.json { return try context.json(entry) }
        let format = context.moneyFormat
        return
            "Spent \(format.money(entry.amount)) from \(child.firstName): \(entry.description). Balance: \(format.money(entry.balanceAfter)).\n"
    }
}

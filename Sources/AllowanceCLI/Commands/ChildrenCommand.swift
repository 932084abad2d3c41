import AllowanceKit
import ArgumentParser
import Foundation

struct ChildrenCommand: TerminalCommand {
    static let configuration = CommandConfiguration(
        commandName: "children", abstract: "The children: balance, savings, weekly allowance, next payday.")

    @OptionGroup var options: JSONFlag

    func output(in context: CommandContext) async throws -> String {
        let client = try context.signedInClient()
        let children = try await client.children()
        if options.json { return try context.json(children) }
        guard !children.isEmpty else { return "No children yet.\n" }
        let format = try await context.format(on: client)
        let now = context.terminal.now()
        var table = TextTable([("NAME", .left), ("BALANCE", .right), ("SAVINGS", .right), ("WEEKLY", .right), ("NEXT PAYDAY", .left)])
        for child in children {
            let savings = try await client.balanceWidget(for: child.id).savingsBalance ?? .zero
            let payday = child.allowancePaused ? "paused" : child.nextAllowanceDate.map { format.day($0, from: now) } ?? "none"
            table.append([
                child.firstName, format.money(child.currentBalance), format.money(savings), format.money(child.weeklyAllowance), payday,
            ])
        }
        return table.text
    }
}

struct BalanceCommand: TerminalCommand {
    static let configuration = CommandConfiguration(commandName: "balance", abstract: "One child's balance.")

    @Argument(help: "The child's first name or id.")
    var child: String

    @OptionGroup var options: JSONFlag

    func output(in context: CommandContext) async throws -> String {
        let client = try context.signedInClient()
        let found = try await context.child(child, on: client)
        let balance = try await client.balance(of: found.id)
        if options.json { return try context.json(balance) }
        return "\(found.firstName): \(context.moneyFormat.money(balance.currentBalance))\n"
    }
}

import AllowanceKit
import ArgumentParser
import Foundation

struct ContributeCommand: TerminalCommand {
    static let configuration = CommandConfiguration(
        commandName: "contribute", abstract: "Move money from a child's balance into one of their goals.")

    @Argument(help: "The goal's name (any case) or id.")
    var goal: String

    @Argument(help: "The amount, e.g. 10 or 2.50.")
    var amount: String

    @Option(help: "Whose goal (first name or id); needed when the name could be several children's.")
    var child: String?

    @OptionGroup var attempt: MoneyAttempt

    @OptionGroup var options: JSONFlag

    func output(in context: CommandContext) async throws -> String {
        let money = try parseAmount(amount)
        let client = try context.signedInClient()
        let target = try await findGoal(on: client, in: context)
        let event = try await attempt.run(check: "allowance goals \(target.childName)") { key in
            try await client.contribute(to: target.id, ContributeToGoalDto(amount: money), idempotencyKey: key)
        }
        if options.json { return try context.json(event) }
        let format = context.moneyFormat
        var lines = [
            "Saved \(format.money(money)) into \(event.goalName): \(format.money(event.newAmount)) of \(format.money(event.targetAmount)) "
                + "\(progressBar(event.progressPercentage / 100)) \(percentText(event.progressPercentage))."
        ]
        if let match = event.matchAmountAdded, match.isPositive { lines.append("Matched: +\(format.money(match)).") }
        for milestone in event.milestonesReached { lines.append("Milestone reached: \(milestone.percentComplete)%!") }
        if let bonus = event.challengeBonusAdded { lines.append("Challenge won: +\(format.money(bonus)) bonus.") }
        if event.isCompleted { lines.append("Goal complete!") }
        lines.append("\(target.childName)'s balance: \(format.money(event.balanceAfter)).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The one active goal with that name or id, among the named child's goals or every child's.
    private func findGoal(on client: APIClient, in context: CommandContext) async throws -> SavingsGoalDto {
        let children: [ChildResponse]
        if let child {
            children = [try await context.child(child, on: client)]
        } else {
            children = try await client.children()
        }
        var goals: [SavingsGoalDto] = []
        for child in children { goals += try await client.savingsGoals(of: child.id) }
        let matches = goals.filter {
            $0.id.uuidString.lowercased() == goal.lowercased() || $0.name.compare(goal, options: .caseInsensitive) == .orderedSame
        }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            let names = goals.map { "\($0.name) (\($0.childName))" }.joined(separator: ", ")
            throw CLIError("No active goal named \"\(goal)\"." + (goals.isEmpty ? "" : " Goals: \(names)."))
        }
        throw CLIError("Several children have a goal named \"\(goal)\": add --child NAME.")
    }
}

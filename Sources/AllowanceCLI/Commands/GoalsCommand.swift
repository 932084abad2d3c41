import AllowanceKit
import ArgumentParser
import Foundation

struct GoalsCommand: TerminalCommand {
    static let configuration = CommandConfiguration(commandName: "goals", abstract: "A child's savings goals with their progress.")

    @Argument(help: "The child's first name or id.")
    var child: String

    @Flag(help: "Include completed and purchased goals.")
    var all = false

    @OptionGroup var options: JSONFlag

    func output(in context: CommandContext) async throws -> String {
        let client = try context.signedInClient()
        let found = try await context.child(child, on: client)
        let goals = try await client.savingsGoals(of: found.id, includeCompleted: all)
        if options.json { return try context.json(goals) }
        guard !goals.isEmpty else { return "\(found.firstName) has no savings goals.\n" }
        let format = context.moneyFormat
        var table = TextTable([
            ("GOAL", .left), ("PROGRESS", .left), ("", .right), ("SAVED", .right), ("TARGET", .right), ("STATUS", .left),
        ])
        for goal in goals {
            table.append([
                goal.name, progressBar(goal.progressPercentage / 100), percentText(goal.progressPercentage),
                format.money(goal.currentAmount), format.money(goal.targetAmount), goal.statusName,
            ])
        }
        return table.text
    }
}

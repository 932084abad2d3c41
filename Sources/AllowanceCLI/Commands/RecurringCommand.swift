import AllowanceKit
import ArgumentParser
import Foundation

struct RecurringCommand: TerminalCommand {
    static let configuration = CommandConfiguration(
        commandName: "recurring", abstract: "The family's recurring transactions and when each runs next.")

    @OptionGroup var options: JSONFlag

    func output(in context: CommandContext) async throws -> String {
        let client = try context.signedInClient()
        let schedules = try await client.recurringTransactions()
        if options.json { return try context.json(schedules) }
        guard !schedules.isEmpty else { return "No recurring transactions.\n" }
        let format = try await context.format(on: client)
        let now = context.terminal.now()
        var table = TextTable([("NAME", .left), ("CHILD", .left), ("AMOUNT", .right), ("SCHEDULE", .left), ("NEXT", .left)])
        for schedule in schedules {
            let next = !schedule.isActive ? "finished" : schedule.isPaused ? "paused" : format.day(schedule.nextExecutionDate, from: now)
            table.append([
                schedule.name, schedule.childName, format.signedMoney(schedule.type.signed(schedule.amount)), schedule.patternDescription,
                next,
            ])
        }
        return table.text
    }
}

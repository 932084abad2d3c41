import AllowanceAPI
import AllowanceCore
import AllowanceKit
import AllowanceServer
import Foundation
import Testing

@Suite struct CLIGoalsTests {
    @Test func goalsShowProgressAndContributeMovesMoney() async throws {
        try await withLiveServer { server in
            // setup
            let client = try await server.parentClient()
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            _ = try await client.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Lego Castle", targetAmount: Money(cents: 4_000)))
            let cli = CLIHarness()
            await cli.login(server)
            // act
            let contributed = await cli.run(["contribute", "lego castle", "10", "--child", "Kai"])
            let goals = await cli.run(["goals", "Kai"])
            // assert
            #expect(contributed.status == 0)
            #expect(
                contributed.stdout == """
                    Saved $10.00 into Lego Castle: $10.00 of $40.00 [#####---------------] 25%.
                    Milestone reached: 25%!
                    Kai's balance: $90.00.

                    """)
            #expect(goals.status == 0)
            let lines = goals.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            #expect(lines[1].hasPrefix("Lego Castle  [#####---------------]  25%  $10.00  $40.00  Active"))
        }
    }

    /// A child's goal name reaches the parent's terminal: an escape sequence in it (clear the
    /// screen, set the window title) is shown as a mark, and a line break does not break the table.
    @Test func whatAChildTypedCannotDriveTheParentsTerminal() async throws {
        try await withLiveServer { server in
            let client = try await server.parentClient()
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            _ = try await client.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Bike\u{1B}[2J\u{1B}]0;pwned\u{07}", targetAmount: Money(cents: 4_000)))
            let cli = CLIHarness()
            await cli.login(server)
            let goals = await cli.run(["goals", "Kai"])
            #expect(goals.status == 0)
            #expect(!goals.stdout.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
            #expect(goals.stdout.contains("Bike\u{FFFD}[2J\u{FFFD}]0;pwned\u{FFFD}"))
            #expect(goals.stdout.split(separator: "\n").count == 2)
        }
    }

    @Test func anUnknownGoalListsTheOnesThereAre() async throws {
        try await withLiveServer { server in
            let client = try await server.parentClient()
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            _ = try await client.createSavingsGoal(CreateSavingsGoalDto(childId: kai.id, name: "Bike", targetAmount: Money(cents: 4_000)))
            let cli = CLIHarness()
            await cli.login(server)
            let run = await cli.run(["contribute", "Skateboard", "5"])
            #expect(run == CLIRun(status: 1, stdout: "", stderr: "error: No active goal named \"Skateboard\". Goals: Bike (Kai).\n"))
        }
    }

    @Test func recurringListsSchedulesWithTheirNextDates() async throws {
        try await withLiveServer { server in
            let client = try await server.parentClient()
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            let start = try tomorrow()
            _ = try await client.createRecurringTransaction(
                CreateRecurringTransactionDto(
                    childId: kai.id, name: "Piano lesson", amount: Money(cents: 200), type: .debit, pattern: .weekly,
                    startDate: start))
            let cli = CLIHarness()
            await cli.login(server)
            let run = await cli.run(["recurring"])
            #expect(run.status == 0)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            // Tomorrow's weekday sets the schedule column's width ("Every Monday" to "Every
            // Wednesday"), so the header is aligned to the schedule this run made.
            let weekday = try #require(Weekday(rawValue: try demoCalendar().component(.weekday, from: start) - 1))
            let schedule = "Every " + weekday.name
            let scheduleColumn = "SCHEDULE".padding(toLength: max(8, schedule.count) + 2, withPad: " ", startingAt: 0)
            #expect(lines.first == "NAME          CHILD  AMOUNT  " + scheduleColumn + "NEXT")
            #expect(lines.count == 2 && lines[1].hasPrefix("Piano lesson  Kai    -$2.00  \(schedule)  "))
            #expect(lines[1].hasSuffix("Tomorrow"))
            let json = await cli.run(["recurring", "--json"])
            #expect(try JSONDecoder.api.decode([RecurringTransactionDto].self, from: Data(json.stdout.utf8)).count == 1)
        }
    }
}

/// This time tomorrow where the demo family lives, in whole seconds (a schedule's time of day is
/// kept to the second, and an occurrence before the start's fraction of a second would fall a
/// week later). A calendar day, not 86,400 seconds: across a change of the clocks those land on
/// the day after tomorrow or on today, and the CLI would rightly not say "Tomorrow".
private func tomorrow() throws -> Date {
    let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    return try #require(try demoCalendar().date(byAdding: .day, value: 1, to: now))
}

/// The calendar of the demo family's zone, where the CLI reckons its days.
private func demoCalendar() throws -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: DemoFamily.timeZone))
    return calendar
}

import AllowanceAPI
import AllowanceKit
import Foundation
import Testing

/// The client drives each capability end to end against the real server.
@Suite struct CapabilityTests {
    @Test func savingsGoalContributionReachesAMilestone() async throws {
        try await withLiveServer { server in
            // setup
            let client = try await server.parentClient()
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            let goal = try await client.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Lego Castle", targetAmount: Money(cents: 4_000)))
            // act
            let event = try await client.contribute(to: goal.id, ContributeToGoalDto(amount: Money(cents: 1_000)))
            // assert
            #expect(event.milestoneReached?.percentComplete == 25)
            #expect(event.balanceAfter == Money(cents: 9_000))
            #expect(try await client.savingsGoals(of: kai.id).map(\.name) == ["Lego Castle"])
            #expect(try await client.contributions(to: goal.id).count == 1)
            #expect(try await client.balanceWidget(for: kai.id).savingsBalance == Money(cents: 1_000))
        }
    }

    @Test func learningGoalsArePartOfTheClient() async throws {
        try await withLiveServer { server in
            // setup
            let client = try await server.parentClient()
            let freya = try #require(try await client.children().first { $0.firstName == "Freya" })
            // act: more than the demo's week of learning, so the goal is still running
            let goal = try await client.createLearningGoal(
                CreateLearningGoalDto(childId: freya.id, title: "Read 20 hours", type: .timeBased, targetValue: 20, frequency: .weekly))
            let active = try await client.learningGoals(of: freya.id)
            let summary = try await client.learningSummary(of: freya.id)
            let badges = try await client.badges(of: freya.id)
            // assert
            #expect(active.contains { $0.id == goal.id && $0.title == "Read 20 hours" })
            #expect(summary.months.count == 6)
            #expect(!badges.isEmpty)
            #expect(try await client.plan().plan == "Basic")
        }
    }

    @Test func recurringSchedulesAndTemplates() async throws {
        try await withLiveServer { server in
            let client = try await server.parentClient()
            let kai = try #require(try await client.children().first { $0.firstName == "Kai" })
            let schedule = try await client.createRecurringTransaction(
                CreateRecurringTransactionDto(
                    childId: kai.id, name: "Piano lesson", amount: Money(cents: 200), type: .debit, pattern: .weekly,
                    startDate: Date().addingTimeInterval(86_400)))
            let posted = try await client.executeRecurringTransaction(schedule.id)
            #expect(try await client.recurringTransactions().map(\.name) == ["Piano lesson"])
            #expect(posted.balanceAfter == Money(cents: 9_800))
            #expect(try await !client.templates().isEmpty)
        }
    }

    @Test func aChildSeesTheirOwnDashboard() async throws {
        try await withLiveServer { server in
            let client = server.client()
            try await client.login(email: "kai@example.com", password: LiveServer.password)
            let dashboard = try await client.childDashboard()
            #expect(dashboard.firstName == "Kai")
            let error = await #expect(throws: APIError.self) { try await client.parentDashboard() }
            #expect(error?.status == 403)
        }
    }
}

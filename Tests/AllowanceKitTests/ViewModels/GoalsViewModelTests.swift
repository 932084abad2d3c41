import AllowanceKit
import Foundation
import Testing

@MainActor @Suite struct GoalsViewModelTests {
    @Test func theListValidatesAndCreatesAGoal() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let viewModel = SavingsGoalsViewModel(childId: kai.id, client: client, format: usFormat)
            await viewModel.load()
            #expect(viewModel.isEmpty)
            await viewModel.create()
            #expect(viewModel.problem?.message == "Goal name is required")
            viewModel.newName = "Bike"
            viewModel.newTargetAmount = "abc"
            await viewModel.create()
            #expect(viewModel.problem?.message == "Please enter a valid amount")
            viewModel.newTargetAmount = "40"
            await viewModel.create()
            #expect(viewModel.goals.map(\.name) == ["Bike"])
            #expect(viewModel.progressText(viewModel.goals[0]) == "$0.00 of $40.00")
        }
    }

    @Test func contributingCelebratesMilestonesAndCompletionThenPurchase() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let goal = try await client.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Bike", targetAmount: Money(cents: 4000)))
            let viewModel = SavingsGoalDetailViewModel(goalId: goal.id, client: client, format: usFormat)
            await viewModel.load()
            viewModel.contributeAmount = "5"
            await viewModel.contribute()
            #expect(viewModel.celebration == nil)
            viewModel.contributeAmount = "15"
            await viewModel.contribute()
            #expect(viewModel.celebration?.title == "Halfway to Bike!")
            #expect(viewModel.progressText == "$20.00 of $40.00")
            #expect(!viewModel.canPurchase)
            await viewModel.purchase()
            #expect(viewModel.problem?.message == "This goal can be marked purchased once it is fully saved for.")
            viewModel.contributeAmount = "20"
            await viewModel.contribute()
            #expect(viewModel.celebration?.isGoalComplete == true)
            #expect(viewModel.celebration?.title == "You reached your goal: Bike!")
            #expect(viewModel.canPurchase)
            await viewModel.purchase()
            #expect(viewModel.goal?.status == .purchased)
            #expect(viewModel.contributions.count >= 3)
        }
    }

    @Test func withdrawingReturnsMoneyAndARefusalIsShown() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let goal = try await client.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Game", targetAmount: Money(cents: 6000)))
            let viewModel = SavingsGoalDetailViewModel(goalId: goal.id, client: client, format: usFormat)
            await viewModel.load()
            viewModel.contributeAmount = "10"
            await viewModel.contribute()
            viewModel.withdrawAmount = "4"
            await viewModel.withdraw()
            #expect(viewModel.progressText == "$6.00 of $60.00")
            #expect(try await client.balance(of: kai.id).currentBalance == Money(cents: 9400))
            viewModel.withdrawAmount = "50"
            await viewModel.withdraw()
            #expect(viewModel.problem != nil)
            #expect(viewModel.problem?.needsSignIn == false)
            #expect(viewModel.progressText == "$6.00 of $60.00")
        }
    }

    @Test func offlineTheLastGoalsAreShownStale() async throws {
        let directory = temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = OfflineCache(directory: directory)
        let kaiId = try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            _ = try await client.createSavingsGoal(CreateSavingsGoalDto(childId: kai.id, name: "Kite", targetAmount: Money(cents: 1500)))
            await SavingsGoalsViewModel(childId: kai.id, client: client, cache: cache).load()
            return kai.id
        }
        let offline = APIClient(
            server: unreachableServer, tokenStore: InMemoryTokenStore(StoredSession(server: unreachableServer, token: "t")))
        let viewModel = SavingsGoalsViewModel(childId: kaiId, client: offline, cache: cache)
        await viewModel.load()
        #expect(viewModel.state.isStale)
        #expect(viewModel.goals.map(\.name) == ["Kite"])
    }
}

@MainActor @Suite struct GoalRulesViewModelTests {
    @Test func aParentsMatchIsCelebratedAndAChallengeShows() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let goal = try await client.createSavingsGoal(
                CreateSavingsGoalDto(childId: kai.id, name: "Drone", targetAmount: Money(cents: 10_000)))
            let viewModel = SavingsGoalDetailViewModel(goalId: goal.id, client: client, format: usFormat)
            await viewModel.load()
            await viewModel.setMatching(ratio: "lots")
            #expect(viewModel.problem?.message == "Please enter a match such as 0.5 or 1")
            await viewModel.setMatching(ratio: "1")
            #expect(viewModel.goal?.hasMatchingRule == true)
            viewModel.contributeAmount = "5"
            await viewModel.contribute()
            #expect(viewModel.celebration?.extras == ["+$5.00 matched"])
            #expect(viewModel.progressText == "$10.00 of $100.00")
            await viewModel.removeMatching()
            #expect(viewModel.goal?.hasMatchingRule == false)
            await viewModel.startChallenge(target: "", bonus: "5", endDate: server.now.value.addingTimeInterval(7 * 86_400))
            #expect(viewModel.problem?.message == "Challenge amount is required")
            await viewModel.startChallenge(target: "20", bonus: "5", endDate: server.now.value.addingTimeInterval(7 * 86_400))
            #expect(viewModel.problem == nil)
            #expect(viewModel.goal?.hasActiveChallenge == true)
            await viewModel.cancelChallenge()
            #expect(viewModel.goal?.hasActiveChallenge == false)
        }
    }
}

import AllowanceKit
import Foundation
import Testing

@MainActor @Suite struct LearningViewModelTests {
    @Test func learningGoalsValidateCreateAndDelete() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let viewModel = LearningGoalsViewModel(childId: kai.id, client: client)
            await viewModel.load()
            let before = viewModel.goals.count
            await viewModel.create()
            #expect(viewModel.problem?.message == "Title is required")
            viewModel.title = "Read more"
            viewModel.target = "0"
            await viewModel.create()
            #expect(viewModel.problem?.message == "Please enter a target greater than zero")
            viewModel.target = "5"
            await viewModel.create()
            #expect(viewModel.problem == nil)
            let goal = try #require(viewModel.goals.first { $0.title == "Read more" })
            #expect(viewModel.progressText(goal).hasSuffix("of 5 hours"))
            await viewModel.delete(goal.id)
            #expect(viewModel.goals.count == before)
        }
    }

    @Test func badgesAndComparisonsReadTheDemoHistory() async throws {
        try await withServer { server in
            let client = try await server.parentClient()
            let kai = try await server.child(named: "Kai", using: client)
            let badges = BadgesViewModel(childId: kai.id, client: client)
            await badges.load()
            #expect(badges.state == .loaded)
            #expect(!badges.badges.isEmpty)
            #expect(badges.earned.count + badges.toEarn.count == badges.badges.count)
            let comparison = LearningComparisonViewModel(childId: kai.id, client: client)
            await comparison.load()
            #expect(comparison.state == .loaded)
            #expect(comparison.minutesText.contains("min this week"))
            #expect(comparison.streakText.contains("-day streak"))
            #expect(comparison.months.count == 6)
        }
    }
}

import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// The goal list behind the web pages' goal cards (`SavingsGoalService.list(milestones: false)`).
@Suite struct GoalCardListTests {
    /// The web pages' goal cards show no milestones, so their list leaves them unread; the
    /// rest of each goal is what the API's list answers.
    @Test func aListWithoutMilestonesIsTheSameGoalsWithNoneRead() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 80_00)
            try await client.saved(25_00, to: goal, token: family.parent.token)
            let context = client.app.context()
            let child = try #require(try await FamilyDirectory.child(kai.id, inFamily: family.parent.familyId, on: context.sql))
            let full = try await SavingsGoalService.list(child: child, status: nil, includeCompleted: false, in: context)
            let cards = try await SavingsGoalService.list(
                child: child, status: nil, includeCompleted: false, milestones: false, in: context)
            #expect(full.map(\.milestones.count) == [4])
            #expect(full[0].milestones[0].isAchieved)
            #expect(cards.map(\.milestones.count) == [0])
            #expect(cards.map(\.currentAmount) == [Money(cents: 25_00)])
            #expect(cards.map(\.projectedCompletionText) == full.map(\.projectedCompletionText))
            #expect(cards.map(\.id) == full.map(\.id))
        }
    }
}

import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// The goal widget, the goal's spoken progress and the savings part of the balance widget.
@Suite struct GoalWidgetTests {
    /// A goal for `child`, with `saved` already put into it by the child.
    func goal(_ client: TestClient, for child: TestChild, in family: TestFamily, name: String, target: Int64, saved: Int64) async throws
        -> SavingsGoalDto
    {
        let goal = try await client.createGoal(for: child, in: family, name: name, target: target)
        if saved > 0 { try await client.saved(saved, to: goal, token: child.token) }
        return goal
    }

    @Test func goalWidgetAndSpokenProgress() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let bike = try await goal(client, for: kai, in: family, name: "New bike", target: 40_00, saved: 18_00)
            // act
            let widget: GoalWidgetDataDto = try await client.call(.GET, "/api/v1/widgets/goal/\(bike.id)", token: kai.token)
            let parentHears: SiriGoalProgressResponseDto = try await client.call(
                .GET, "/api/v1/siri/goal-progress/\(bike.id)", token: family.parent.token)
            let kaiHears: SiriGoalProgressResponseDto = try await client.call(
                .GET, "/api/v1/siri/goal-progress/\(bike.id)", token: kai.token)
            // assert
            #expect(widget.goalName == "New bike")
            #expect(widget.currentAmount == Money(cents: 18_00))
            #expect(widget.remainingAmount == Money(cents: 22_00))
            #expect(widget.progressPercentage == 45)
            #expect(parentHears.spokenResponse == "Kai is 45% of the way to New bike, with $22.00 to go.")
            #expect(kaiHears.spokenResponse == "You are 45% of the way to New bike, with $22.00 to go.")
        }
    }

    @Test func reachedGoalIsSpokenAsReached() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let ball = try await goal(client, for: kai, in: family, name: "Ball", target: 10_00, saved: 10_00)
            let reply: SiriGoalProgressResponseDto = try await client.call(
                .GET, "/api/v1/siri/goal-progress/\(ball.id)", token: family.parent.token)
            #expect(reply.spokenResponse == "Kai has reached the goal Ball!")
            #expect(reply.remainingAmount == .zero)
        }
    }

    @Test func balanceWidgetCountsMoneyInOpenGoals() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            _ = try await goal(client, for: kai, in: family, name: "Bike", target: 40_00, saved: 12_00)
            let paused = try await goal(client, for: kai, in: family, name: "Kite", target: 20_00, saved: 3_00)
            try await client.send(.POST, "/api/v1/savings-goals/\(paused.id)/pause", token: family.parent.token)
            _ = try await goal(client, for: kai, in: family, name: "Sweets", target: 5_00, saved: 5_00)  // completed: not savings
            let widget: BalanceWidgetDataDto = try await client.call(.GET, "/api/v1/widgets/balance/\(kai.id)", token: kai.token)
            #expect(widget.currentBalance == Money(cents: 30_00))
            #expect(widget.savingsBalance == Money(cents: 15_00))
            #expect(widget.totalBalance == Money(cents: 45_00))
        }
    }

    @Test func siblingsAndStrangersCannotSeeAGoal() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 50_00))])
            let stranger = try await client.family(name: "Strangers")
            let bike = try await goal(client, for: family.children[0], in: family, name: "Bike", target: 40_00, saved: 0)
            for path in ["/api/v1/widgets/goal/\(bike.id)", "/api/v1/siri/goal-progress/\(bike.id)"] {
                for token in [family.children[1].token, stranger.parent.token] {
                    let response = try await client.send(.GET, path, token: token)
                    #expect(response.status == .notFound, "\(path)")
                    #expect(!response.body.string.contains("Bike"))
                }
                #expect(try await client.send(.GET, path).status == .unauthorized)
                #expect(try await client.send(.GET, "/api/v1/widgets/goal/not-a-uuid", token: family.parent.token).status == .badRequest)
            }
        }
    }
}

import AllowanceAPI
import AllowanceCore
import Foundation
import Testing

@testable import AllowanceServer

/// "How close am I to Lego?": the goal-progress voice request with the goal named as said.
@Suite struct GoalByNameTests {
    struct Setup {
        let client: TestClient
        let family: TestFamily
        var kai: TestChild { family.children[0] }
        var freya: TestChild { family.children[1] }
    }

    func setUp(_ client: TestClient) async throws -> Setup {
        let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 50_00))])
        let (kai, freya) = (family.children[0], family.children[1])
        let castle = try await client.createGoal(for: kai, in: family, name: "Légo Castle", target: 40_00)
        try await client.saved(10_00, to: castle, token: kai.token)
        _ = try await client.createGoal(for: kai, in: family, name: "Bike", target: 100_00)
        _ = try await client.createGoal(for: freya, in: family, name: "Lego Boat", target: 20_00)
        return Setup(client: client, family: family)
    }

    func ask(_ s: Setup, _ query: String, token: String) async throws -> SiriGoalLookupResponseDto {
        try await s.client.call(.GET, "/api/v1/siri/goal-progress?\(query)", token: token)
    }

    @Test func aChildNamesTheirGoalInAnyCaseOrAccent() async throws {
        try await withApp { client in
            // setup
            let s = try await setUp(client)
            // act
            let reply = try await ask(s, "name=lego", token: s.kai.token)
            let exact = try await ask(s, "name=L%C3%89GO%20castle", token: s.kai.token)
            // assert: Kai's only Lego goal, not Freya's
            #expect(reply.found && reply.goalName == "Légo Castle" && reply.childId == s.kai.id)
            #expect(reply.spokenResponse == "You are 25% of the way to Légo Castle, with $30.00 to go.")
            #expect(reply.progressPercentage == 25 && reply.remainingAmount == Money(cents: 30_00))
            #expect(exact.found && exact.goalId == reply.goalId)
        }
    }

    @Test func nothingOrSeveralMatchingIsSaid() async throws {
        try await withApp { client in
            // setup
            let s = try await setUp(client)
            // act
            let none = try await ask(s, "name=Kite", token: s.kai.token)
            let several = try await ask(s, "name=lego", token: s.family.parent.token)
            let named = try await ask(s, "name=lego&child=freya", token: s.family.parent.token)
            // assert
            #expect(!none.found && none.goalId == nil)
            #expect(none.spokenResponse == "I couldn't find a goal called Kite. Your goals are Bike and Légo Castle.")
            #expect(none.candidates == ["Bike", "Légo Castle"])
            #expect(!several.found)
            #expect(
                several.spokenResponse
                    == "There are 2 goals called lego: Lego Boat (Freya) and Légo Castle (Kai). Which one did you mean?")
            #expect(named.found && named.goalName == "Lego Boat")
            #expect(named.spokenResponse == "Freya is 0% of the way to Lego Boat, with $20.00 to go.")
        }
    }

    @Test func closedGoalsAndOtherChildrenAreNotSearched() async throws {
        try await withApp { client in
            // setup
            let s = try await setUp(client)
            let stranger = try await client.family(name: "Strangers")
            let goals = try await client.goals(of: s.kai, token: s.kai.token)
            let bike = try #require(goals.first { $0.name == "Bike" })
            try await client.send(.DELETE, "/api/v1/savings-goals/\(bike.id)", token: s.family.parent.token)
            // act
            let cancelled = try await ask(s, "name=bike", token: s.kai.token)
            let sibling = try await client.send(.GET, "/api/v1/siri/goal-progress?name=boat&child=Freya", token: s.kai.token)
            let foreign = try await client.send(.GET, "/api/v1/siri/goal-progress?name=lego&child=Kai", token: stranger.parent.token)
            let missing = try await client.send(.GET, "/api/v1/siri/goal-progress", token: s.kai.token)
            let anonymous = try await client.send(.GET, "/api/v1/siri/goal-progress?name=lego")
            // assert
            #expect(!cancelled.found && cancelled.candidates == ["Légo Castle"])
            #expect(sibling.status == .notFound)
            #expect(foreign.status == .notFound)
            #expect(
                missing.status == .badRequest && missing.error?.message == "name is required: the goal as it is said, such as ?name=Lego")
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test func matchingIsCaseAccentAndWordInsensitive() {
        let goals = ["Légo Castle", "Lego Train", "Bike"]
        #expect(GoalNameMatch.matches("LEGO", in: goals) { $0 } == ["Légo Castle", "Lego Train"])
        #expect(GoalNameMatch.matches("castle lego", in: goals) { $0 } == ["Légo Castle"])
        #expect(GoalNameMatch.matches("lego train", in: goals) { $0 } == ["Lego Train"])
        #expect(GoalNameMatch.matches("  ", in: goals) { $0 }.isEmpty)
    }
}

import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Every savings-goal endpoint, as its "Authorization" line says: anonymous callers 401,
/// another family's parent and a sibling 404 (nothing leaks), the goal's own child 403 on
/// parent-only actions and welcome on "parent or self" ones.
@Suite struct GoalAuthorizationTests {
    struct Setup {
        let family: TestFamily
        let kai: TestChild
        let freya: TestChild
        let stranger: TestFamily
        let goal: SavingsGoalDto
    }

    /// Kai saves $40.00 of $100.00 toward "Bike", with a matching rule and a running challenge.
    func setUp(_ client: TestClient) async throws -> Setup {
        let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 40_00))])
        let stranger = try await client.family(name: "Strangers", children: [("Sam", Money(cents: 5_00))])
        let kai = family.children[0]
        let goal = try await client.createGoal(for: kai, in: family)
        try await client.saved(40_00, to: goal, token: kai.token)
        try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
        client.now.value = testStart.addingTimeInterval(60)
        try await client.challenge(goal, target: 20_00, bonus: 5_00, in: family)
        return Setup(family: family, kai: kai, freya: family.children[1], stranger: stranger, goal: goal)
    }

    func parentOnlyRoutes(_ s: Setup) -> [(HTTPMethod, String, String?)] {
        let g = "/api/v1/savings-goals/\(s.goal.id)"
        return [
            (.DELETE, g, nil),
            (.POST, g + "/pause", nil),
            (.POST, g + "/resume", nil),
            (.POST, g + "/withdraw", #"{"amount":1}"#),
            (.POST, g + "/purchase", "{}"),
            (.POST, g + "/matching", #"{"type":1,"matchRatio":2}"#),
            (.PUT, g + "/matching", #"{"isActive":false}"#),
            (.DELETE, g + "/matching", nil),
            (.POST, g + "/challenge", #"{"targetAmount":1,"endDate":"2027-01-01","bonusAmount":1}"#),
            (.DELETE, g + "/challenge", nil),
        ]
    }

    func parentOrSelfRoutes(_ s: Setup) -> [(HTTPMethod, String, String?)] {
        let g = "/api/v1/savings-goals/\(s.goal.id)"
        return [
            (.GET, g, nil),
            (.PUT, g, #"{"name":"Hacked"}"#),
            (.POST, g + "/contribute", #"{"amount":1}"#),
            (.GET, g + "/contributions", nil),
            (.GET, g + "/matching", nil),
            (.GET, g + "/challenge", nil),
            (.GET, "/api/v1/children/\(s.kai.id)/savings-goals", nil),
            (.GET, "/api/v1/children/\(s.kai.id)/challenges", nil),
            (.POST, "/api/v1/savings-goals", #"{"childId":"\#(s.kai.id)","name":"Hacked","targetAmount":1}"#),
        ]
    }

    /// Nothing about Kai's money moved.
    func expectUnchanged(_ s: Setup, _ client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await client.balance(of: s.kai, in: s.family) == Money(cents: 10_00), sourceLocation: sourceLocation)
        let goal = try await client.goal(s.goal.id, token: s.family.parent.token)
        #expect(goal.name == "Bike" && goal.status == .active && goal.currentAmount == Money(cents: 40_00), sourceLocation: sourceLocation)
        #expect(goal.matchingRule?.isActive == true && goal.matchingRule?.matchRatio == MatchRatio("0.5"), sourceLocation: sourceLocation)
        #expect(goal.hasActiveChallenge, sourceLocation: sourceLocation)
        #expect(try await client.goals(of: s.kai, token: s.family.parent.token).count == 1, sourceLocation: sourceLocation)
        #expect(try await client.audit(s.family).isClean, sourceLocation: sourceLocation)
    }

    @Test func anonymousCallersGet401Everywhere() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in parentOnlyRoutes(s) + parentOrSelfRoutes(s) {
                for token in [nil, "not-a-jwt"] {
                    let response = try await client.send(method, path, token: token, body: body)
                    #expect(response.status == .unauthorized, "\(method) \(path)")
                    #expect(response.error?.code == "unauthorized")
                }
            }
            try await expectUnchanged(s, client)
        }
    }

    @Test func anotherFamilysParentLearnsNothing() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in parentOnlyRoutes(s) + parentOrSelfRoutes(s) {
                let response = try await client.send(method, path, token: s.stranger.parent.token, body: body)
                #expect(response.status == .notFound, "\(method) \(path) answered \(response.status.code)")
                #expect(!response.body.string.contains("Bike") && !response.body.string.contains("Kai"), "\(method) \(path) leaked")
                #expect(!response.body.string.contains("40"), "\(method) \(path) leaked an amount")
            }
            // A random id reads the same as a foreign one.
            let unknown = try await client.send(.GET, "/api/v1/savings-goals/\(UUID())", token: s.stranger.parent.token)
            #expect(unknown.status == .notFound && unknown.error?.message == "Goal was not found")
            try await expectUnchanged(s, client)
        }
    }

    @Test func aSiblingLearnsNothing() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in parentOnlyRoutes(s) + parentOrSelfRoutes(s) {
                let response = try await client.send(method, path, token: s.freya.token, body: body)
                #expect(response.status == .notFound || response.status == .forbidden, "\(method) \(path) answered \(response.status.code)")
                #expect(!response.body.string.contains("Bike") && !response.body.string.contains("40"), "\(method) \(path) leaked")
            }
            try await expectUnchanged(s, client)
        }
    }

    @Test func theGoalsOwnChildGets403OnParentOnlyEndpoints() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in parentOnlyRoutes(s) {
                let response = try await client.send(method, path, token: s.kai.token, body: body)
                #expect(response.status == .forbidden, "\(method) \(path) answered \(response.status.code)")
                #expect(response.error?.code == "parent_only")
            }
            try await expectUnchanged(s, client)
        }
    }

    @Test func theGoalsOwnChildMayUseParentOrSelfEndpoints() async throws {
        try await withApp { client in
            let s = try await setUp(client)
            for (method, path, body) in parentOrSelfRoutes(s) {
                let response = try await client.send(method, path, token: s.kai.token, body: body)
                #expect(
                    (200..<300).contains(response.status.code),
                    "\(method) \(path) answered \(response.status.code): \(response.body.string)")
            }
            let goals = try await client.goals(of: s.kai, token: s.kai.token)
            #expect(goals.map(\.name) == ["Hacked", "Hacked"])
            #expect(try await client.balance(of: s.kai, in: s.family) == Money(cents: 9_00))
            // And the parent may use every endpoint.
            let paused = try await client.send(.POST, "/api/v1/savings-goals/\(s.goal.id)/pause", token: s.family.parent.token)
            #expect(paused.status == .ok)
            #expect(try await client.audit(s.family).isClean)
        }
    }
}

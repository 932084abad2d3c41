import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Bad savings-goal requests get a 4xx with a message a person can act on, and change nothing.
@Suite struct GoalBadInputTests {
    let long = String(repeating: "x", count: 10_000)

    /// Sends each body and expects a 4xx whose message contains the text given.
    func expectRefused(
        _ client: TestClient, _ method: HTTPMethod, _ path: String, token: String, _ cases: [(String, String)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for (body, message) in cases {
            let response = try await client.send(method, path, token: token, body: body)
            #expect(
                (400..<500).contains(response.status.code), "\(body.prefix(80)) answered \(response.status.code)",
                sourceLocation: sourceLocation)
            let error = try #require(
                response.error, "no JSON error for \(body.prefix(80)): \(response.body.string)", sourceLocation: sourceLocation)
            #expect(error.message.contains(message), "\(body.prefix(80)): \(error.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func badGoalsAreNotCreated() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0].id
            let ok = #""childId":"\#(kai)","name":"Bike""#
            try await expectRefused(
                client, .POST, "/api/v1/savings-goals", token: family.parent.token,
                [
                    (#"{"childId":"\#(kai)","targetAmount":10}"#, "name is required"),
                    (#"{"childId":"\#(kai)","name":"  ","targetAmount":10}"#, "Name is required"),
                    (#"{"childId":"\#(kai)","name":"\#(long)","targetAmount":10}"#, "Name must be at most 100 characters"),
                    ("{\(ok)}", "targetAmount is required"),
                    ("{\(ok),\"targetAmount\":0}", "Target amount must be greater than zero"),
                    ("{\(ok),\"targetAmount\":-5}", "Target amount must be greater than zero"),
                    ("{\(ok),\"targetAmount\":1.005}", "targetAmount has more than two decimal places"),
                    ("{\(ok),\"targetAmount\":2000000}", "Target amount must be at most $1,000,000.00"),
                    ("{\(ok),\"targetAmount\":10,\"category\":8}", "category must be one of 1 (Toy), 2 (Game)"),
                    ("{\(ok),\"targetAmount\":10,\"category\":\"Spaceship\"}", "category must be one of"),
                    (
                        "{\(ok),\"targetAmount\":10,\"autoTransferType\":3,\"autoTransferAmount\":1}",
                        "autoTransferType must be one of 0 (None)"
                    ),
                    (
                        "{\(ok),\"targetAmount\":10,\"autoTransferType\":1,\"autoTransferAmount\":0}",
                        "Auto-transfer amount must be greater than zero"
                    ),
                    (
                        "{\(ok),\"targetAmount\":10,\"autoTransferType\":1,\"autoTransferAmount\":-2}",
                        "Auto-transfer amount must be greater than zero"
                    ),
                    (
                        "{\(ok),\"targetAmount\":10,\"autoTransferType\":2,\"autoTransferAmount\":150}",
                        "Auto-transfer percentage must be more than 0 and at most 100"
                    ),
                    ("{\(ok),\"targetAmount\":10,\"autoTransferAmount\":5}", "autoTransferAmount needs an autoTransferType"),
                    ("{\(ok),\"targetAmount\":10,\"targetDate\":\"2026-11-20\"}", "Target date cannot be in the past"),
                    ("{\(ok),\"targetAmount\":10,\"targetDate\":\"tomorrow\"}", "targetDate is not an ISO 8601 date"),
                    // Days that do not exist are refused, not rolled over into March.
                    ("{\(ok),\"targetAmount\":10,\"targetDate\":\"2027-02-30\"}", "targetDate is not an ISO 8601 date"),
                    ("{\(ok),\"targetAmount\":10,\"targetDate\":\"2027-02-29T00:00:00Z\"}", "targetDate is not an ISO 8601 date"),
                    ("{\(ok),\"targetAmount\":10,\"priority\":0}", "Priority must be a number from 1 to 100"),
                    // Foundation's decoder reports a fractional Int as invalid JSON, without the field.
                    ("{\(ok),\"targetAmount\":10,\"priority\":1.5}", "not valid JSON"),
                    (
                        "{\(ok),\"targetAmount\":10,\"imageUrl\":\"javascript:alert(1)\"}",
                        "Image URL must be a web address starting with http:// or https://"
                    ),
                    ("{\(ok),\"targetAmount\":10,\"productUrl\":\"https://\(long)\"}", "Product URL must be at most 500 characters"),
                    ("{\(ok),\"targetAmount\":10,\"description\":\"\(long)\"}", "Description must be at most 500 characters"),
                    (#"{"name":"Bike","targetAmount":10}"#, "childId is required"),
                    (#"{"childId":"nope","name":"Bike","targetAmount":10}"#, "childId"),
                    ("[]", "The request body must be a JSON object"),
                    ("", "The request body is empty"),
                ])
            #expect(try await client.goals(of: family.children[0], token: family.parent.token, query: "?status=1").isEmpty)
            let unknownChild = try await client.send(
                .POST, "/api/v1/savings-goals", token: family.parent.token,
                json: CreateSavingsGoalDto(childId: UUID(), name: "Bike", targetAmount: Money(cents: 1_00)))
            #expect(unknownChild.status == .notFound)
        }
    }

    @Test func badMoneyMovesChangeNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.saved(5_00, to: goal, token: kai.token)
            let amounts: [(String, String)] = [
                (#"{"amount":0}"#, "Amount must be greater than zero"),
                (#"{"amount":-1}"#, "Amount must be greater than zero"),
                (#"{"amount":1.005}"#, "amount has more than two decimal places"),
                (#"{"amount":"abc"}"#, "amount is not an amount of money"),
                (#"{"amount":1e15}"#, "amount is too large"),
                ("{}", "amount is required"),
            ]
            let g = "/api/v1/savings-goals/\(goal.id)"
            try await expectRefused(
                client, .POST, g + "/contribute", token: kai.token,
                amounts + [
                    (#"{"amount":1,"description":"\#(long)"}"#, "Description must be at most 200 characters")
                ])
            try await expectRefused(
                client, .POST, g + "/withdraw", token: family.parent.token,
                amounts + [
                    (#"{"amount":1,"reason":"\#(long)"}"#, "Reason must be at most 200 characters")
                ])
            try await expectRefused(
                client, .POST, g + "/purchase", token: family.parent.token,
                [
                    (#"{"notes":"\#(long)"}"#, "Notes must be at most 1000 characters")
                ])
            try await expectRefused(
                client, .POST, "/api/v1/savings-goals/not-a-goal/contribute", token: kai.token,
                [
                    (#"{"amount":1}"#, "goalId must be a UUID")
                ])
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 15_00))
            let unchanged = try await client.goal(goal.id, token: kai.token)
            #expect(unchanged.currentAmount == Money(cents: 5_00) && unchanged.status == .active)
            #expect(try await client.contributions(of: goal, token: kai.token).count == 1)
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func badMatchingRulesAreRefused() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let goal = try await client.createGoal(for: family.children[0], in: family)
            let path = "/api/v1/savings-goals/\(goal.id)/matching"
            try await expectRefused(
                client, .POST, path, token: family.parent.token,
                [
                    (#"{"type":4,"matchRatio":0.5}"#, "type must be one of 1 (RatioMatch), 2 (PercentageMatch), 3 (MilestoneBonus)"),
                    (#"{"type":"Double","matchRatio":0.5}"#, "type must be one of"),
                    (#"{"matchRatio":0.5}"#, "type is required"),
                    (#"{"type":1}"#, "matchRatio is required"),
                    (#"{"type":1,"matchRatio":0}"#, "matchRatio must be more than 0 and at most 10"),
                    (#"{"type":1,"matchRatio":-0.5}"#, "matchRatio must be more than 0"),
                    (#"{"type":1,"matchRatio":11}"#, "at most 10"),
                    (#"{"type":1,"matchRatio":0.12345}"#, "matchRatio must be a number with at most four decimal places"),
                    (#"{"type":2,"matchRatio":1001}"#, "matchRatio must be a percentage more than 0 and at most 1000"),
                    (#"{"type":3,"matchRatio":1.5}"#, "matchRatio must be more than 0 and at most 1"),
                    (#"{"type":1,"matchRatio":0.5,"maxMatchAmount":0}"#, "Maximum match amount must be greater than zero"),
                    (#"{"type":1,"matchRatio":0.5,"maxMatchAmount":-3}"#, "Maximum match amount must be greater than zero"),
                    (#"{"type":1,"matchRatio":0.5,"maxMatchAmount":2.555}"#, "maxMatchAmount has more than two decimal places"),
                    (#"{"type":1,"matchRatio":0.5,"expiresAt":"2026-11-21T18:29:59Z"}"#, "Expiry must be in the future"),
                ])
            #expect(try await client.send(.GET, path, token: family.parent.token).status == .notFound)
            try await client.match(goal, .ratioMatch, ratio: "0.5", max: 10_00, in: family)
            try await expectRefused(
                client, .PUT, path, token: family.parent.token,
                [
                    (#"{"matchRatio":0}"#, "matchRatio must be more than 0"),
                    (#"{"maxMatchAmount":-1}"#, "Maximum match amount must be greater than zero"),
                    (#"{"expiresAt":"2020-01-01"}"#, "Expiry must be in the future"),
                    (#"{"isActive":"yes"}"#, "isActive must be true or false"),
                ])
            let rule: MatchingRuleDto = try await client.call(.GET, path, token: family.parent.token)
            #expect(
                rule.matchRatio == MatchRatio("0.5") && rule.maxMatchAmount == Money(cents: 10_00) && rule.isActive && rule.expiresAt == nil
            )
        }
    }

    @Test func badChallengesAreRefused() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let end = #""endDate":"2026-12-01T00:00:00Z""#
            try await expectRefused(
                client, .POST, "/api/v1/savings-goals/\(goal.id)/challenge", token: family.parent.token,
                [
                    ("{\"targetAmount\":0,\(end),\"bonusAmount\":1}", "Target amount must be greater than zero"),
                    ("{\"targetAmount\":-1,\(end),\"bonusAmount\":1}", "Target amount must be greater than zero"),
                    ("{\"targetAmount\":1.001,\(end),\"bonusAmount\":1}", "targetAmount has more than two decimal places"),
                    ("{\"targetAmount\":10,\(end),\"bonusAmount\":0}", "Bonus amount must be greater than zero"),
                    ("{\"targetAmount\":10,\(end),\"bonusAmount\":-2}", "Bonus amount must be greater than zero"),
                    ("{\"targetAmount\":10,\(end)}", "bonusAmount is required"),
                    (#"{"targetAmount":10,"bonusAmount":1}"#, "endDate is required"),
                    (#"{"targetAmount":10,"bonusAmount":1,"endDate":"2026-11-01"}"#, "End date must be in the future"),
                    (#"{"targetAmount":10,"bonusAmount":1,"endDate":"2026-11-21T18:30:00Z"}"#, "End date must be in the future"),
                    (#"{"targetAmount":10,"bonusAmount":1,"endDate":"next week"}"#, "endDate is not an ISO 8601 date"),
                    (#"{"targetAmount":10,"bonusAmount":1,"endDate":"2027-01-01T25:00:00Z"}"#, "endDate is not an ISO 8601 date"),
                    (#"{"targetAmount":10,"bonusAmount":1,"endDate":"2027-01-01T10:60:00Z"}"#, "endDate is not an ISO 8601 date"),
                    (
                        "{\"targetAmount\":10,\(end),\"bonusAmount\":1,\"description\":\"\(long)\"}",
                        "Description must be at most 200 characters"
                    ),
                ])
            let listed: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/challenges", token: kai.token)
            #expect(listed.isEmpty)
        }
    }

    @Test func badUpdatesChangeNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, priority: 2, autoTransfer: (.fixedAmount, 1_00))
            try await expectRefused(
                client, .PUT, "/api/v1/savings-goals/\(goal.id)", token: family.parent.token,
                [
                    (#"{"name":""}"#, "Name is required"),
                    (#"{"name":"\#(long)"}"#, "Name must be at most 100 characters"),
                    (#"{"targetAmount":0}"#, "Target amount must be greater than zero"),
                    (#"{"targetAmount":12.345}"#, "targetAmount has more than two decimal places"),
                    (#"{"priority":101}"#, "Priority must be a number from 1 to 100"),
                    (#"{"category":100}"#, "category must be one of"),
                    (#"{"targetDate":"2026-01-01"}"#, "Target date cannot be in the past"),
                    (#"{"autoTransferType":9}"#, "autoTransferType must be one of"),
                    (#"{"autoTransferType":2}"#, "autoTransferAmount is required when autoTransferType changes"),
                    (#"{"autoTransferAmount":-1}"#, "Auto-transfer amount must be greater than zero"),
                    (#"{"productUrl":"ftp://example.com"}"#, "Product URL must be a web address"),
                ])
            let unchanged = try await client.goal(goal.id, token: kai.token)
            #expect(unchanged.name == "Bike" && unchanged.targetAmount == Money(cents: 100_00) && unchanged.priority == 2)
            #expect(unchanged.autoTransferType == .fixedAmount && unchanged.autoTransferAmount == Money(cents: 1_00))
            #expect(unchanged.targetDate == nil && unchanged.productUrl == nil && unchanged.category == .toy)
        }
    }

    @Test func badQueriesAre400() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let cases: [(String, String)] = [
                ("/api/v1/children/\(kai.id)/savings-goals?status=9", "status must be one of 1 (Active)"),
                ("/api/v1/children/\(kai.id)/savings-goals?status=Done", "status must be one of"),
                ("/api/v1/children/\(kai.id)/savings-goals?includeCompleted=maybe", "includeCompleted must be true or false"),
                ("/api/v1/savings-goals/\(goal.id)/contributions?type=42", "type must be one of 1 (ChildDeposit)"),
                ("/api/v1/savings-goals/\(goal.id)/contributions?startDate=yesterday", "startDate must be an ISO 8601 date"),
                (
                    "/api/v1/savings-goals/\(goal.id)/contributions?startDate=2026-11-20&endDate=2026-11-01",
                    "endDate must be after startDate"
                ),
                ("/api/v1/savings-goals/\(goal.id)/contributions?limit=0", "limit must be a number from 1 to 500"),
                ("/api/v1/savings-goals/123", "goalId must be a UUID"),
                ("/api/v1/children/abc/challenges", "childId must be a UUID"),
            ]
            // Refusals that depend on another field, the date or the family's data fit the document: 422.
            let rules: Set<String> = ["endDate must be after startDate"]
            for (path, message) in cases {
                let response = try await client.send(.GET, path, token: family.parent.token)
                #expect(response.status == (rules.contains(message) ? .unprocessableEntity : .badRequest), "\(path)")
                #expect(response.error?.message.contains(message) == true, "\(path): \(response.error?.message ?? response.body.string)")
            }
        }
    }
}

import AllowanceAPI
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// Goals keep the ledger's promise: every cached amount is the sum of its rows, and
/// `verify` says so (or says which one is not).
@Suite struct GoalLedgerTests {
    @Test func verifyChecksGoalsAndReportsATamperedOne() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "0.5", max: 3_00, in: family)
            try await client.saved(10_00, to: goal, token: kai.token)
            try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/withdraw", token: family.parent.token,
                json: WithdrawFromGoalDto(amount: Money(cents: 2_00)))
            let clean = try await client.audit(family)
            #expect(clean.isClean, "\(clean.summary)")
            #expect(clean.goalsChecked == 1 && clean.contributionsChecked == 3)
            #expect(clean.summary.contains("and 1 goals against 3 contribution rows: all balances match"))
            // Someone edits the cached amounts behind the rows' back.
            let sql = client.app.db.sql
            try await sql.raw("UPDATE savings_goals SET current_amount_cents = current_amount_cents + 1 WHERE id = \(bind: goal.id)").run()
            try await sql.raw("UPDATE parent_matching_rules SET total_matched_cents = 2 WHERE goal_id = \(bind: goal.id)").run()
            let report = try await client.audit(family)
            #expect(!report.isClean)
            #expect(report.summary.contains("Goal \"Bike\" (\(goal.id)): stored amount $11.01, contributions sum to $11.00"))
            #expect(report.summary.contains("Matching rule on \"Bike\""))
            #expect(report.summary.contains("total matched $0.02, rows paid $3.00"))
        }
    }

    @Test func removingAChildRemovesTheirGoals() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 50_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            try await client.challenge(goal, target: 50_00, bonus: 1_00, in: family)
            try await client.saved(10_00, to: goal, token: kai.token)
            let kept = try await client.createGoal(for: freya, in: family, name: "Doll")
            #expect(try await client.send(.DELETE, "/api/v1/children/\(kai.id)", token: family.parent.token).status == .noContent)
            #expect(try await client.send(.GET, "/api/v1/savings-goals/\(goal.id)", token: family.parent.token).status == .notFound)
            struct Count: Decodable { let n: Int64 }
            let sql = client.app.db.sql
            for table in ["savings_goals", "savings_contributions", "goal_milestones", "parent_matching_rules", "goal_challenges"] {
                let column = table == "savings_goals" ? "id" : "goal_id"
                let left = try await sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE \(unsafeRaw: column) = \(bind: goal.id)")
                    .first(decoding: Count.self)
                #expect(left?.n == 0, "\(table)")
            }
            #expect(try await client.goal(kept.id, token: freya.token).name == "Doll")
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func theOpenAPIDocumentListsGoalEndpointsWithTheirAuthorization() async throws {
        try await withApp { client in
            let response = try await client.send(.GET, "/openapi.json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
            #expect(
                paths["/api/v1/savings-goals/{goalId}/contribute"]?["post"]?["description"] as? String
                    == "Authorization: A parent of this family, or the child it belongs to.")
            #expect(
                paths["/api/v1/savings-goals/{goalId}/withdraw"]?["post"]?["description"] as? String
                    == "Authorization: Parent of this family.")
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
            let goal = try #require(schemas["SavingsGoalDto"]?["properties"] as? [String: Any])
            for field in [
                "remainingAmount", "progressPercentage", "statusName", "milestones", "matchingRule", "activeChallenge",
                "projectedCompletionText",
            ] {
                #expect(goal[field] != nil, "\(field)")
            }
            #expect(schemas["GoalProgressEventDto"] != nil && schemas["GoalChallengeDto"] != nil && schemas["CreateMatchingRuleDto"] != nil)
        }
    }
}

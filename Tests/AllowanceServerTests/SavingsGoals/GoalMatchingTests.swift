import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// savings-goals.md "Matching (8 tests)", through the API.
@Suite struct GoalMatchingTests {
    @Test func calculateMatch_RatioMatch_ReturnsCorrectAmount() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let rule = try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            #expect(rule.typeDescription == "$1 for every $2 saved")
            #expect(rule.typeName == "RatioMatch" && rule.matchRatio == MatchRatio("0.5"))
            #expect(try await client.saved(2_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 1_00))
            // $3.33 × 0.5 = $1.665: the parent adds whole cents, rounded down.
            #expect(try await client.saved(3_33, to: goal, token: kai.token).matchAmountAdded == Money(cents: 1_66))
            #expect(try await client.goal(goal.id, token: kai.token).currentAmount == Money(cents: 7_99))
        }
    }

    @Test func calculateMatch_PercentageMatch_ReturnsCorrectAmount() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let rule = try await client.match(goal, .percentageMatch, ratio: "50", in: family)
            #expect(rule.typeDescription == "50% of every deposit")
            #expect(try await client.saved(3_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 1_50))
            #expect(try await client.goal(goal.id, token: kai.token).matchingRule?.totalMatchedAmount == Money(cents: 1_50))
        }
    }

    @Test func calculateMatch_RespectsMaxCap() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let rule = try await client.match(goal, .ratioMatch, ratio: "0.5", max: 5_00, in: family)
            #expect(rule.remainingMatchAmount == Money(cents: 5_00))
            #expect(try await client.saved(8_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 4_00))
            #expect(try await client.saved(8_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 1_00))
            let after: MatchingRuleDto = try await client.call(.GET, "/api/v1/savings-goals/\(goal.id)/matching", token: kai.token)
            #expect(after.totalMatchedAmount == Money(cents: 5_00) && after.remainingMatchAmount == .zero)
            // Raising the cap lets matching continue; lowering it below what was paid is refused.
            let lower = try await client.send(
                .PUT, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token,
                json: UpdateMatchingRuleDto(maxMatchAmount: Money(cents: 4_00)))
            #expect(lower.status == .unprocessableEntity)
            #expect(lower.error?.message == "Maximum match amount cannot be less than the $5.00 already matched")
            let _: MatchingRuleDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token,
                json: UpdateMatchingRuleDto(maxMatchAmount: Money(cents: 6_00)))
            #expect(try await client.saved(8_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 1_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func matchingRule_OnePerGoal() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let response = try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token,
                json: CreateMatchingRuleDto(type: .ratioMatch, matchRatio: MatchRatio("1")!))
            #expect(response.status == .created)
            let second = try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token,
                json: CreateMatchingRuleDto(type: .percentageMatch, matchRatio: MatchRatio("10")!))
            #expect(second.status == .conflict)
            #expect(second.error?.code == "matching_rule_exists")
            let rule: MatchingRuleDto = try await client.call(.GET, "/api/v1/savings-goals/\(goal.id)/matching", token: kai.token)
            #expect(rule.type == .ratioMatch && rule.createdByName == "Pat Parent" && rule.goalName == "Bike")
            let shown = try await client.goal(goal.id, token: kai.token)
            #expect(shown.hasMatchingRule && shown.matchingRule?.typeDescription == "$1 for every $1 saved")
        }
    }

    @Test func matchingRule_ExpiredMatchesNothingAndReadsAsEnded() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "0.5", expiresAt: testStart.addingTimeInterval(3_600), in: family)
            #expect(try await client.saved(2_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 1_00))
            // The moment it expires, it is over: no job has to run first.
            client.now.value = testStart.addingTimeInterval(3_600)
            #expect(try await client.saved(2_00, to: goal, token: kai.token).matchAmountAdded == nil)
            let rule: MatchingRuleDto = try await client.call(.GET, "/api/v1/savings-goals/\(goal.id)/matching", token: kai.token)
            #expect(!rule.isActive && rule.isExpired)
            #expect(try await client.goal(goal.id, token: kai.token).matchingRule?.isActive == false)
            // Extending it brings it back.
            let _: MatchingRuleDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token,
                json: UpdateMatchingRuleDto(expiresAt: testStart.addingTimeInterval(7_200)))
            #expect(try await client.saved(2_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 1_00))
        }
    }

    @Test func matchingRule_InactiveMatchesNothingUntilReactivated() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            let off: MatchingRuleDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token, json: UpdateMatchingRuleDto(isActive: false))
            #expect(!off.isActive && !off.isExpired)
            #expect(try await client.saved(2_00, to: goal, token: kai.token).matchAmountAdded == nil)
            let on: MatchingRuleDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token,
                json: UpdateMatchingRuleDto(matchRatio: MatchRatio("1")!, isActive: true))
            #expect(on.isActive && on.typeDescription == "$1 for every $1 saved")
            #expect(try await client.saved(2_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 2_00))
        }
    }

    @Test func matchingRule_MilestoneBonusPaysAtEachMilestone() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let rule = try await client.match(goal, .milestoneBonus, ratio: "0.1", in: family)
            #expect(rule.typeDescription == "$2.50 bonus at each milestone")
            #expect(
                try await client.goal(goal.id, token: kai.token).milestones.map(\.bonusAmount)
                    == Array(repeating: Money(cents: 2_50), count: 4))
            let event = try await client.saved(25_00, to: goal, token: kai.token)
            #expect(event.matchAmountAdded == nil)
            #expect(event.milestoneReached?.bonusAmount == Money(cents: 2_50))
            #expect(event.newAmount == Money(cents: 27_50))
            // $20.00 more makes $47.50: not half yet. $2.50 more is, and its bonus is paid too.
            let next = try await client.saved(20_00, to: goal, token: kai.token)
            #expect(next.newAmount == Money(cents: 47_50))
            #expect(next.milestonesReached.isEmpty)
            let half = try await client.saved(2_50, to: goal, token: kai.token)
            #expect(half.milestoneReached?.percentComplete == 50)
            #expect(half.newAmount == Money(cents: 52_50))
            let history = try await client.contributions(of: goal, token: kai.token, query: "?type=3")
            #expect(history.map(\.description) == ["Bonus for reaching the 50% milestone", "Bonus for reaching the 25% milestone"])
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 52_50))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func matchingRule_RemovedRuleMatchesNothingAndKeepsWhatItPaid() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            try await client.saved(4_00, to: goal, token: kai.token)
            let removed = try await client.send(.DELETE, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token)
            #expect(removed.status == .noContent)
            let missing = try await client.send(.GET, "/api/v1/savings-goals/\(goal.id)/matching", token: kai.token)
            #expect(missing.status == .notFound)
            #expect(missing.error?.message == "Matching rule was not found")
            #expect(try await client.saved(4_00, to: goal, token: kai.token).matchAmountAdded == nil)
            let shown = try await client.goal(goal.id, token: kai.token)
            #expect(!shown.hasMatchingRule && shown.currentAmount == Money(cents: 10_00))
            #expect(
                try await client.send(.DELETE, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token).status == .notFound)
            #expect(try await client.audit(family).isClean)
        }
    }
}

/// Money moves arriving at once: the cap holds, and nothing deadlocks or drifts.
@Suite struct GoalConcurrencyTests {
    @Test func matchingCap_HoldsUnder20ConcurrentContributions() async throws {
        try await withApp { client in
            // setup: $40.00 to save; each $2.00 would earn $1.00, but the cap is $5.00
            let family = try await client.family(children: [("Kai", Money(cents: 40_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 1_000_00)
            try await client.match(goal, .ratioMatch, ratio: "0.5", max: 5_00, in: family)
            // act
            let events = try await withThrowingTaskGroup(of: GoalProgressEventDto.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await client.saved(2_00, to: goal, token: kai.token) }
                }
                return try await group.reduce(into: [GoalProgressEventDto]()) { $0.append($1) }
            }
            // assert
            #expect(events.count == 20)
            // Each contribution saw the goal as it left it: twenty different amounts.
            #expect(Set(events.map(\.newAmount)).count == 20)
            #expect(events.compactMap(\.matchAmountAdded).reduce(Money.zero, +) == Money(cents: 5_00))
            #expect(events.compactMap(\.matchAmountAdded).count == 5)
            let after = try await client.goal(goal.id, token: kai.token)
            #expect(after.currentAmount == Money(cents: 45_00))
            #expect(after.matchingRule?.totalMatchedAmount == Money(cents: 5_00))
            #expect(try await client.balance(of: kai, in: family) == .zero)
            #expect(try await client.contributions(of: goal, token: kai.token, query: "?type=ParentMatch").count == 5)
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }

    /// A payday (allowance credit, then auto-transfers, locking the child before the goal)
    /// while contributions, a withdrawal and a rule change (goal work) run: every one finishes.
    @Test func paydayAndContributionsAtOnceAllFinishAndBalance() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 30_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 1_000_00, autoTransfer: (.fixedAmount, 5_00))
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            try await client.saved(10_00, to: goal, token: kai.token)
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for round in 0..<3 {
                    group.addTask {
                        try await client.payday(kai, in: family, allowance: 10_00)
                        return 200
                    }
                    for _ in 0..<4 {
                        group.addTask { try await client.contribute(1_00, to: goal, token: kai.token).status.code }
                    }
                    group.addTask {
                        try await client.send(
                            .POST, "/api/v1/savings-goals/\(goal.id)/withdraw", token: family.parent.token,
                            json: WithdrawFromGoalDto(amount: Money(cents: 50))
                        ).status.code
                    }
                    group.addTask {
                        try await client.send(
                            .PUT, "/api/v1/savings-goals/\(goal.id)/matching", token: family.parent.token,
                            json: UpdateMatchingRuleDto(isActive: round % 2 == 0)
                        ).status.code
                    }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
            let after = try await client.goal(goal.id, token: kai.token)
            let rows = try await client.contributions(of: goal, token: kai.token, query: "?limit=500")
            #expect(rows.filter { $0.type == .autoTransfer }.count == 3)
            #expect(after.currentAmount == rows.reduce(Money.zero) { $0 + $1.amount })
            let audit = try await client.audit(family)
            #expect(audit.isClean, "\(audit.summary)")
        }
    }
}

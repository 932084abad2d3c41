import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// savings-goals.md "Auto-transfer (5 tests)": `processAutoTransfers` called directly, and
/// as the payday hook the payday job runs after crediting the allowance.
@Suite struct GoalAutoTransferTests {
    @Test func processAutoTransfers_TransfersFixedAmount() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, autoTransfer: (.fixedAmount, 2_50))
            let child = try await client.childRecord(kai, in: family)
            let moved = try await AutoTransferService.processAutoTransfers(
                child: child, allowance: Money(cents: 10_00), at: client.now.value, in: client.app.context())
            #expect(moved == [.init(goalID: goal.id, amount: Money(cents: 2_50))])
            #expect(try await client.goal(goal.id, token: kai.token).currentAmount == Money(cents: 2_50))
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 17_50))
            let row = try #require(try await client.contributions(of: goal, token: kai.token).first)
            #expect(row.type == .autoTransfer && row.typeName == "AutoTransfer")
            #expect(row.description == "Auto-transfer from allowance" && row.createdByName == nil)
            #expect(try await client.ledger(of: kai, in: family).last?.description == "Saved to goal: Bike")
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func processAutoTransfers_TransfersPercentage() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, autoTransfer: (.percentage, 12_50))
            let child = try await client.childRecord(kai, in: family)
            try await AutoTransferService.processAutoTransfers(
                child: child, allowance: Money(cents: 10_00), at: client.now.value, in: client.app.context())
            // 12.5 % of $10.00.
            #expect(try await client.goal(goal.id, token: kai.token).currentAmount == Money(cents: 1_25))
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 18_75))
        }
    }

    @Test func processAutoTransfers_FollowPriorityAndNeverExceedTheAllowance() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let third = try await client.createGoal(for: kai, in: family, name: "Third", priority: 3, autoTransfer: (.fixedAmount, 5_00))
            let first = try await client.createGoal(for: kai, in: family, name: "First", priority: 1, autoTransfer: (.fixedAmount, 6_00))
            let second = try await client.createGoal(for: kai, in: family, name: "Second", priority: 2, autoTransfer: (.percentage, 50_00))
            let manual = try await client.createGoal(for: kai, in: family, name: "Manual", priority: 1)
            try await client.payday(kai, in: family, allowance: 10_00)
            #expect(try await client.goal(first.id, token: kai.token).currentAmount == Money(cents: 6_00))
            // Wanted $5.00 (half the allowance); $4.00 was left.
            #expect(try await client.goal(second.id, token: kai.token).currentAmount == Money(cents: 4_00))
            #expect(try await client.goal(third.id, token: kai.token).currentAmount == .zero)
            #expect(try await client.goal(manual.id, token: kai.token).currentAmount == .zero)
            // $50.00 + $10.00 allowance - $10.00 saved.
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 50_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func processAutoTransfers_SkipPausedAndCompletedGoals() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let paused = try await client.createGoal(for: kai, in: family, name: "Paused", priority: 1, autoTransfer: (.fixedAmount, 3_00))
            try await client.send(.POST, "/api/v1/savings-goals/\(paused.id)/pause", token: family.parent.token)
            let done = try await client.createGoal(
                for: kai, in: family, name: "Done", target: 5_00, priority: 1, autoTransfer: (.fixedAmount, 3_00))
            try await client.saved(5_00, to: done, token: kai.token)
            let almost = try await client.createGoal(
                for: kai, in: family, name: "Almost", target: 10_00, priority: 2, autoTransfer: (.fixedAmount, 3_00))
            try await client.saved(9_00, to: almost, token: kai.token)
            let open = try await client.createGoal(for: kai, in: family, name: "Open", priority: 3, autoTransfer: (.fixedAmount, 3_00))
            try await client.payday(kai, in: family, allowance: 10_00)
            #expect(try await client.goal(paused.id, token: kai.token).currentAmount == .zero)
            #expect(try await client.goal(done.id, token: kai.token).currentAmount == Money(cents: 5_00))
            // A goal takes only what it still needs, and that completes it.
            let topped = try await client.goal(almost.id, token: kai.token)
            #expect(topped.currentAmount == Money(cents: 10_00) && topped.status == .completed)
            #expect(try await client.goal(open.id, token: kai.token).currentAmount == Money(cents: 3_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func processAutoTransfers_RunAsThePaydayHookWithMatchingMilestonesAndChallenges() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 0))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 20_00, autoTransfer: (.percentage, 50_00))
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            try await client.challenge(goal, target: 5_00, bonus: 1_00, in: family)
            client.now.value = testStart.addingTimeInterval(3_600)
            try await client.payday(kai, in: family, allowance: 10_00)
            // $5.00 moved, matched with $2.50, the challenge won ($1.00): $8.50 of $20.00.
            let after = try await client.goal(goal.id, token: kai.token)
            #expect(after.currentAmount == Money(cents: 8_50))
            #expect(after.milestones.map(\.isAchieved) == [true, false, false, false])
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 5_00))
            let types = try await client.contributions(of: goal, token: kai.token).map(\.type)
            #expect(Set(types) == [.autoTransfer, .parentMatch, .challengeBonus])
            #expect(try await client.notifications(token: kai.token).contains { $0.type == .challengeCompleted })
            #expect(try await client.audit(family).isClean)
        }
    }
}

import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// savings-goals.md "Contributions (12 tests)", through the API.
@Suite struct GoalContributionTests {
    @Test func contribute_DeductsFromChildBalance() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let event = try await client.saved(12_50, to: goal, token: kai.token)
            #expect(event.newAmount == Money(cents: 12_50))
            #expect(event.balanceAfter == Money(cents: 37_50))
            #expect(event.matchAmountAdded == nil && event.milestoneReached == nil && !event.isCompleted)
            // A parent may put the child's money in for them.
            try await client.saved(2_50, to: goal, token: family.parent.token)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 35_00))
            #expect(try await client.goal(goal.id, token: kai.token).currentAmount == Money(cents: 15_00))
            let ledger = try await client.ledger(of: kai, in: family)
            #expect(ledger.suffix(2).map(\.description) == ["Saved to goal: Bike", "Saved to goal: Bike"])
            #expect(ledger.last?.type == .debit && ledger.last?.amount == Money(cents: 2_50))
            let history = try await client.contributions(of: goal, token: kai.token)
            #expect(history.map(\.amount) == [Money(cents: 2_50), Money(cents: 12_50)])
            #expect(history.map(\.typeName) == ["ChildDeposit", "ChildDeposit"])
            #expect(history.map(\.createdByName) == ["Pat Parent", "Kai Kid"])
            #expect(history.first?.goalBalanceAfter == Money(cents: 15_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func contribute_AppliesParentMatching() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            let event = try await client.saved(2_00, to: goal, token: kai.token)
            #expect(event.matchAmountAdded == Money(cents: 1_00))
            #expect(event.newAmount == Money(cents: 3_00))
            // The match is the parent's money: the child's balance moves by the deposit only.
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 48_00))
            let history = try await client.contributions(of: goal, token: kai.token)
            #expect(history.map(\.type) == [.parentMatch, .childDeposit])
            #expect(history.first?.description == "Parent match for $2.00 saved")
            #expect(history.first?.createdByName == "Pat Parent")
            let rule: MatchingRuleDto = try await client.call(.GET, "/api/v1/savings-goals/\(goal.id)/matching", token: kai.token)
            #expect(rule.totalMatchedAmount == Money(cents: 1_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func contribute_DoesNotExceedMatchingCap() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "1", max: 5_00, in: family)
            #expect(try await client.saved(4_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 4_00))
            #expect(try await client.saved(4_00, to: goal, token: kai.token).matchAmountAdded == Money(cents: 1_00))
            #expect(try await client.saved(4_00, to: goal, token: kai.token).matchAmountAdded == nil)
            let summary = try #require(try await client.goal(goal.id, token: kai.token).matchingRule)
            #expect(summary.totalMatchedAmount == Money(cents: 5_00))
            #expect(summary.remainingMatchAmount == .zero)
            #expect(try await client.goal(goal.id, token: kai.token).currentAmount == Money(cents: 17_00))
        }
    }

    @Test func contribute_AchievesMilestone() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            #expect(try await client.saved(24_99, to: goal, token: kai.token).milestoneReached == nil)
            let event = try await client.saved(1, to: goal, token: kai.token)
            let milestone = try #require(event.milestoneReached)
            #expect(milestone.percentComplete == 25)
            #expect(milestone.isAchieved && milestone.achievedAt == testStart)
            #expect(milestone.celebrationMessage == "A quarter of the way to Bike!")
            let stored = try await client.goal(goal.id, token: kai.token).milestones
            #expect(stored.map(\.isAchieved) == [true, false, false, false])
            let news = try await client.notifications(token: kai.token)
            #expect(news.map(\.title) == ["Milestone reached!"])
            #expect(news.first?.message.hasPrefix("You've hit 25% on your Bike goal!") == true)
        }
    }

    @Test func contribute_CompletesGoal() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 60_00)
            try await client.saved(50_00, to: goal, token: kai.token)
            let event = try await client.saved(10_00, to: goal, token: kai.token)
            #expect(event.isCompleted)
            #expect(event.progressPercentage == 100)
            #expect(event.milestoneReached?.percentComplete == 100)
            let done = try await client.goal(goal.id, token: kai.token)
            #expect(done.status == .completed && done.completedAt == testStart)
            #expect(done.remainingAmount == .zero)
            let news = try await client.notifications(token: kai.token)
            #expect(news.filter { $0.type == .goalCompleted }.map(\.message) == ["Congratulations! You saved enough for Bike!"])
            // Reaching 100 % is told once, as the goal's completion.
            #expect(news.filter { $0.type == .goalMilestone }.count == 3)
            let parentNews = try await client.notifications(token: family.parent.token)
            #expect(parentNews.map(\.title) == ["Kai reached a savings goal"])
            // A completed goal takes no more money.
            #expect(try await client.contribute(1_00, to: goal, token: kai.token).status == .conflict)
        }
    }

    @Test func contribute_CrossingTwoMilestonesAtOnce_AchievesBoth() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let event = try await client.saved(60_00, to: goal, token: kai.token)
            #expect(event.milestonesReached.map(\.percentComplete) == [25, 50])
            #expect(event.milestoneReached?.percentComplete == 50)
            #expect(try await client.goal(goal.id, token: kai.token).milestones.map(\.isAchieved) == [true, true, false, false])
            let news = try await client.notifications(token: kai.token).map(\.message).sorted()
            #expect(
                news == [
                    "You've hit 25% on your Bike goal! A quarter of the way to Bike!", "You've hit 50% on your Bike goal! Halfway to Bike!",
                ])
            // Reached once: the next deposit reaches nothing new.
            #expect(try await client.saved(1_00, to: goal, token: kai.token).milestonesReached.isEmpty)
        }
    }

    /// A deposit settles against the milestones its goal's lock read as achieved, so the lock
    /// must read exactly those: the next one still ahead is reached, and none is told twice.
    @Test func theLockReadsTheMilestonesAlreadyAchieved() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let locked = { try await client.app.db.transaction { db in try await GoalStore.lock(goal.id, on: db).achievedMilestones } }
            #expect(try await locked() == [])
            try await client.saved(60_00, to: goal, token: kai.token)
            #expect(try await locked() == [25, 50])
            #expect(try await client.saved(20_00, to: goal, token: kai.token).milestonesReached.map(\.percentComplete) == [75])
            #expect(try await locked() == [25, 50, 75])
            let news = try await client.notifications(token: kai.token).filter { $0.type == .goalMilestone }
            #expect(news.count == 3)
        }
    }

    @Test func contribute_RefusedWhenTheGoalIsNotActive() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let done = try await client.createGoal(for: kai, in: family, name: "Done", target: 5_00)
            try await client.saved(5_00, to: done, token: kai.token)
            let cancelled = try await client.createGoal(for: kai, in: family, name: "Gone")
            try await client.send(.DELETE, "/api/v1/savings-goals/\(cancelled.id)", token: family.parent.token)
            for (goal, status) in [(done, "completed"), (cancelled, "cancelled")] {
                let response = try await client.contribute(1_00, to: goal, token: kai.token)
                #expect(response.status == .conflict)
                #expect(response.error?.code == "goal_not_active")
                #expect(response.error?.message == "\(goal.name) is \(status), so it cannot take money now")
            }
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 95_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func contribute_RefusedWhenTheBalanceIsShort() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 3_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            let response = try await client.contribute(3_01, to: goal, token: kai.token)
            #expect(response.status == .unprocessableEntity)
            #expect(response.error?.message == "Insufficient balance: Kai has $3.00")
            let unchanged = try await client.goal(goal.id, token: kai.token)
            #expect(unchanged.currentAmount == .zero)
            #expect(unchanged.matchingRule?.totalMatchedAmount == .zero)
            #expect(try await client.contributions(of: goal, token: kai.token).isEmpty)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 3_00))
        }
    }

    @Test func withdraw_ReturnsMoneyToTheBalance() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 20_00)
            try await client.saved(20_00, to: goal, token: kai.token)
            let row: ContributionDto = try await client.call(
                .POST, "/api/v1/savings-goals/\(goal.id)/withdraw", token: family.parent.token,
                json: WithdrawFromGoalDto(amount: Money(cents: 7_50), reason: "School trip"))
            #expect(row.amount == Money(cents: -7_50))
            #expect(row.type == .withdrawal && row.typeName == "Withdrawal")
            #expect(row.goalBalanceAfter == Money(cents: 12_50))
            #expect(row.description == "School trip" && row.createdByName == "Pat Parent")
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 37_50))
            let ledger = try await client.ledger(of: kai, in: family)
            #expect(ledger.last?.description == "Returned from goal: Bike" && ledger.last?.type == .credit)
            // Below its target again, a completed goal is active again.
            let goalNow = try await client.goal(goal.id, token: kai.token)
            #expect(goalNow.status == .active && goalNow.completedAt == nil)
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func withdraw_CannotTakeMoreThanIsSaved() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.saved(3_00, to: goal, token: kai.token)
            let response = try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/withdraw", token: family.parent.token,
                json: WithdrawFromGoalDto(amount: Money(cents: 3_01)))
            #expect(response.status == .unprocessableEntity)
            #expect(response.error?.message == "Bike has only $3.00 saved")
            #expect(try await client.goal(goal.id, token: kai.token).currentAmount == Money(cents: 3_00))
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 47_00))
            // Everything is fine.
            #expect(
                try await client.send(
                    .POST, "/api/v1/savings-goals/\(goal.id)/withdraw", token: family.parent.token,
                    json: WithdrawFromGoalDto(amount: Money(cents: 3_00))
                ).status == .ok)
            #expect(try await client.goal(goal.id, token: kai.token).currentAmount == .zero)
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func contributions_FilterByTypeAndDateRange() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 500_00)
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            // 21 November 18:30, 22 November 00:30 and 17:30 (UTC).
            let times = [testStart, testStart.addingTimeInterval(6 * 3_600), testStart.addingTimeInterval(23 * 3_600)]
            for (time, cents) in zip(times, [2_00, 4_00, 6_00]) {
                client.now.value = time
                try await client.saved(Int64(cents), to: goal, token: kai.token)
            }
            let all = try await client.contributions(of: goal, token: kai.token)
            #expect(all.map(\.amount.cents) == [3_00, 6_00, 2_00, 4_00, 1_00, 2_00])
            let deposits = try await client.contributions(of: goal, token: kai.token, query: "?type=1")
            #expect(deposits.map(\.amount.cents) == [6_00, 4_00, 2_00])
            let matches = try await client.contributions(of: goal, token: kai.token, query: "?type=ParentMatch")
            #expect(matches.map(\.amount.cents) == [3_00, 2_00, 1_00])
            // A bare date is the family's day (New York): 21 November there runs to 05:00 UTC on
            // the 22nd, so it holds the first two; the 22nd holds the third.
            let first = try await client.contributions(of: goal, token: kai.token, query: "?startDate=2026-11-21&endDate=2026-11-21")
            #expect(first.map(\.amount.cents) == [2_00, 4_00, 1_00, 2_00])
            let second = try await client.contributions(of: goal, token: kai.token, query: "?startDate=2026-11-22&endDate=2026-11-22")
            #expect(second.map(\.amount.cents) == [3_00, 6_00])
            let until = times[2].formatted(.iso8601)
            let between = try await client.contributions(of: goal, token: kai.token, query: "?startDate=2026-11-21&endDate=\(until)")
            #expect(between.map(\.amount.cents) == [2_00, 4_00, 1_00, 2_00])
            let since = try await client.contributions(
                of: goal, token: kai.token, query: "?type=1&startDate=\(times[1].formatted(.iso8601))")
            #expect(since.map(\.amount.cents) == [6_00, 4_00])
        }
    }

    @Test func purchase_OnlyWhenCompleted_SetsPurchasedAndRecordsTheSpend() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 40_00)
            try await client.saved(30_00, to: goal, token: kai.token)
            let early = try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/purchase", token: family.parent.token, json: MarkGoalPurchasedDto())
            #expect(early.status == .conflict)
            #expect(early.error?.message == "Only a completed goal can be marked purchased; Bike is active at 75%")
            try await client.saved(10_00, to: goal, token: kai.token)
            client.now.value = testStart.addingTimeInterval(3_600)
            let bought: SavingsGoalDto = try await client.call(
                .POST, "/api/v1/savings-goals/\(goal.id)/purchase", token: family.parent.token,
                json: MarkGoalPurchasedDto(notes: "Bike shop"))
            #expect(bought.status == .purchased && bought.statusName == "Purchased")
            #expect(bought.purchasedAt == testStart.addingTimeInterval(3_600))
            #expect(bought.currentAmount == .zero)
            let spend = try #require(try await client.contributions(of: goal, token: kai.token).first)
            #expect(spend.type == .purchase && spend.amount == Money(cents: -40_00) && spend.description == "Bike shop")
            // The money left the balance when it was saved; buying does not take it twice.
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 60_00))
            #expect(
                try await client.send(.POST, "/api/v1/savings-goals/\(goal.id)/purchase", token: family.parent.token).status == .conflict)
            #expect(try await client.audit(family).isClean)
        }
    }

    /// A deposit, a match or a bonus can take a goal past its target; buying spends the price,
    /// and what was saved past it goes back to the child.
    @Test func purchase_OfAGoalSavedPastItsTarget_SpendsTheTargetAndGivesBackTheRest() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 40_00)
            try await client.saved(50_00, to: goal, token: kai.token)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 50_00))
            let bought: SavingsGoalDto = try await client.call(
                .POST, "/api/v1/savings-goals/\(goal.id)/purchase", token: family.parent.token, json: MarkGoalPurchasedDto())
            #expect(bought.status == .purchased && bought.currentAmount == .zero)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 60_00))
            // Oldest first: everything saved comes out, then the price is spent.
            let newest = try await client.ledger(of: kai, in: family).suffix(2)
            #expect(newest.map(\.description) == ["Taken from savings: Bike", "Bought Bike, $40.00, from savings"])
            #expect(newest.map(\.amount) == [Money(cents: 50_00), Money(cents: 40_00)])
            #expect(newest.map(\.type) == [.credit, .debit])
            #expect(try await client.audit(family).isClean)
        }
    }
}

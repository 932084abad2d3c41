import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// savings-goals.md "Goal CRUD (10 tests)", through the API.
@Suite struct GoalCrudTests {
    @Test func createGoal_WithAutoTransfer_SetsCorrectConfig() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let response = try await client.send(
                .POST, "/api/v1/savings-goals", token: family.parent.token,
                json: CreateSavingsGoalDto(
                    childId: kai.id, name: "Bike", description: "The red one", targetAmount: Money(cents: 120_00), category: .toy,
                    priority: 2,
                    autoTransferAmount: Money(cents: 2_50), autoTransferType: .fixedAmount))
            #expect(response.status == .created)
            let goal = try response.decode(SavingsGoalDto.self)
            #expect(goal.autoTransferType == .fixedAmount)
            #expect(goal.autoTransferTypeName == "FixedAmount")
            #expect(goal.autoTransferAmount == Money(cents: 2_50))
            #expect(goal.priority == 2)
            #expect(goal.status == .active && goal.statusName == "Active")
            #expect(goal.category == .toy && goal.categoryName == "Toy")
            #expect(goal.childName == "Kai")
            #expect(goal.currentAmount == .zero && goal.remainingAmount == Money(cents: 120_00))
            let percentage = try await client.createGoal(for: kai, in: family, name: "Game", autoTransfer: (.percentage, 25_00))
            #expect(percentage.autoTransferType == .percentage)
            #expect(percentage.autoTransferAmount == Money(cents: 25_00))
            // The wire carries the documents' integers.
            let raw = try await client.send(.GET, "/api/v1/savings-goals/\(goal.id)", token: kai.token).body.string
            #expect(raw.contains(#""autoTransferType":1"#) && raw.contains(#""status":1"#) && raw.contains(#""category":1"#))
        }
    }

    @Test func createGoal_CreatesMilestones() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let goal = try await client.createGoal(for: family.children[0], in: family, target: 80_00)
            #expect(goal.milestones.map(\.percentComplete) == [25, 50, 75, 100])
            #expect(
                goal.milestones.map(\.targetAmount) == [Money(cents: 20_00), Money(cents: 40_00), Money(cents: 60_00), Money(cents: 80_00)])
            #expect(goal.milestones.allSatisfy { !$0.isAchieved && $0.achievedAt == nil && $0.bonusAmount == nil })
            #expect(goal.milestones[1].celebrationMessage == "Halfway to Bike!")
            #expect(Set(goal.milestones.map(\.id)).count == 4)
        }
    }

    @Test func createGoal_ByChild_IsTheirOwnWithoutChildId() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00)), ("Freya", Money(cents: 10_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let response = try await client.send(
                .POST, "/api/v1/savings-goals", token: kai.token, body: #"{"name":"Skateboard","targetAmount":45.5,"category":2}"#)
            #expect(response.status == .created)
            let goal = try response.decode(SavingsGoalDto.self)
            #expect(goal.childId == kai.id)
            #expect(goal.targetAmount == Money(cents: 45_50))
            #expect(goal.category == .game)
            #expect(goal.priority == 1 && goal.autoTransferType == AutoTransferType.none)
            // A child cannot make a goal for a sibling.
            let forFreya = try await client.send(
                .POST, "/api/v1/savings-goals", token: kai.token,
                json: CreateSavingsGoalDto(childId: freya.id, name: "Doll", targetAmount: Money(cents: 10_00)))
            #expect(forFreya.status == .notFound)
            #expect(try await client.goals(of: freya, token: family.parent.token).isEmpty)
        }
    }

    @Test func getGoal_ShowsRemainingProgressDaysAffordabilityAndProjection() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let created = try await client.createGoal(for: kai, in: family, target: 150_00, targetDate: day("2026-12-24"))
            #expect(created.projectedCompletionText == "Save something toward it to see when you will get there")
            try await client.saved(30_00, to: created, token: kai.token)
            let goal = try await client.goal(created.id, token: kai.token)
            #expect(goal.currentAmount == Money(cents: 30_00))
            #expect(goal.remainingAmount == Money(cents: 120_00))
            #expect(goal.progressPercentage == 20)
            #expect(goal.targetDate == day("2026-12-24"))
            #expect(goal.daysRemaining == 33)
            // $70.00 left in the balance does not cover the $120.00 still missing.
            #expect(!goal.canAfford)
            // $30.00 in the goal's first week is a pace of $30 a week: four more weeks.
            #expect(goal.projectedCompletionDate == day("2026-12-19").addingTimeInterval(5 * 3_600))
            #expect(goal.projectedCompletionText == "At this pace: December 19")
            let small = try await client.createGoal(for: kai, in: family, name: "Comic", target: 5_00)
            #expect(small.canAfford)
        }
    }

    @Test func listChildGoals_OrderedByPriorityThenCreation() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            for (index, (name, priority)) in [("Later", 3), ("First", 1), ("Second", 2), ("Also first", 1)].enumerated() {
                client.now.value = testStart.addingTimeInterval(Double(index) * 60)
                _ = try await client.createGoal(for: kai, in: family, name: name, priority: priority)
            }
            let names = try await client.goals(of: kai, token: kai.token).map(\.name)
            #expect(names == ["First", "Also first", "Second", "Later"])
        }
    }

    @Test func listChildGoals_FiltersByStatusAndIncludeCompleted() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let active = try await client.createGoal(for: kai, in: family, name: "Active")
            client.now.value = testStart.addingTimeInterval(60)
            let done = try await client.createGoal(for: kai, in: family, name: "Done", target: 10_00)
            try await client.saved(10_00, to: done, token: kai.token)
            client.now.value = testStart.addingTimeInterval(120)
            let paused = try await client.createGoal(for: kai, in: family, name: "Paused")
            try await client.send(.POST, "/api/v1/savings-goals/\(paused.id)/pause", token: family.parent.token)
            let cancelled = try await client.createGoal(for: kai, in: family, name: "Cancelled")
            try await client.send(.DELETE, "/api/v1/savings-goals/\(cancelled.id)", token: family.parent.token)

            #expect(try await client.goals(of: kai, token: kai.token).map(\.name) == [active.name, paused.name])
            #expect(
                try await client.goals(of: kai, token: kai.token, query: "?includeCompleted=true").map(\.name) == [
                    "Active", "Done", "Paused",
                ])
            #expect(try await client.goals(of: kai, token: kai.token, query: "?status=2").map(\.name) == ["Done"])
            #expect(try await client.goals(of: kai, token: kai.token, query: "?status=Cancelled").map(\.name) == ["Cancelled"])
            #expect(try await client.goals(of: kai, token: kai.token, query: "?status=5").map(\.statusName) == ["Paused"])
        }
    }

    @Test func updateGoal_ChangesOnlyWhatIsSent() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, autoTransfer: (.fixedAmount, 2_00))
            // The goal's owner may change it too.
            let renamed: SavingsGoalDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)", token: kai.token,
                json: UpdateSavingsGoalDto(name: "Red bike", imageUrl: "https://example.com/bike.png", category: .experience, priority: 4))
            #expect(renamed.name == "Red bike")
            #expect(renamed.imageUrl == "https://example.com/bike.png")
            #expect(renamed.category == .experience && renamed.priority == 4)
            #expect(renamed.targetAmount == Money(cents: 100_00))
            #expect(renamed.autoTransferType == .fixedAmount && renamed.autoTransferAmount == Money(cents: 2_00))
            let switched: SavingsGoalDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)", token: family.parent.token,
                json: UpdateSavingsGoalDto(imageUrl: "", autoTransferAmount: Money(cents: 10), autoTransferType: .percentage))
            #expect(switched.imageUrl == nil)
            #expect(switched.autoTransferType == .percentage && switched.autoTransferAmount == Money(cents: 10))
            let off: SavingsGoalDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)", token: family.parent.token,
                json: UpdateSavingsGoalDto(autoTransferType: AutoTransferType.none))
            #expect(off.autoTransferType == AutoTransferType.none && off.autoTransferAmount == .zero)
            #expect(off.milestones.count == 4)
        }
    }

    @Test func updateGoal_LoweringTheTargetReachesMilestonesAndCompletes() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 100_00)
            try await client.saved(40_00, to: goal, token: kai.token)
            let lowered: SavingsGoalDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)", token: family.parent.token,
                json: UpdateSavingsGoalDto(targetAmount: Money(cents: 40_00)))
            #expect(lowered.status == .completed)
            #expect(lowered.completedAt == testStart)
            #expect(lowered.milestones.allSatisfy { $0.isAchieved })
            #expect(lowered.progressPercentage == 100)
            #expect(try await client.notifications(token: kai.token).contains { $0.title == "Goal achieved!" })
            let raised: SavingsGoalDto = try await client.call(
                .PUT, "/api/v1/savings-goals/\(goal.id)", token: family.parent.token,
                json: UpdateSavingsGoalDto(targetAmount: Money(cents: 50_00)))
            #expect(raised.status == .active && raised.completedAt == nil && raised.progressPercentage == 80)
            #expect(try await client.contribute(10_00, to: goal, token: kai.token).status == .ok)
        }
    }

    @Test func pauseAndResume_ChangeTheStatusAndWhatTheGoalAccepts() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let paused: SavingsGoalDto = try await client.call(.POST, "/api/v1/savings-goals/\(goal.id)/pause", token: family.parent.token)
            #expect(paused.status == .paused && paused.statusName == "Paused")
            let refused = try await client.contribute(5_00, to: goal, token: kai.token)
            #expect(refused.status == .conflict)
            #expect(refused.error?.message == "Bike is paused, so it cannot take money now")
            let again = try await client.send(.POST, "/api/v1/savings-goals/\(goal.id)/pause", token: family.parent.token)
            #expect(again.status == .conflict)
            #expect(again.error?.message == "Only active goals can be paused; Bike is paused")
            let resumed: SavingsGoalDto = try await client.call(
                .POST, "/api/v1/savings-goals/\(goal.id)/resume", token: family.parent.token)
            #expect(resumed.status == .active)
            #expect(try await client.contribute(5_00, to: goal, token: kai.token).status == .ok)
            #expect(try await client.send(.POST, "/api/v1/savings-goals/\(goal.id)/resume", token: family.parent.token).status == .conflict)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 95_00))
        }
    }

    @Test func cancelGoal_ReturnsEverythingToTheBalanceAndSetsCancelled() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.match(goal, .ratioMatch, ratio: "0.5", in: family)
            try await client.saved(20_00, to: goal, token: kai.token)
            _ = try await client.challenge(goal, target: 50_00, bonus: 5_00, in: family)
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 80_00))

            let response = try await client.send(.DELETE, "/api/v1/savings-goals/\(goal.id)", token: family.parent.token)
            #expect(response.status == .noContent)
            // The $20.00 saved and the parent's $10.00 match all return to the balance.
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 110_00))
            let cancelled = try await client.goal(goal.id, token: kai.token)
            #expect(cancelled.status == .cancelled && cancelled.currentAmount == .zero)
            #expect(!cancelled.hasActiveChallenge)
            let challenges: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/challenges", token: kai.token)
            #expect(challenges.map(\.status) == [.cancelled])
            #expect(try await client.ledger(of: kai, in: family).last?.description == "Returned from goal: Bike")
            #expect(try await client.send(.DELETE, "/api/v1/savings-goals/\(goal.id)", token: family.parent.token).status == .conflict)
            #expect(try await client.audit(family).isClean)
        }
    }
}

extension GoalCrudTests {
    /// A child's goal list shows each goal's own matching rule and open challenge, and none on
    /// a goal that has neither (the list asks only for the goals that have them).
    @Test func theListShowsEachGoalsOwnRuleAndChallenge() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let matched = try await client.createGoal(for: kai, in: family, name: "Bike")
            let challenged = try await client.createGoal(for: kai, in: family, name: "Drum")
            let plain = try await client.createGoal(for: kai, in: family, name: "Kite")
            try await client.match(matched, .ratioMatch, ratio: "0.5", in: family)
            try await client.challenge(challenged, target: 10_00, bonus: 2_00, in: family)
            for token in [kai.token, family.parent.token] {
                let listed = Dictionary(uniqueKeysWithValues: try await client.goals(of: kai, token: token).map { ($0.id, $0) })
                #expect(listed[matched.id]?.matchingRule?.matchRatio == MatchRatio("0.5"))
                #expect(listed[matched.id]?.activeChallenge == nil)
                #expect(listed[challenged.id]?.activeChallenge?.targetAmount == Money(cents: 10_00))
                #expect(listed[challenged.id]?.matchingRule == nil)
                #expect(listed[plain.id].map { $0.matchingRule == nil && $0.activeChallenge == nil } == true)
            }
        }
    }
}

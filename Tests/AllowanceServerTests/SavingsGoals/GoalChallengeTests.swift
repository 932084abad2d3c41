import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// savings-goals.md "Challenges (10 tests)", through the API and the expiry job.
@Suite struct GoalChallengeTests {
    @Test func completeChallenge_AwardsBonusOnCompletion() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let created = try await client.challenge(goal, target: 20_00, bonus: 5_00, in: family)
            #expect(created.status == .active && created.statusName == "Active")
            #expect(try await client.saved(15_00, to: goal, token: kai.token).challengeBonusAdded == nil)
            client.now.value = testStart.addingTimeInterval(86_400 - 60)
            let event = try await client.saved(5_00, to: goal, token: kai.token)
            #expect(event.challengeCompleted)
            #expect(event.challengeBonusAdded == Money(cents: 5_00))
            #expect(event.newAmount == Money(cents: 25_00))
            // The bonus is the parent's: the balance moved by the $20.00 saved only.
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 30_00))
            let challenges: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/challenges", token: kai.token)
            #expect(challenges.first?.status == .completed)
            #expect(challenges.first?.completedAt == client.now.value)
            #expect(
                try await client.contributions(of: goal, token: kai.token, query: "?type=ChallengeBonus").map(\.amount) == [
                    Money(cents: 5_00)
                ])
            let news = try await client.notifications(token: kai.token)
            #expect(
                news.filter { $0.type == .challengeCompleted }.map(\.message) == [
                    "You saved $20.00 toward Bike in time and earned a $5.00 bonus!"
                ])
            #expect(try await client.notifications(token: family.parent.token).first?.title == "Kai won the Bike challenge")
            // Won once: more saving pays nothing more, and no longer counts toward it.
            client.now.value = client.now.value.addingTimeInterval(30)
            #expect(try await client.saved(5_00, to: goal, token: kai.token).challengeBonusAdded == nil)
            let won: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/challenges", token: kai.token)
            #expect(won.first?.currentProgress == Money(cents: 20_00) && won.first?.progressPercentage == 100)
            #expect(try await client.audit(family).isClean)
        }
    }

    /// The only test that runs the expiry job, which looks at every family. On the shared
    /// PostgreSQL it lives 100+ days before the other tests (at a random hour, apart from a
    /// run of the same test in another checkout), so its runs cannot end their challenges;
    /// and it checks its own family rather than the job's counts.
    @Test func expiredChallenge_MarksAsFailed() async throws {
        let past = testStart.addingTimeInterval(-100 * 86_400 - Double(Int.random(in: 0..<100_000)) * 3_600)
        try await withApp(at: past) { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let challenge = try await client.challenge(goal, target: 20_00, bonus: 5_00, days: 0.25, in: family)
            try await client.saved(12_00, to: goal, token: kai.token)
            // Before the end the job leaves it running.
            client.now.value = challenge.endDate.addingTimeInterval(-1)
            try await client.runChallengeExpiry()
            #expect(try await client.goal(goal.id, token: kai.token).hasActiveChallenge)
            client.now.value = challenge.endDate.addingTimeInterval(3_600)
            #expect(try await client.runChallengeExpiry() >= 1)
            // Exactly once: a second run (or a second server) changes nothing and tells no one again.
            try await client.runChallengeExpiry()
            let login: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: kai.email, password: "secret1"))
            let listed: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/challenges", token: login.token)
            #expect(listed.map(\.status) == [.failed])
            #expect(listed.first?.currentProgress == Money(cents: 12_00) && listed.first?.daysRemaining == 0)
            let news = try await client.notifications(token: login.token)
            #expect(
                news.filter { $0.type == .challengeFailed }.map(\.message) == [
                    "The Bike challenge ended before you saved $20.00 (you saved $12.00). Keep going!"
                ])
            let parent: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
            #expect(try await client.notifications(token: parent.token).map(\.title) == ["Kai's Bike challenge ended"])
            #expect(try await client.contributions(of: goal, token: login.token, query: "?type=5").isEmpty)
        }
    }

    @Test func challenge_OnlyOneActivePerGoal() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let goal = try await client.createGoal(for: family.children[0], in: family)
            try await client.challenge(goal, target: 20_00, bonus: 5_00, in: family)
            let second = try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/challenge", token: family.parent.token,
                json: CreateGoalChallengeDto(
                    targetAmount: Money(cents: 10_00), endDate: testStart.addingTimeInterval(86_400), bonusAmount: Money(cents: 1_00)))
            #expect(second.status == .conflict)
            #expect(second.error?.code == "challenge_exists")
            // Another goal may have its own.
            let other = try await client.createGoal(for: family.children[0], in: family, name: "Game")
            #expect(try await client.challenge(other, target: 10_00, bonus: 1_00, in: family).goalName == "Game")
        }
    }

    @Test func challenge_CountsOnlyWhatTheChildSavedSinceItStarted() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.saved(15_00, to: goal, token: kai.token)  // before the challenge
            try await client.match(goal, .ratioMatch, ratio: "1", in: family)
            client.now.value = testStart.addingTimeInterval(60)
            try await client.challenge(goal, target: 10_00, bonus: 2_00, in: family)
            let event = try await client.saved(6_00, to: goal, token: kai.token)
            // $6.00 saved (the parent's $6.00 match is not the child's saving).
            #expect(event.challengeBonusAdded == nil)
            let active: GoalChallengeDto = try await client.call(.GET, "/api/v1/savings-goals/\(goal.id)/challenge", token: kai.token)
            #expect(active.currentProgress == Money(cents: 6_00))
            #expect(active.progressPercentage == 60)
            #expect(try await client.saved(4_00, to: goal, token: kai.token).challengeBonusAdded == Money(cents: 2_00))
        }
    }

    @Test func challenge_ReadsFailedTheMomentItsEndPasses() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let challenge = try await client.challenge(goal, target: 10_00, bonus: 2_00, days: 0.5, in: family)
            #expect(try await client.goal(goal.id, token: kai.token).hasActiveChallenge)
            client.now.value = challenge.endDate
            // No job has run: reads show it ended, and saving now does not win it.
            #expect(try await client.send(.GET, "/api/v1/savings-goals/\(goal.id)/challenge", token: kai.token).status == .notFound)
            let goalNow = try await client.goal(goal.id, token: kai.token)
            #expect(!goalNow.hasActiveChallenge && goalNow.activeChallenge == nil)
            #expect(try await client.saved(10_00, to: goal, token: kai.token).challengeBonusAdded == nil)
            let listed: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/challenges", token: kai.token)
            #expect(listed.map(\.statusName) == ["Failed"])
            #expect(listed.first?.currentProgress == .zero)
        }
    }

    @Test func challenge_CancelEndsIt() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            try await client.challenge(goal, target: 10_00, bonus: 2_00, in: family)
            #expect(
                try await client.send(.DELETE, "/api/v1/savings-goals/\(goal.id)/challenge", token: family.parent.token).status
                    == .noContent)
            #expect(try await client.send(.GET, "/api/v1/savings-goals/\(goal.id)/challenge", token: kai.token).status == .notFound)
            #expect(try await client.saved(10_00, to: goal, token: kai.token).challengeBonusAdded == nil)
            let listed: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/challenges", token: kai.token)
            #expect(listed.map(\.status) == [.cancelled])
            // What was saved after the cancel does not count toward the cancelled challenge.
            #expect(listed.first?.currentProgress == .zero)
            let again = try await client.send(.DELETE, "/api/v1/savings-goals/\(goal.id)/challenge", token: family.parent.token)
            #expect(again.status == .notFound)
            #expect(again.error?.message == "Bike has no active challenge")
            // A new one may start now.
            #expect(try await client.challenge(goal, target: 5_00, bonus: 1_00, in: family).status == .active)
        }
    }

    @Test func challenge_GetActiveShowsProgressAndDaysRemaining() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let created = try await client.challenge(goal, target: 20_00, bonus: 5_00, days: 7, in: family)
            #expect(created.startDate == testStart && created.endDate == testStart.addingTimeInterval(7 * 86_400))
            #expect(created.daysRemaining == 7 && created.currentProgress == .zero)
            #expect(created.description == "Save $20.00 this week")
            try await client.saved(5_00, to: goal, token: kai.token)
            client.now.value = testStart.addingTimeInterval(2 * 86_400)
            let login: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: kai.email, password: "secret1"))
            let active: GoalChallengeDto = try await client.call(.GET, "/api/v1/savings-goals/\(goal.id)/challenge", token: login.token)
            #expect(active.id == created.id && active.goalName == "Bike" && active.childId == kai.id)
            #expect(active.currentProgress == Money(cents: 5_00) && active.progressPercentage == 25)
            #expect(active.daysRemaining == 5)
            let summary = try #require(try await client.goal(goal.id, token: login.token).activeChallenge)
            #expect(summary.id == created.id && summary.bonusAmount == Money(cents: 5_00) && summary.statusName == "Active")
        }
    }

    @Test func challenge_ListPerChildNewestFirstAndOnlyTheirs() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00)), ("Freya", Money(cents: 50_00))])
            let (kai, freya) = (family.children[0], family.children[1])
            let bike = try await client.createGoal(for: kai, in: family)
            let game = try await client.createGoal(for: kai, in: family, name: "Game")
            let doll = try await client.createGoal(for: freya, in: family, name: "Doll")
            try await client.challenge(bike, target: 5_00, bonus: 1_00, in: family)
            try await client.saved(5_00, to: bike, token: kai.token)
            client.now.value = testStart.addingTimeInterval(60)
            try await client.challenge(game, target: 10_00, bonus: 2_00, in: family)
            try await client.challenge(doll, target: 10_00, bonus: 2_00, in: family)
            let listed: [GoalChallengeDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/challenges", token: family.parent.token)
            #expect(listed.map(\.goalName) == ["Game", "Bike"])
            #expect(listed.map(\.status) == [.active, .completed])
            let hers: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(freya.id)/challenges", token: freya.token)
            #expect(hers.map(\.goalName) == ["Doll"])
        }
    }

    @Test func challenge_NeedsAnActiveGoal() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let goal = try await client.createGoal(for: family.children[0], in: family)
            try await client.send(.POST, "/api/v1/savings-goals/\(goal.id)/pause", token: family.parent.token)
            let response = try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/challenge", token: family.parent.token,
                json: CreateGoalChallengeDto(
                    targetAmount: Money(cents: 10_00), endDate: testStart.addingTimeInterval(86_400), bonusAmount: Money(cents: 1_00)))
            #expect(response.status == .conflict)
            #expect(response.error?.message == "Bike is paused, so it cannot start a challenge")
            let listed: [GoalChallengeDto] = try await client.call(
                .GET, "/api/v1/children/\(family.children[0].id)/challenges", token: family.parent.token)
            #expect(listed.isEmpty)
        }
    }

    @Test func challenge_AfterOneEndsANewOneCanStartAndTheOldOneIsRecordedFailed() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family)
            let first = try await client.challenge(goal, target: 10_00, bonus: 2_00, days: 0.5, in: family)
            client.now.value = first.endDate.addingTimeInterval(60)
            // Without waiting for the job.
            let second = try await client.challenge(goal, target: 5_00, bonus: 1_00, in: family)
            #expect(second.status == .active)
            let listed: [GoalChallengeDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/challenges", token: kai.token)
            #expect(listed.map(\.status) == [.active, .failed])
            #expect(try await client.notifications(token: kai.token).filter { $0.type == .challengeFailed }.count == 1)
        }
    }
}

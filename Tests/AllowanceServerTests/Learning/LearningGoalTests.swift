import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Learning goals: progress, completion on the session that reaches the target (told once),
/// failure when the period ends short, the Basic plan's limit, and bad input.
@Suite struct LearningGoalTests {
    @Test func aWeeklyTimeGoalCompletesOnTheSessionThatReachesIt() async throws {
        try await withApp { client in
            // setup: Saturday 21 November, 13:30 in New York; the week began Monday the 16th.
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let goal = try await client.learningGoal(for: kai, in: family, title: "Learn 1 hour", target: 1)
            #expect(goal.status == .inProgress && goal.currentValue == 0)
            #expect(goal.startDate == utc("2026-11-16T05:00:00Z") && goal.endDate == utc("2026-11-23T05:00:00Z"))
            // act: 40 minutes, then 20 more.
            try await client.learn(40, for: kai, token: kai.token, start: testStart.addingTimeInterval(-3 * 3_600))
            let halfway: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(goal.id)", token: kai.token)
            #expect(halfway.currentValue == 0.66 && halfway.status == .inProgress)
            #expect(abs(halfway.progress - 0.66) < 0.001)
            try await client.learn(20, for: kai, token: kai.token, start: testStart.addingTimeInterval(-3_600))
            // assert
            let done: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(goal.id)", token: family.parent.token)
            #expect(done.status == .completed && done.progress == 1 && done.completedAt == testStart)
            let told = try await client.notifications(token: kai.token).filter { $0.type == .learningGoalCompleted }
            #expect(told.count == 1)
            #expect(try await client.notifications(token: family.parent.token).filter { $0.type == .learningGoalCompleted }.count == 1)
            // The first goal earns its badge and its 10 bonus points (60 learned + 10).
            let badges = try await client.badges(of: kai, token: kai.token)
            #expect(badges.first { $0.badgeKey == "first-goal" }?.earned == true)
            #expect(try await client.points(of: kai, token: kai.token).balance == 70)
            // Another session does not complete it (or pay) again.
            try await client.learn(10, for: kai, token: kai.token, start: testStart.addingTimeInterval(-2 * 3_600))
            #expect(try await client.notifications(token: kai.token).filter { $0.type == .learningGoalCompleted }.count == 1)
            #expect(try await client.points(of: kai, token: kai.token).balance == 80)
        }
    }

    /// A goal set to a target the week already met, or lowered to one, completes then (told
    /// once, badge earned), goes to the history and leaves its place in the Basic plan's three.
    @Test func aGoalSetOrLoweredToATargetAlreadyMetCompletesAtOnce() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            try await client.learn(90, for: kai, token: kai.token, start: testStart.addingTimeInterval(-3 * 3_600))
            let met = try await client.learningGoal(for: kai, in: family, title: "Half an hour", target: 0.5)
            #expect(met.status == .completed && met.completedAt == testStart)
            let points = try await client.learningGoal(for: kai, in: family, title: "Points", type: .pointBased, target: 500)
            #expect(points.status == .inProgress && points.completedAt == nil)
            let lowered: LearningGoalDto = try await client.call(
                .PUT, "/api/v1/learning-goals/\(points.id)", token: family.parent.token, json: UpdateLearningGoalDto(targetValue: 50))
            #expect(lowered.status == .completed && lowered.completedAt == testStart)
            let active: [LearningGoalDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-goals", token: kai.token)
            #expect(active.isEmpty)
            let history: [LearningGoalDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/learning-goals?status=history", token: kai.token)
            #expect(Set(history.map(\.id)) == [met.id, points.id])
            #expect(try await client.notifications(token: kai.token).filter { $0.type == .learningGoalCompleted }.count == 2)
            #expect(try await client.badges(of: kai, token: kai.token).first { $0.badgeKey == "first-goal" }?.earned == true)
            // Three more goals fit: the completed ones no longer count toward the Basic limit.
            for index in 1...3 { _ = try await client.learningGoal(for: kai, in: family, title: "Goal \(index)", target: 5) }
        }
    }

    @Test func aGoalEndingShortReadsFailedAndMovesToHistory() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let goal = try await client.learningGoal(
                for: kai, in: family, title: "Daily points", type: .pointBased, target: 50, frequency: .daily)
            try await client.learn(20, for: kai, token: kai.token)
            // The day ends at local midnight; a minute later the goal is over.
            client.now.value = utc("2026-11-22T05:01:00Z")
            let read: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(goal.id)", token: kai.token)
            #expect(read.status == .failed && read.currentValue == 20 && read.failedAt == utc("2026-11-22T05:00:00Z"))
            let active: [LearningGoalDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-goals", token: kai.token)
            #expect(active.isEmpty)
            let history: [LearningGoalDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/learning-goals?status=history", token: kai.token)
            #expect(history.map(\.id) == [goal.id])
        }
    }

    /// The ruling: a streak goal's `currentValue` is the run up to today, not an older, longer one.
    @Test func aStreakGoalCountsTheRunUpToToday() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let streak = try await client.learningGoal(for: kai, in: family, title: "5 days", type: .streak, target: 5, frequency: .monthly)
            // 10, 11 and 12 November, then 20 and 21 (today): runs of 3 and 2 local days.
            for day in [10, 11, 12, 20, 21] {
                try await client.learn(15, for: kai, token: kai.token, start: utc("2026-11-\(day)T15:00:00Z"))
            }
            let read: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(streak.id)", token: kai.token)
            #expect(read.currentValue == 2 && read.status == .inProgress)
            let summary: LearningSummaryDto = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-summary", token: kai.token)
            #expect(summary.currentStreak == 2 && summary.longestStreak == 3)
        }
    }

    @Test func streakAndAppSpecificGoalsCountTheirOwnThings() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let streak = try await client.learningGoal(for: kai, in: family, title: "3 days", type: .streak, target: 3, frequency: .monthly)
            let app = try await client.learningGoal(
                for: kai, in: family, title: "Khan", type: .appSpecific, target: 0.5, frequency: .weekly,
                bundle: "org.khanacademy.Khan-Academy")
            // 19, 20 and 21 November (local days) on Duolingo.
            for day in [19, 20, 21] {
                try await client.learn(15, for: kai, token: kai.token, start: utc("2026-11-\(day)T15:00:00Z"))
            }
            let readStreak: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(streak.id)", token: kai.token)
            #expect(readStreak.currentValue == 3 && readStreak.status == .completed)
            let readApp: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(app.id)", token: kai.token)
            #expect(readApp.currentValue == 0 && readApp.status == .inProgress)
        }
    }

    @Test func basicFamiliesKeepThreeActiveGoalsPerChildPremiumMore() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            for index in 1...3 { _ = try await client.learningGoal(for: kai, in: family, title: "Goal \(index)") }
            let fourth = try await client.send(
                .POST, "/api/v1/learning-goals", token: family.parent.token,
                json: CreateLearningGoalDto(childId: kai.id, title: "Goal 4", type: .timeBased, targetValue: 1, frequency: .weekly))
            #expect(fourth.status == .paymentRequired && fourth.error?.code == "upgrade_required")
            #expect(fourth.error?.message.contains("Premium unlocks unlimited learning goals") == true)
            let plan: PlanDto = try await client.call(.GET, "/api/v1/families/current/plan", token: family.parent.token)
            #expect(plan.plan == "Basic" && !plan.features.unlimitedGoals)
            // Premium for a month: the fourth is allowed.
            try await PlanService.set(
                premiumUntil: testStart.addingTimeInterval(30 * 86_400), forFamily: family.parent.familyId, in: client.app.context())
            _ = try await client.learningGoal(for: kai, in: family, title: "Goal 4")
            let premium: PlanDto = try await client.call(.GET, "/api/v1/families/current/plan", token: kai.token)
            #expect(premium.plan == "Premium" && premium.features.unlimitedGoals && !premium.inGracePeriod)
        }
    }

    @Test func badGoalsAreRefusedWithAClearMessage() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0].id
            let cases: [(String, String)] = [
                (#"{"childId":"\#(kai)","title":"x","type":"Sometimes","targetValue":1,"frequency":"Weekly"}"#, "type"),
                (
                    #"{"childId":"\#(kai)","title":"x","type":"TimeBased","targetValue":0,"frequency":"Weekly"}"#,
                    "targetValue must be more than 0"
                ),
                (
                    #"{"childId":"\#(kai)","title":"x","type":"TimeBased","targetValue":-2,"frequency":"Weekly"}"#,
                    "targetValue must be more than 0"
                ),
                (
                    #"{"childId":"\#(kai)","title":"x","type":"AppSpecific","targetValue":1,"frequency":"Weekly"}"#,
                    "bundleIdentifier is required"
                ),
                (#"{"childId":"\#(kai)","title":"x","type":"Streak","targetValue":2.5,"frequency":"Monthly"}"#, "whole number"),
                (
                    #"{"childId":"\#(kai)","title":"x","type":"TimeBased","targetValue":1,"frequency":"Custom","startDate":"2026-12-10","endDate":"2026-12-01"}"#,
                    "endDate must be after startDate"
                ),
                (
                    #"{"childId":"\#(kai)","title":"x","type":"TimeBased","targetValue":1,"frequency":"Custom"}"#,
                    "needs startDate and endDate"
                ),
                (#"{"childId":"\#(kai)","title":" ","type":"TimeBased","targetValue":1,"frequency":"Weekly"}"#, "Title is required"),
                (#"{"childId":"\#(kai)","title":"x","type":"TimeBased","targetValue":1,"frequency":"Yearly"}"#, "frequency"),
            ]
            // Refusals that depend on another field, the date or the family's data fit the document: 422.
            let rules: Set<String> = [
                "bundleIdentifier is required", "whole number", "endDate must be after startDate", "needs startDate and endDate",
            ]
            for (json, message) in cases {
                let response = try await client.send(.POST, "/api/v1/learning-goals", token: family.parent.token, body: json)
                #expect(response.status == (rules.contains(message) ? .unprocessableEntity : .badRequest), "\(json)")
                #expect(response.error?.message.contains(message) == true, "\(json): \(response.error?.message ?? response.body.string)")
            }
            let all: [LearningGoalDto] = try await client.call(
                .GET, "/api/v1/children/\(kai)/learning-goals?status=all", token: family.parent.token)
            #expect(all.isEmpty)
        }
    }
}

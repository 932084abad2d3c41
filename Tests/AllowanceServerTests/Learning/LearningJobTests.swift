import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// The job that closes ended periods: a goal short of its target is Failed and told once; a
/// recurring goal starts its next period.
@Suite struct LearningJobTests {
    @Test func anEndedRecurringGoalIsToldOnceAndStartsAgain() async throws {
        try await withApp { client in
            // setup: a weekly goal of 1 hour, 30 minutes done.
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let goal: LearningGoalDto = try await client.call(
                .POST, "/api/v1/learning-goals", token: family.parent.token,
                json: CreateLearningGoalDto(
                    childId: kai.id, title: "Learn 1 hour", type: .timeBased, targetValue: 1, frequency: .weekly, isRecurring: true))
            try await client.learn(30, for: kai, token: kai.token)
            // act: Monday 23 November, 09:00 in New York, twice (as two scheduler runs would).
            let monday = utc("2026-11-23T14:00:00Z")
            let first = await client.runJobs(at: monday, for: family)
            let second = await client.runJobs(at: monday, for: family)
            // assert
            #expect(first["learning-goals"] == 1 && second["learning-goals"] == 0)
            let fresh = try await client.signIn(family)
            let kaiToken = try #require(fresh.children.first?.token)
            let failed = try await client.notifications(token: kaiToken).filter { $0.type == .learningGoalFailed }
            #expect(failed.count == 1)
            #expect(failed.first?.message == "\"Learn 1 hour\" ended at 0.50 of 1 hours. A new try starts fresh.")
            let active: [LearningGoalDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-goals", token: kaiToken)
            #expect(active.count == 1 && active.first?.id != goal.id)
            #expect(active.first?.startDate == utc("2026-11-23T05:00:00Z") && active.first?.endDate == utc("2026-11-30T05:00:00Z"))
            #expect(active.first?.currentValue == 0 && active.first?.status == .inProgress)
            let old: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(goal.id)", token: kaiToken)
            #expect(old.status == .failed && old.failedAt == utc("2026-11-23T05:00:00Z"))
        }
    }

    /// After two weeks without a job run, a daily goal starts again today, once: not with a
    /// goal for each missed day, each ending (and told) one run at a time.
    @Test func aRecurringGoalMissedForDaysStartsAgainToday() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            _ = try await client.call(
                .POST, "/api/v1/learning-goals", token: family.parent.token,
                json: CreateLearningGoalDto(
                    childId: kai.id, title: "Daily half hour", type: .timeBased, targetValue: 0.5, frequency: .daily, isRecurring: true),
                as: LearningGoalDto.self)
            // Saturday 5 December, 12:00 in New York.
            let later = utc("2026-12-05T17:00:00Z")
            #expect(await client.runJobs(at: later, for: family)["learning-goals"] == 1)
            #expect(await client.runJobs(at: later, for: family)["learning-goals"] == 0)
            let fresh = try await client.signIn(family)
            let kaiToken = try #require(fresh.children.first?.token)
            let active: [LearningGoalDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-goals", token: kaiToken)
            #expect(active.map(\.startDate) == [utc("2026-12-05T05:00:00Z")])
            #expect(try await client.notifications(token: kaiToken).filter { $0.type == .learningGoalFailed }.count == 1)
        }
    }
}

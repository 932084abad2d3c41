import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// Dates people pick are whole days in the family's time zone.
@Suite struct GoalDeadlineTests {
    @Test func aChallengeDueOnADayRunsToTheEndOfThatDay() async throws {
        try await withApp { client in
            // setup: Saturday 21 November, 13:30 in New York
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let goal = try await client.createGoal(for: family.children[0], in: family)
            // act: a challenge "by 1 December", sent as a bare date
            let response = try await client.send(
                .POST, "/api/v1/savings-goals/\(goal.id)/challenge", token: family.parent.token,
                body: #"{"targetAmount": 20, "endDate": "2026-12-01", "bonusAmount": 5}"#)
            // assert: it ends at midnight after 1 December in New York, ten days from today
            #expect(response.status == .created)
            let challenge = try response.decode(GoalChallengeDto.self)
            #expect(challenge.endDate == utc("2026-12-02T05:00:00Z"))
            #expect(challenge.daysRemaining == 10)
        }
    }

    @Test func aGoalsTargetDayIsTheDayPicked() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let goal = try await client.createGoal(
                for: family.children[0], in: family, name: "Skates", target: 30_00, targetDate: utc("2026-12-21T00:00:00Z"))
            #expect(goal.targetDate == utc("2026-12-21T00:00:00Z"))
            #expect(goal.daysRemaining == 30)
            #expect(GoalPages.displayDay(try #require(goal.targetDate)).contains("21"))
        }
    }
}

import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// `GET /children/{id}/learning-summary`: this week against last, per app, streaks and months.
@Suite struct LearningSummaryApiTests {
    @Test func thisWeekAgainstLastWithAppsStreaksAndMonths() async throws {
        try await withApp { client in
            // setup: last week (9-15 November) 30 minutes of Duolingo; this week (from Monday 16th)
            // 45 minutes of Duolingo on the 20th and 21st and 20 minutes of YouTube Kids.
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            try await client.learn(30, for: kai, token: kai.token, start: utc("2026-11-12T15:00:00Z"))
            try await client.learn(20, for: kai, token: kai.token, start: utc("2026-11-20T15:00:00Z"))
            try await client.learn(25, for: kai, token: kai.token, start: utc("2026-11-21T15:00:00Z"))
            try await client.learn(20, on: youtubeKids, for: kai, token: kai.token, start: utc("2026-11-21T16:00:00Z"))
            // act
            let summary: LearningSummaryDto = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-summary", token: kai.token)
            // assert: Reward time is not learning.
            #expect(summary.thisWeek == LearningTotalsDto(minutes: 45, points: 45, sessions: 2))
            #expect(summary.lastWeek == LearningTotalsDto(minutes: 30, points: 30, sessions: 1))
            #expect(summary.changePercent == LearningChangeDto(minutes: 50, points: 50, sessions: 100))
            #expect(summary.currentStreak == 2 && summary.longestStreak == 2)
            #expect(summary.months.map(\.month) == ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"])
            #expect(summary.months.last == LearningMonthDto(month: "2026-11", minutes: 75, points: 75))
            // Minutes by app are detailed analytics: Premium's.
            #expect(summary.byApp.isEmpty)
            try await client.makePremium(family)
            let premium: LearningSummaryDto = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-summary", token: kai.token)
            #expect(
                premium.byApp == [
                    LearningAppWeekDto(appName: "Duolingo", category: .learning, thisWeekMinutes: 45, lastWeekMinutes: 30),
                    LearningAppWeekDto(appName: "YouTube Kids", category: .reward, thisWeekMinutes: 20, lastWeekMinutes: 0),
                ])
        }
    }

    @Test func aDayFilledInLaterJoinsTwoStreaksIntoOne() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            func summary() async throws -> LearningSummaryDto {
                try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-summary", token: kai.token)
            }
            // Tuesday, Wednesday, Friday and Saturday (17, 18, 20, 21 November, New York): two runs of two.
            for day in [17, 18, 20, 21] { try await client.learn(10, for: kai, token: kai.token, start: utc("2026-11-\(day)T15:00:00Z")) }
            var now = try await summary()
            #expect(now.longestStreak == 2 && now.currentStreak == 2)
            // A second session on a day already learned on changes nothing.
            try await client.learn(10, for: kai, token: kai.token, start: utc("2026-11-21T16:00:00Z"))
            #expect(try await summary().longestStreak == 2)
            // Thursday entered late (a parent's catch-up): one run of five, still alive today.
            try await client.learn(10, for: kai, token: family.parent.token, start: utc("2026-11-19T15:00:00Z"))
            now = try await summary()
            #expect(now.longestStreak == 5 && now.currentStreak == 5)
            // A Reward app's day is no learning day.
            try await client.learn(10, on: youtubeKids, for: kai, token: kai.token, start: utc("2026-11-16T15:00:00Z"))
            #expect(try await summary().longestStreak == 5)
            let badges = try await client.badges(of: kai, token: kai.token)
            #expect(
                badges.first { $0.badgeKey == "streak-3" }?.earned == true && badges.first { $0.badgeKey == "streak-7" }?.earned == false)
        }
    }
}

import AllowanceAPI
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// A family renames itself or moves to another time zone: from then on its days, weeks and
/// streaks are the new zone's, and the days already lived keep their dates.
@Suite struct FamilyTests {
    let pages = WebPageTests()

    @Test func aParentRenamesTheFamilyAndMovesItsTimeZone() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let moved: FamilyResponse = try await client.call(
                .PUT, "/api/v1/families/current", token: family.parent.token,
                json: UpdateFamilyRequest(name: " The Larsens ", timeZone: "Europe/Oslo"))
            #expect(moved.name == "The Larsens" && moved.timeZone == "Europe/Oslo" && moved.childCount == 1)
            // Bad input changes nothing and says why; a child may not move the family.
            let bad = try await client.send(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(name: "X", timeZone: "Mars/Base"))
            #expect(bad.status == .badRequest && bad.error?.message == "Time zone must be an IANA name such as America/New_York")
            let blank = try await client.send(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(name: " "))
            #expect(blank.status == .badRequest)
            #expect(
                try await client.send(.PUT, "/api/v1/families/current", token: kai.token, body: #"{"name":"Mine"}"#).status == .forbidden)
            let now: FamilyResponse = try await client.call(.GET, "/api/v1/families/current", token: kai.token)
            #expect(now.name == "The Larsens" && now.timeZone == "Europe/Oslo")
        }
    }

    @Test func afterAMoveNewDaysAndWeeksAreTheNewZonesAndOldDaysKeepTheirDates() async throws {
        try await withApp { client in
            // setup: New York. Kai learns Thursday and Friday (19 and 20 November, 10:00 there).
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            for day in [19, 20] { try await client.learn(15, for: kai, token: kai.token, start: utc("2026-11-\(day)T15:00:00Z")) }
            // act: the family moves to Tokyo. It is Saturday 18:30 UTC: already Sunday 03:30 there.
            let _: FamilyResponse = try await client.call(
                .PUT, "/api/v1/families/current", token: family.parent.token, json: UpdateFamilyRequest(timeZone: "Asia/Tokyo"))
            // A session at 16:00 UTC on Saturday is Sunday 01:00 in Tokyo: a Sunday learning day.
            let sunday = try await client.learn(20, for: kai, token: kai.token, start: utc("2026-11-21T16:00:00Z"))
            let sessions: [LearningSessionDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/learning-sessions?from=2026-11-22&to=2026-11-22", token: kai.token)
            #expect(sessions.map(\.id) == [sunday.id])
            // A weekly goal made now runs over Tokyo's week: Monday 16 to Monday 23 November, midnight there.
            let goal = try await client.learningGoal(for: kai, in: family, title: "Tokyo week", target: 1)
            #expect(goal.startDate == utc("2026-11-15T15:00:00Z") && goal.endDate == utc("2026-11-22T15:00:00Z"))
            #expect(goal.currentValue == 0.83)  // 15 + 15 + 20 minutes, all within that week
            // Thursday and Friday keep their New York dates; Saturday passed unlearned in Tokyo.
            let summary: LearningSummaryDto = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-summary", token: kai.token)
            #expect(summary.longestStreak == 2 && summary.currentStreak == 1)
            #expect(summary.thisWeek == LearningTotalsDto(minutes: 50, points: 50, sessions: 3))
        }
    }

    @Test func aParentChangesTheFamilyOnTheSettingsPage() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let parent = try await pages.signIn(client, email: family.parent.email)
            let settings = try await pages.page(client, "/settings", cookies: parent)
            #expect(settings.body.string.contains("<option selected>America/New_York</option>"))
            let bad = try await pages.post(
                client, "/settings/family", form: "_csrf=\(parent.csrf)&name=Ours&timeZone=Nowhere", cookies: parent)
            #expect(bad.status == .badRequest && bad.body.string.contains("Time zone must be an IANA name"))
            let saved = try await pages.post(
                client, "/settings/family", form: "_csrf=\(parent.csrf)&name=The+Larsens&timeZone=Europe%2FOslo", cookies: parent)
            #expect(saved.status == .seeOther)
            let now: FamilyResponse = try await client.call(.GET, "/api/v1/families/current", token: family.parent.token)
            #expect(now.name == "The Larsens" && now.timeZone == "Europe/Oslo")
            // A child's settings page has no family section.
            let child = try await pages.signIn(client, email: kai.email)
            #expect(!(try await pages.page(client, "/settings", cookies: child)).body.string.contains("family-zone"))
        }
    }
}

import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// The evening streak reminder (once a day, at the family's time, never in quiet hours, and
/// each learning notification can be switched off) and Monday's summary for parents.
@Suite struct LearningRemindersTests {
    @Test func aStreakAtRiskIsRemindedOnceAtTheFamilysTime() async throws {
        try await withApp { client in
            // setup: Kai learned on Thursday and Friday (19 and 20 November, New York).
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            for day in [19, 20] { try await client.learn(15, for: kai, token: kai.token, start: utc("2026-11-\(day)T15:00:00Z")) }
            try await client.makePremium(family)
            let _: LearningSettingsDto = try await client.call(
                .PUT, "/api/v1/families/current/learning-settings", token: family.parent.token,
                json: LearningSettingsDto(streakReminderTime: "19:30"))
            // act: Saturday 19:00 (too early), 19:45 and 20:30 in New York.
            let early = await client.runJobs(at: utc("2026-11-22T00:00:00Z"), for: family)
            let due = await client.runJobs(at: utc("2026-11-22T00:45:00Z"), for: family)
            let later = await client.runJobs(at: utc("2026-11-22T01:30:00Z"), for: family)
            // assert
            #expect(early["streak-reminder"] == 0 && due["streak-reminder"] == 1 && later["streak-reminder"] == 0)
            let fresh = try await client.signIn(family)
            let reminders = try await client.notifications(token: fresh.children[0].token).filter { $0.type == .streakAtRisk }
            #expect(reminders.map(\.title) == ["Keep your 2-day streak going"])
        }
    }

    @Test func quietHoursAndTheSwitchKeepRemindersAway() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero)])
            let (kai, freya) = (family.children[0], family.children[1])
            for child in [kai, freya] { try await client.learn(15, for: child, token: child.token, start: utc("2026-11-20T15:00:00Z")) }
            // Kai's quiet hours start at 18:00; Freya turned streak reminders off.
            let kaiPrefs: NotificationPreferencesDto = try await client.call(
                .PUT, "/api/v1/notifications/preferences", token: kai.token,
                json: NotificationPreferencesDto(quietHoursStart: "18:00", quietHoursEnd: "07:00"))
            #expect(kaiPrefs.quietHoursStart == "18:00" && kaiPrefs.streakRemindersEnabled == true)
            let _: NotificationPreferencesDto = try await client.call(
                .PUT, "/api/v1/notifications/preferences", token: freya.token,
                json: NotificationPreferencesDto(streakRemindersEnabled: false))
            let half = try await client.send(
                .PUT, "/api/v1/notifications/preferences", token: kai.token,
                json: NotificationPreferencesDto(quietHoursStart: "", quietHoursEnd: nil))
            #expect(
                half.status == .unprocessableEntity
                    && half.error?.message == "Quiet hours need both a start and an end, such as 21:00 and 07:00")
            // Saturday 18:30 in New York: after the default 18:00 reminder time.
            _ = await client.runJobs(at: utc("2026-11-21T23:30:00Z"), for: family)
            let fresh = try await client.signIn(family)
            for child in fresh.children {
                #expect(try await client.notifications(token: child.token).filter { $0.type == .streakAtRisk }.isEmpty)
            }
        }
    }

    @Test func parentsGetLastWeeksSummaryOnMonday() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            try await client.learn(30, for: kai, token: kai.token, start: utc("2026-11-20T15:00:00Z"))
            try await client.learn(45, for: kai, token: kai.token, start: utc("2026-11-21T15:00:00Z"))
            // Monday 23 November: nothing before 08:00, once after.
            let before = await client.runJobs(at: utc("2026-11-23T12:00:00Z"), for: family)
            let after = await client.runJobs(at: utc("2026-11-23T13:30:00Z"), for: family)
            let again = await client.runJobs(at: utc("2026-11-23T20:00:00Z"), for: family)
            #expect(before["weekly-summary"] == 0 && after["weekly-summary"] == 1 && again["weekly-summary"] == 0)
            let fresh = try await client.signIn(family)
            let summaries = try await client.notifications(token: fresh.parent.token).filter { $0.type == .weeklySummary }
            #expect(summaries.map(\.message) == ["Kai learned 75 minutes last week in 2 sessions and earned 75 points."])
        }
    }
}

import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// Sessions earn points (whole minutes × rate ÷ 60, rounded down), Reward apps none, and bad
/// sessions are refused with nothing stored.
@Suite struct LearningSessionTests {
    @Test func aNewFamilyStartsWithCommonLearningApps() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let apps: [AppCategoryDto] = try await client.call(.GET, "/api/v1/app-categories", token: family.children[0].token)
            #expect(apps.contains { $0.bundleIdentifier == duolingo && $0.category == .learning && $0.pointsPerHour == 60 })
            #expect(apps.contains { $0.bundleIdentifier == youtubeKids && $0.category == .reward && $0.pointsPerHour == 0 })
        }
    }

    @Test func sessionsEarnPointsRoundedDownAndRewardAppsNone() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            // act: 90 minutes at 60 points an hour, 45 minutes of a reward app, then 59 seconds.
            let first = try await client.learn(90, for: kai, token: kai.token, start: testStart.addingTimeInterval(-4 * 3_600))
            let reward = try await client.learn(
                45, on: youtubeKids, for: kai, token: kai.token, start: testStart.addingTimeInterval(-2 * 3_600))
            let tiny: LearningSessionDto = try await client.call(
                .POST, "/api/v1/learning-sessions", token: family.parent.token,
                json: CreateLearningSessionDto(
                    childId: kai.id, bundleIdentifier: duolingo, startTime: testStart.addingTimeInterval(-60),
                    endTime: testStart.addingTimeInterval(-1)))
            // assert
            #expect(first.pointsEarned == 90 && first.durationSeconds == 5_400 && first.appName == "Duolingo")
            #expect(reward.pointsEarned == 0 && reward.category == .reward)
            #expect(tiny.pointsEarned == 0)
            let points = try await client.points(of: kai, token: kai.token)
            #expect(points.balance == 90 && points.totalEarned == 90)
            #expect(points.transactions.map(\.type) == [.earned])
            #expect(points.transactions.first?.balanceAfter == 90)
            let listed: [LearningSessionDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/learning-sessions", token: family.parent.token)
            #expect(listed.map(\.id) == [tiny.id, reward.id, first.id])
        }
    }

    @Test func badSessionsAreRefusedAndNothingIsStored() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            try await client.learn(30, for: kai, token: kai.token, start: testStart.addingTimeInterval(-3_600))
            func body(_ bundle: String = duolingo, start: Date, end: Date) -> String {
                #"{"childId":"\#(kai.id)","bundleIdentifier":"\#(bundle)","startTime":"\#(start.formatted(.iso8601))","endTime":"\#(end.formatted(.iso8601))"}"#
            }
            let hour = testStart.addingTimeInterval(-3 * 3_600)
            let cases: [(String, HTTPStatus, String)] = [
                (body(start: hour, end: hour), .unprocessableEntity, "endTime must be after startTime"),
                (body(start: hour.addingTimeInterval(-30 * 3_600), end: hour), .unprocessableEntity, "A session can be at most 24 hours"),
                (body(start: testStart, end: testStart.addingTimeInterval(3_600)), .unprocessableEntity, "endTime cannot be in the future"),
                (
                    body("com.example.unknown", start: hour, end: hour.addingTimeInterval(600)), .unprocessableEntity,
                    "is not one of the family's apps"
                ),
                (body(start: testStart.addingTimeInterval(-2_700), end: testStart.addingTimeInterval(-600)), .conflict, "overlaps"),
                (#"{"childId":"\#(kai.id)","bundleIdentifier":"\#(duolingo)"}"#, .badRequest, "startTime"),
            ]
            for (json, status, message) in cases {
                let response = try await client.send(.POST, "/api/v1/learning-sessions", token: family.parent.token, body: json)
                #expect(response.status == status, "\(json)")
                #expect(response.error?.message.contains(message) == true, "\(response.error?.message ?? response.body.string)")
            }
            let listed: [LearningSessionDto] = try await client.call(.GET, "/api/v1/children/\(kai.id)/learning-sessions", token: kai.token)
            #expect(listed.count == 1)
            #expect(try await client.points(of: kai, token: kai.token).balance == 30)
        }
    }
}

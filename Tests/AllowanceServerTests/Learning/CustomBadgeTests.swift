import AllowanceAPI
import Foundation
import Testing
import Vapor

@testable import AllowanceServer

/// A Premium family's own badges: made by a parent (402 for Basic), earned like the
/// catalogue's with their bonus paid once, retired without taking them from who earned them.
@Suite struct CustomBadgeTests {
    let spanish = CreateCustomBadgeDto(
        title: "Spanish Star", measure: .appHours, threshold: 1, bundleIdentifier: duolingo, pointsAwarded: 40)

    func catalogue(_ client: TestClient, token: String) async throws -> [BadgeDto] {
        try await client.call(.GET, "/api/v1/badges", token: token)
    }

    @Test func aBasicFamilyIsToldWhatPremiumUnlocksAndNothingIsMade() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let before = try await catalogue(client, token: family.parent.token)
            let refused = try await client.send(.POST, "/api/v1/badges", token: family.parent.token, json: spanish)
            #expect(refused.status == .paymentRequired && refused.error?.code == "upgrade_required")
            #expect(refused.error?.message.contains("Custom badges are a Premium feature") == true)
            #expect(try await catalogue(client, token: family.parent.token) == before)
        }
    }

    @Test func aCustomBadgeIsEarnedOnceWithItsBonusAndOnlyByWhoMeetsIt() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero)])
            let (kai, freya) = (family.children[0], family.children[1])
            try await client.makePremium(family)
            let made: BadgeDto = try await client.call(.POST, "/api/v1/badges", token: family.parent.token, json: spanish)
            #expect(made.badgeKey.hasPrefix("custom-") && made.criteria == "Learn for 1 hour on Duolingo" && made.pointsAwarded == 40)
            #expect(try await catalogue(client, token: kai.token).contains { $0.badgeKey == made.badgeKey })
            // Half an hour: not yet, with progress halfway.
            try await client.learn(30, for: kai, token: kai.token, start: testStart.addingTimeInterval(-4 * 3_600))
            #expect(try await client.badges(of: kai, token: kai.token).first { $0.badgeKey == made.badgeKey }?.progress == 0.5)
            // Another half hour (and an hour more later): earned once, 40 bonus points once.
            try await client.learn(30, for: kai, token: kai.token, start: testStart.addingTimeInterval(-3 * 3_600))
            try await client.learn(60, for: kai, token: kai.token, start: testStart.addingTimeInterval(-2 * 3_600))
            let held = try #require(try await client.badges(of: kai, token: kai.token).first { $0.badgeKey == made.badgeKey })
            #expect(held.earned && held.timesEarned == 1 && held.earnedAt == testStart)
            let bonuses = try await client.points(of: kai, token: kai.token).transactions.filter {
                $0.description == "Badge bonus: Spanish Star"
            }
            #expect(bonuses.map(\.amount) == [40])
            // Freya did not learn Spanish.
            let hers = try #require(try await client.badges(of: freya, token: freya.token).first { $0.badgeKey == made.badgeKey })
            #expect(!hers.earned && hers.progress == 0)
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func aBadgeAChildAlreadyMeetsIsAwardedWhenItIsMade() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            try await client.makePremium(family)
            try await client.learn(90, for: kai, token: kai.token)  // 90 points at 60 an hour
            let made: BadgeDto = try await client.call(
                .POST, "/api/v1/badges", token: family.parent.token,
                json: CreateCustomBadgeDto(title: "Fifty Points", measure: .points, threshold: 50, pointsAwarded: 5))
            let held = try #require(try await client.badges(of: kai, token: kai.token).first { $0.badgeKey == made.badgeKey })
            #expect(held.earned && held.timesEarned == 1)
            let notes = try await client.notifications(token: kai.token)
            #expect(notes.contains { $0.title == "New badge: Fifty Points" })
        }
    }

    @Test func badFieldsAreRefusedWithAMessageAndNothingIsMade() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            try await client.makePremium(family)
            let before = try await catalogue(client, token: family.parent.token)
            let cases: [(String, String)] = [
                (#"{"title":"X","measure":"Minutes","threshold":5}"#, "measure"),
                (#"{"title":"X","measure":"Hours","threshold":0}"#, "Target must be a whole number from 1"),
                (#"{"title":"","measure":"Hours","threshold":5}"#, "Title is required"),
                (#"{"title":"X","measure":"Hours","threshold":5,"pointsAwarded":-5}"#, "Bonus points"),
                (#"{"title":"X","measure":"AppHours","threshold":5}"#, "Choose the app"),
                (#"{"title":"X","measure":"AppHours","threshold":5,"bundleIdentifier":"com.nowhere.app"}"#, "not one of the family's apps"),
            ]
            // Refusals that depend on another field, the date or the family's data fit the document: 422.
            let rules: Set<String> = ["Choose the app", "not one of the family's apps"]
            for (body, message) in cases {
                let response = try await client.send(.POST, "/api/v1/badges", token: family.parent.token, body: body)
                #expect(response.status == (rules.contains(message) ? .unprocessableEntity : .badRequest), "\(body)")
                #expect(response.error?.message.contains(message) == true, "\(body): \(response.error?.message ?? "no error")")
            }
            #expect(try await catalogue(client, token: family.parent.token) == before)
        }
    }

    @Test func aRetiredBadgeStaysWithWhoEarnedItAndIsEarnedByNobodyElse() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero)])
            let (kai, freya) = (family.children[0], family.children[1])
            let stranger = try await client.family(children: [("Ola", .zero)])
            try await client.makePremium(family)
            let made: BadgeDto = try await client.call(.POST, "/api/v1/badges", token: family.parent.token, json: spanish)
            try await client.learn(60, for: kai, token: kai.token)
            let path = "/api/v1/badges/\(made.badgeKey)"
            #expect(try await client.send(.DELETE, path, token: kai.token).status == .forbidden)
            #expect(try await client.send(.DELETE, path, token: stranger.parent.token).status == .notFound)
            #expect(try await client.send(.DELETE, "/api/v1/badges/streak-7", token: family.parent.token).status == .unprocessableEntity)
            #expect(try await client.send(.DELETE, path, token: family.parent.token).status == .noContent)
            #expect(try await client.send(.DELETE, path, token: family.parent.token).status == .notFound)
            #expect(!(try await catalogue(client, token: family.parent.token)).contains { $0.badgeKey == made.badgeKey })
            // Kai keeps it; Freya's hour on Duolingo now earns nothing of it, and she does not see it.
            #expect(try await client.badges(of: kai, token: kai.token).first { $0.badgeKey == made.badgeKey }?.earned == true)
            try await client.learn(60, for: freya, token: freya.token)
            #expect(!(try await client.badges(of: freya, token: freya.token)).contains { $0.badgeKey == made.badgeKey })
        }
    }

    @Test func appTiersAreEarnedFromTimeOnApps() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let apps: [AppCategoryDto] = try await client.call(.GET, "/api/v1/app-categories", token: family.parent.token)
            let learning = apps.filter { $0.category == .learning }.prefix(3).map(\.bundleIdentifier)
            #expect(learning.count == 3)
            for (index, bundle) in learning.enumerated() {
                try await client.learn(
                    index == 0 ? 300 : 10, on: bundle, for: kai, token: kai.token,
                    start: testStart.addingTimeInterval(Double(-(index + 1)) * 6 * 3_600))
            }
            let earned = Set(try await client.badges(of: kai, token: kai.token).filter(\.earned).map(\.badgeKey))
            #expect(earned.isSuperset(of: ["apps-3", "app-hours-5"]) && !earned.contains("app-hours-25"))
        }
    }
}

import AllowanceAPI
import AllowanceCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// Editing a learning goal and making the family's own badges in the browser's forms.
@Suite struct LearningEditPagesTests {
    let pages = WebPageTests()

    @Test func aParentEditsAGoalAndABadInputComesBackOnTheForm() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let goal = try await client.learningGoal(for: kai, in: family, title: "Read 2 hours", target: 2)
            let cookies = try await pages.signIn(client, email: family.parent.email)
            let learning = try await pages.page(client, "/children/\(kai.id)/learning", cookies: cookies)
            #expect(learning.body.string.contains("/learning-goals/\(goal.id.uuidString)/edit"))
            let path = "/learning-goals/\(goal.id)/edit"
            let form = try await pages.page(client, path, cookies: cookies)
            #expect(
                form.status == .ok && form.body.string.contains("value=\"Read 2 hours\"") && form.body.string.contains("Target (hours)"))
            // A target of 0 is refused on the form, with what was typed kept.
            let bad = try await pages.post(client, path, form: "_csrf=\(cookies.csrf)&title=Read+more&targetValue=0", cookies: cookies)
            #expect(bad.status == .badRequest && bad.body.string.contains("targetValue must be more than 0"))
            #expect(bad.body.string.contains("value=\"Read more\""))
            let unchanged: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(goal.id)", token: family.parent.token)
            #expect(unchanged.title == "Read 2 hours" && unchanged.targetValue == 2)
            // A good edit is saved and the learning page says so.
            let saved = try await pages.post(
                client, path, form: "_csrf=\(cookies.csrf)&title=Read+3+hours&description=Any+book&targetValue=3&isRecurring=on",
                cookies: cookies)
            #expect(saved.status == .seeOther && saved.headers.first(name: .location) == "/children/\(kai.id)/learning")
            let edited: LearningGoalDto = try await client.call(.GET, "/api/v1/learning-goals/\(goal.id)", token: family.parent.token)
            #expect(edited.title == "Read 3 hours" && edited.targetValue == 3 && edited.isRecurring && edited.description == "Any book")
            // Kai may read his goals but not edit them.
            let kaiCookies = try await pages.signIn(client, email: kai.email)
            #expect(try await pages.page(client, path, cookies: kaiCookies).status == .forbidden)
        }
    }

    @Test func aBasicFamilySeesBadgesLockedAndAPremiumOneMakesAndRemovesThem() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let cookies = try await pages.signIn(client, email: family.parent.email)
            let locked = try await pages.page(client, "/learning/apps", cookies: cookies)
            #expect(locked.body.string.contains("Custom badges are a Premium feature"))
            #expect(!locked.body.string.contains("Add Badge"))
            let refused = try await pages.post(
                client, "/learning/badges", form: "_csrf=\(cookies.csrf)&title=Reader&measure=Hours&threshold=5", cookies: cookies)
            #expect(refused.status == .paymentRequired && refused.body.string.contains("Premium unlocks"))
            try await client.makePremium(family)
            let open = try await pages.page(client, "/learning/apps", cookies: cookies)
            #expect(open.body.string.contains("Add Badge"))
            let bad = try await pages.post(
                client, "/learning/badges", form: "_csrf=\(cookies.csrf)&title=Reader&measure=Hours&threshold=lots", cookies: cookies)
            #expect(bad.status == .badRequest && bad.body.string.contains("Target must be a whole number"))
            let made = try await pages.post(
                client, "/learning/badges",
                form:
                    "_csrf=\(cookies.csrf)&title=Spanish+Star&measure=AppHours&threshold=10&bundleIdentifier=\(duolingo)&pointsAwarded=50",
                cookies: cookies)
            #expect(made.status == .seeOther)
            let listed = try await pages.page(client, "/learning/apps", cookies: cookies)
            #expect(listed.body.string.contains("Spanish Star") && listed.body.string.contains("Learn for 10 hours on Duolingo"))
            let badges: [BadgeDto] = try await client.call(.GET, "/api/v1/badges", token: family.parent.token)
            let key = try #require(badges.first { $0.title == "Spanish Star" }?.badgeKey)
            let id = try #require(CustomBadges.id(inKey: key))
            let removed = try await pages.post(client, "/learning/badges/\(id)/delete", form: "_csrf=\(cookies.csrf)", cookies: cookies)
            #expect(removed.status == .seeOther && removed.headers.first(name: .location) == "/learning/apps")
            let after = try await pages.page(client, "/learning/apps", cookies: cookies)
            #expect(!after.body.string.contains("Learn for 10 hours on Duolingo"))
        }
    }
}

import AllowanceAPI
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import AllowanceServer

/// The learning pages without a browser (the flows are in Tests/browser): forms move the same
/// services as the API, refusals come back on the page, and the family's app list.
@Suite struct LearningPagesTests {
    let pages = WebPageTests()

    @Test func aParentSetsAGoalAndLogsSessionsUntilItIsReached() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let cookies = try await pages.signIn(client, email: family.parent.email)
            let path = "/children/\(kai.id)/learning"
            let empty = try await pages.page(client, path, cookies: cookies)
            #expect(empty.status == .ok && empty.body.string.contains("Kai&#39;s learning") || empty.body.string.contains("Kai's learning"))
            // act: a weekly goal of 1 hour, then 40 and 20 minutes.
            let goal = try await pages.post(
                client, path + "/goal", form: "_csrf=\(cookies.csrf)&title=Learn+an+hour&type=TimeBased&targetValue=1&frequency=Weekly",
                cookies: cookies)
            #expect(goal.status == .seeOther)
            let first = try await pages.post(
                client, path + "/session",
                form: "_csrf=\(cookies.csrf)&bundleIdentifier=\(duolingo)&date=2026-11-21&start=10:00&minutes=40",
                cookies: cookies)
            #expect(first.status == .seeOther && first.headers.first(name: .location) == path)
            let second = try await pages.post(
                client, path + "/session",
                form: "_csrf=\(cookies.csrf)&bundleIdentifier=\(duolingo)&date=2026-11-21&start=11:00&minutes=20",
                cookies: cookies)
            // assert: the goal is reached, and the page celebrates.
            #expect(second.headers.first(name: .location) == path + "?celebrate=goal")
            let done = try await pages.page(client, path + "?celebrate=goal", cookies: cookies)
            #expect(done.body.string.contains("Goal reached!"))
            #expect(done.body.string.contains("First Goal"))
            let goals: [LearningGoalDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/learning-goals?status=all", token: family.parent.token)
            #expect(goals.map(\.status) == [.completed])
        }
    }

    @Test func theParentsDashboardShowsEachChildsMinutesTodayAndStreak() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero)])
            let kai = family.children[0]
            // Kai: 20 minutes yesterday and 25 today, a two-day streak; Freya: nothing yet.
            try await client.learn(20, for: kai, token: family.parent.token, start: client.now.value.addingTimeInterval(-86_400))
            try await client.learn(25, for: kai, token: family.parent.token)
            let cookies = try await pages.signIn(client, email: family.parent.email)
            let page = try await pages.page(client, "/dashboard", cookies: cookies).body.string
            // Each card's line is its own child's: the first after the child's name.
            func line(after name: String) -> Substring? {
                guard let card = page.range(of: name) else { return nil }
                return page[card.upperBound...].firstMatch(of: /Learning: [^<]+/)?.output
            }
            #expect(line(after: "Kai Kid") == "Learning: 25 min today · 2-day streak")
            #expect(line(after: "Freya Kid") == "Learning: 0 min today · no streak yet")
        }
    }

    @Test func aChildsPageShowsTheirMinutesTodayAndStreak() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero), ("Freya", .zero)])
            let (kai, freya) = (family.children[0], family.children[1])
            // Kai: 20 minutes yesterday and 25 today, a two-day streak; Freya: nothing yet.
            try await client.learn(20, for: kai, token: family.parent.token, start: client.now.value.addingTimeInterval(-86_400))
            try await client.learn(25, for: kai, token: family.parent.token)
            let cookies = try await pages.signIn(client, email: family.parent.email)
            let kaisPage = try await pages.page(client, "/children/\(kai.id)", cookies: cookies).body.string
            #expect(kaisPage.contains("<p class=\"muted\">25 min today · 2-day streak</p>"))
            let freyasPage = try await pages.page(client, "/children/\(freya.id)", cookies: cookies).body.string
            #expect(freyasPage.contains("<p class=\"muted\">0 min today · no streak yet</p>"))
        }
    }

    @Test func refusalsComeBackOnThePageAndChangeNothing() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let cookies = try await pages.signIn(client, email: family.parent.email)
            let path = "/children/\(kai.id)/learning"
            let bad = try await pages.post(
                client, path + "/session", form: "_csrf=\(cookies.csrf)&bundleIdentifier=\(duolingo)&date=2026-11-21&start=10:00&minutes=0",
                cookies: cookies)
            #expect(bad.status == .badRequest && bad.body.string.contains("Minutes must be a whole number from 1 to 1440"))
            let csv =
                "bundleIdentifier,startTime,endTime%0A\(duolingo),2026-11-20T15:00:00Z,2026-11-20T15:30:00Z%0Anot.an.app,2026-11-20T16:00:00Z,2026-11-20T16:30:00Z"
            let imported = try await pages.post(client, path + "/import", form: "_csrf=\(cookies.csrf)&csv=\(csv)", cookies: cookies)
            #expect(imported.status == .unprocessableEntity && imported.body.string.contains("not.an.app is not one of the family"))
            let sessions: [LearningSessionDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/learning-sessions", token: family.parent.token)
            #expect(sessions.isEmpty)
            // A good file imports every row.
            let good =
                "bundleIdentifier,startTime,endTime%0A\(duolingo),2026-11-20T15:00:00Z,2026-11-20T15:30:00Z%0A\(duolingo),2026-11-19T15:00:00Z,2026-11-19T15:30:00Z"
            let ok = try await pages.post(client, path + "/import", form: "_csrf=\(cookies.csrf)&csv=\(good)", cookies: cookies)
            #expect(ok.status == .seeOther)
            let after: [LearningSessionDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/learning-sessions", token: family.parent.token)
            #expect(after.count == 2)
        }
    }

    @Test func parentsKeepTheAppListChildrenCannot() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let parent = try await pages.signIn(client, email: family.parent.email)
            let added = try await pages.post(
                client, "/learning/apps",
                form: "_csrf=\(parent.csrf)&appName=Chess&bundleIdentifier=com.chess.app&category=Learning&pointsPerHour=30",
                cookies: parent)
            #expect(added.status == .seeOther)
            let list = try await pages.page(client, "/learning/apps", cookies: parent)
            #expect(list.body.string.contains("com.chess.app"))
            let child = try await pages.signIn(client, email: family.children[0].email)
            #expect(try await pages.page(client, "/learning/apps", cookies: child).status == .forbidden)
            // A child sees their own learning page.
            #expect(try await pages.page(client, "/children/\(family.children[0].id)/learning", cookies: child).status == .ok)
        }
    }

    /// The spec: "Goal creation and modification is restricted to parent users only". A child
    /// who could set goals could set tiny ones and collect the goal badges' points over and over.
    @Test func onlyAParentSetsALearningGoal() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let kai = family.children[0]
            let child = try await pages.signIn(client, email: kai.email)
            let path = "/children/\(kai.id)/learning"
            let page = try await pages.page(client, path, cookies: child).body.string
            #expect(!page.contains("New goal") && page.contains("A parent can set one"))
            let posted = try await pages.post(
                client, path + "/goal", form: "_csrf=\(child.csrf)&title=Tiny&type=TimeBased&targetValue=0.01&frequency=Daily",
                cookies: child)
            #expect(posted.status == .forbidden)
            let api = try await client.send(
                .POST, "/api/v1/learning-goals", token: kai.token,
                body: #"{"childId":"\#(kai.id)","title":"Tiny","type":"TimeBased","targetValue":0.01,"frequency":"Daily"}"#)
            #expect(api.status == .forbidden)
            let goals: [LearningGoalDto] = try await client.call(
                .GET, "/api/v1/children/\(kai.id)/learning-goals?status=all", token: family.parent.token)
            #expect(goals.isEmpty)
            // The parent still sets one, on the same page.
            let parent = try await pages.signIn(client, email: family.parent.email)
            #expect(try await pages.page(client, path, cookies: parent).body.string.contains("New goal"))
        }
    }
}

extension LearningPagesTests {
    @Test func parentsSetTheRateAndTheReminderTimeOnTheAppsPage() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", .zero)])
            let parent = try await pages.signIn(client, email: family.parent.email)
            // Basic keeps the 18:00 reminder: choosing its time is Premium's.
            let basic = try await pages.page(client, "/learning/apps", cookies: parent)
            #expect(basic.body.string.contains("Choosing when the streak reminder comes is a Premium feature."))
            let locked = try await pages.post(
                client, "/learning/settings", form: "_csrf=\(parent.csrf)&pointsPerDollar=50&streakReminderTime=19:15", cookies: parent)
            #expect(locked.status == .paymentRequired && locked.body.string.contains("Premium unlocks"))
            let unchanged: LearningSettingsDto = try await client.call(
                .GET, "/api/v1/families/current/learning-settings", token: family.parent.token)
            #expect(unchanged == LearningSettingsDto(pointsPerDollar: nil, streakReminderTime: "18:00"))
            try await client.makePremium(family)
            let saved = try await pages.post(
                client, "/learning/settings", form: "_csrf=\(parent.csrf)&pointsPerDollar=50&streakReminderTime=19:15", cookies: parent)
            #expect(saved.status == .seeOther)
            let settings: LearningSettingsDto = try await client.call(
                .GET, "/api/v1/families/current/learning-settings", token: family.parent.token)
            #expect(settings == LearningSettingsDto(pointsPerDollar: 50, streakReminderTime: "19:15"))
            let bad = try await pages.post(client, "/learning/settings", form: "_csrf=\(parent.csrf)&pointsPerDollar=lots", cookies: parent)
            #expect(bad.status == .badRequest && bad.body.string.contains("Points per dollar must be a whole number"))
            // Empty: points are not money again.
            _ = try await pages.post(client, "/learning/settings", form: "_csrf=\(parent.csrf)&pointsPerDollar=", cookies: parent)
            let cleared: LearningSettingsDto = try await client.call(
                .GET, "/api/v1/families/current/learning-settings", token: family.parent.token)
            #expect(cleared.pointsPerDollar == nil && cleared.streakReminderTime == "19:15")
        }
    }
}

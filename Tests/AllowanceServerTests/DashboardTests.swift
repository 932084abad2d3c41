import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

@Suite struct DashboardTests {
    @Test func parentDashboardSumsTheFamily() async throws {
        try await withApp { client in
            let family = try await client.family(
                name: "The Okafors", children: [("Kai", Money(cents: 100_00)), ("Freya", Money(cents: 100_00))])
            try await client.post(.debit, 12_34, to: family.children[0], in: family)
            let dashboard: ParentDashboardResponse = try await client.call(.GET, "/api/v1/dashboard/parent", token: family.parent.token)
            #expect(dashboard.familyName == "The Okafors")
            #expect(dashboard.totalBalance == Money(cents: 187_66))
            #expect(dashboard.totalWeeklyAllowance == Money(cents: 20_00))
            #expect(dashboard.children.map(\.firstName) == ["Freya", "Kai"])
            #expect(dashboard.children.first { $0.firstName == "Kai" }?.recentTransactionCount == 2)
            #expect(dashboard.children.first { $0.firstName == "Kai" }?.currentBalance == Money(cents: 87_66))
            // Entries older than a week are no longer "recent".
            client.now.value = testStart.addingTimeInterval(8 * 86_400)
            let login: AuthResponse = try await client.call(
                .POST, "/api/v1/auth/login", json: LoginRequest(email: family.parent.email, password: "secret1"))
            let later: ParentDashboardResponse = try await client.call(.GET, "/api/v1/dashboard/parent", token: login.token)
            #expect(later.children.allSatisfy { $0.recentTransactionCount == 0 })
        }
    }

    @Test func emptyFamilyDashboard() async throws {
        try await withApp { client in
            let family = try await client.family(name: "The Larsens")
            let dashboard: ParentDashboardResponse = try await client.call(.GET, "/api/v1/dashboard/parent", token: family.parent.token)
            #expect(dashboard.familyName == "The Larsens")
            #expect(dashboard.children.isEmpty)
            #expect(dashboard.totalBalance == .zero)
        }
    }

    @Test func childDashboardShowsPaydayAndThisMonthInTheFamilyTimeZone() async throws {
        // Saturday 2026-10-31 23:30 in New York (03:30 UTC on Sunday 1 November).
        let halloweenNight = Date(timeIntervalSince1970: 1_793_503_800)
        try await withApp(at: halloweenNight) { client in
            let family = try await client.family(timeZone: "America/New_York")
            let kai = try await client.addChild(to: family, name: "Kai", balance: Money(cents: 10_00), day: .wednesday)
            try await client.post(.debit, 2_50, to: kai, in: family)  // still October in New York
            client.now.value = halloweenNight.addingTimeInterval(3600)  // 00:30 on 1 November, New York
            try await client.post(.credit, 5_00, to: kai, in: family)
            try await client.post(.debit, 1_25, to: kai, in: family)

            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(dashboard.firstName == "Kai")
            #expect(dashboard.currentBalance == Money(cents: 11_25))
            #expect(dashboard.monthlyStats == MonthlyStats(totalEarned: Money(cents: 5_00), totalSpent: Money(cents: 1_25)))
            #expect(dashboard.monthlyStats.netChange == Money(cents: 3_75))
            // Sunday 1 November → Wednesday 4 November is 3 days, "3 days".
            #expect(dashboard.daysUntilNextAllowance == 3)
            #expect(dashboard.nextAllowanceText == "3 days")
            #expect(dashboard.nextAllowanceDate == Date(timeIntervalSince1970: 1_793_768_400))  // 2026-11-04 00:00 EST
            // Wednesday 28 October came before Kai was added on the 31st: no allowance was paid yet.
            #expect(dashboard.lastAllowanceDate == nil)
            #expect(
                dashboard.recentTransactions.map(\.amount) == [
                    Money(cents: 1_25), Money(cents: 5_00), Money(cents: 2_50), Money(cents: 10_00),
                ])
        }
    }

    @Test func paydayTodayReadsToday() async throws {
        try await withApp { client in
            // Kai joined on Friday evening; Saturday's payday (at midnight) is his.
            client.now.value = testStart.addingTimeInterval(-15 * 3_600)
            let family = try await client.family(timeZone: "America/New_York")
            let kai = try await client.addChild(to: family, name: "Kai", balance: .zero, day: .saturday)
            client.now.value = testStart
            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(dashboard.daysUntilNextAllowance == 0)
            #expect(dashboard.nextAllowanceText == "Today")
            #expect(dashboard.lastAllowanceDate == nil)
        }
    }

    /// What the dashboards promise must be what the payday run pays: nothing while paused or
    /// without an allowance, and not a payday that came before the child was added.
    @Test func theNextPaydayShownIsOneThatWillBePaid() async throws {
        try await withApp { client in
            let family = try await client.family(timeZone: "America/New_York")
            // Saturday 13:30: added after that day's midnight payday, so paid from next Saturday.
            let kai = try await client.addChild(to: family, name: "Kai", balance: .zero, day: .saturday)
            let fresh: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(fresh.nextAllowanceDate == utc("2026-11-28T05:00:00Z") && fresh.nextAllowanceText == "7 days")
            #expect(fresh.lastAllowanceDate == nil && !fresh.allowancePaused)
            // The payday run agrees: nothing is owed for today.
            #expect(await client.runJobs(at: utc("2026-11-21T23:00:00Z"), for: family)["payday"] == 0)
            // Paused: no next payday, on the API and on the child's own page.
            _ = try await client.call(
                .POST, "/api/v1/children/\(kai.id)/allowance/pause", token: family.parent.token, as: ChildResponse.self)
            let paused: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(paused.nextAllowanceDate == nil && paused.nextAllowanceText == "Paused" && paused.allowancePaused)
            let child: ChildResponse = try await client.call(.GET, "/api/v1/children/\(kai.id)", token: family.parent.token)
            #expect(child.nextAllowanceDate == nil && child.lastAllowanceDate == nil)
            let pages = WebPageTests()
            let cookies = try await pages.signIn(client, email: kai.email)
            let page = try await pages.page(client, "/dashboard", cookies: cookies).body.string
            #expect(page.contains(#"<span class="label">Next payment</span><span class="medium">Paused</span>"#))
            // No weekly allowance: none to show either.
            let freya = try await client.addChild(to: family, name: "Freya", balance: .zero, allowance: .zero, day: .saturday)
            let none: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: freya.token)
            #expect(none.nextAllowanceDate == nil && none.nextAllowanceText == "No allowance" && !none.allowancePaused)
        }
    }

    /// An allowance that starts running again on payday, after that day's midnight (a pause
    /// ended, or an allowance set where there was none), is not paid that day: the next payday
    /// shown is a week on, as the payday run has it, and no last one is shown, since whether it
    /// was paid before the pause is not known.
    @Test func anAllowanceRunningAgainOnPaydayIsNextPaidAWeekOn() async throws {
        try await withApp { client in
            // Added on a Tuesday, so Saturday's paydays are owed.
            client.now.value = utc("2026-11-10T17:00:00Z")
            var family = try await client.family(timeZone: "America/New_York")
            let kai = try await client.addChild(to: family, name: "Kai", balance: .zero, day: .saturday)
            let freya = try await client.addChild(to: family, name: "Freya", balance: .zero, allowance: .zero, day: .saturday)
            family.children = [kai, freya]
            // Saturday 21 November, 10:00 in New York: Kai's allowance is paused (which pays the
            // paydays that fell due before it) and resumed half an hour later; Freya gets one.
            client.now.value = utc("2026-11-21T15:00:00Z")
            family = try await client.signIn(family)
            for action in ["pause", "resume"] {
                _ = try await client.call(
                    .POST, "/api/v1/children/\(kai.id)/allowance/\(action)", token: family.parent.token, as: ChildResponse.self)
                client.now.value = utc("2026-11-21T15:30:00Z")
            }
            _ = try await client.call(
                .PUT, "/api/v1/children/\(freya.id)", token: family.parent.token,
                json: UpdateChildRequest(weeklyAllowance: Money(cents: 5_00)), as: ChildResponse.self)
            for child in [kai, freya] {
                let shown: ChildResponse = try await client.call(.GET, "/api/v1/children/\(child.id)", token: family.parent.token)
                #expect(shown.nextAllowanceDate == utc("2026-11-28T05:00:00Z") && shown.lastAllowanceDate == nil)
            }
            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: family.children[0].token)
            #expect(dashboard.nextAllowanceText == "7 days" && dashboard.daysUntilNextAllowance == 7)
            // The payday run agrees: nothing more is owed today.
            #expect(await client.runJobs(at: utc("2026-11-21T16:00:00Z"), for: family)["payday"] == 0)
        }
    }
}

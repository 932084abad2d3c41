import AllowanceAPI
import AllowanceCore
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

/// How saving and buying read in a child's history and month: money moved into a goal is
/// saved, not spent; buying the goal's item is one spend, shown in the history.
@Suite struct GoalHistoryTests {
    @Test func savingIntoAGoalIsSavedNotSpent() async throws {
        try await withApp { client in
            // setup: Kai starts with $50 (earned this month)
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, name: "Lego Castle", target: 80_00)
            // act: saves $30, spends $4 on a comic, a parent takes $5 back out of the goal
            try await client.saved(30_00, to: goal, token: kai.token)
            try await client.post(.debit, 4_00, to: kai, in: family, description: "Comic")
            _ = try await client.call(
                .POST, "/api/v1/savings-goals/\(goal.id)/withdraw", token: family.parent.token,
                json: WithdrawFromGoalDto(amount: Money(cents: 5_00)), as: ContributionDto.self)
            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            // assert
            #expect(dashboard.currentBalance == Money(cents: 21_00))
            #expect(dashboard.monthlyStats.totalEarned == Money(cents: 50_00))
            #expect(dashboard.monthlyStats.totalSpent == Money(cents: 4_00))
            #expect(dashboard.monthlyStats.totalSaved == Money(cents: 25_00))
            #expect(dashboard.monthlyStats.netChange == Money(cents: 46_00))
            let pages = WebPageTests()
            let page = try await pages.page(client, "/dashboard", cookies: try await pages.signIn(client, email: kai.email))
            #expect(page.body.string.contains("Saved</span><span class=\"medium\">$25.00"))
            #expect(try await client.audit(family).isClean)
        }
    }

    @Test func buyingAGoalShowsInTheHistoryAndCountsOnce() async throws {
        try await withApp { client in
            // setup
            let family = try await client.family(children: [("Kai", Money(cents: 100_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, name: "Lego Castle", target: 80_00)
            try await client.saved(80_00, to: goal, token: kai.token)
            // act
            client.now.value = testStart.addingTimeInterval(3_600)
            let bought: SavingsGoalDto = try await client.call(
                .POST, "/api/v1/savings-goals/\(goal.id)/purchase", token: family.parent.token,
                json: MarkGoalPurchasedDto(notes: "Toy shop"))
            // assert: the history ends with the money taken from savings and the purchase
            #expect(bought.status == .purchased && bought.currentAmount == .zero)
            let history = try await client.ledger(of: kai, in: family)
            let last = try #require(history.last)
            #expect(last.type == .debit && last.amount == Money(cents: 80_00))
            #expect(last.description == "Bought Lego Castle, $80.00, from savings")
            #expect(last.notes == "Toy shop" && last.category == "Toy")
            #expect(last.balanceAfter == Money(cents: 20_00))
            let taken = history[history.count - 2]
            #expect(taken.type == .credit && taken.amount == Money(cents: 80_00) && taken.description == "Taken from savings: Lego Castle")
            // The balance stays where saving left it; the month counts the purchase as spent once.
            #expect(try await client.balance(of: kai, in: family) == Money(cents: 20_00))
            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(dashboard.monthlyStats.totalEarned == Money(cents: 100_00))
            #expect(dashboard.monthlyStats.totalSpent == Money(cents: 80_00))
            #expect(dashboard.monthlyStats.totalSaved == .zero)
            let rows = try await client.contributions(of: goal, token: kai.token)
            #expect(rows.first?.type == .purchase && rows.first?.amount == Money(cents: -80_00))
            #expect(try await client.audit(family).isClean)
        }
    }

    /// A database from before the saved columns: the migration counts the moves already made.
    @Test func theMigrationCountsEarlierMovesAsSaved() async throws {
        try await withApp { client in
            // setup: a contribution and a withdrawal, then the saved columns as the migration finds them
            let family = try await client.family(children: [("Kai", Money(cents: 50_00))])
            let kai = family.children[0]
            let goal = try await client.createGoal(for: kai, in: family, target: 80_00)
            try await client.saved(30_00, to: goal, token: kai.token)
            _ = try await client.call(
                .POST, "/api/v1/savings-goals/\(goal.id)/withdraw", token: family.parent.token,
                json: WithdrawFromGoalDto(amount: Money(cents: 5_00)), as: ContributionDto.self)
            let sql = client.app.db.sql
            try await sql.raw("UPDATE child_daily_totals SET saved_in_cents = 0, saved_out_cents = 0 WHERE child_id = \(bind: kai.id)")
                .run()
            // act
            try await AddDailyTotalsSavings.backfill(familyID: family.parent.familyId, on: sql)
            // assert
            let dashboard: ChildDashboard = try await client.call(.GET, "/api/v1/dashboard/child", token: kai.token)
            #expect(dashboard.monthlyStats.totalSaved == Money(cents: 25_00))
            #expect(dashboard.monthlyStats.totalSpent == .zero)
            #expect(dashboard.monthlyStats.totalEarned == Money(cents: 50_00))
        }
    }
}

import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// The payday job and savings goals together: the allowance arrives, then the goals take
/// their automatic share, in priority order, all inside the payday.
@Suite struct PaydayGoalsTests {
    @Test func paydayCreditsTheAllowanceThenFillsGoalsByPriority() async throws {
        try await withApp { client in
            // setup: Kai has $5.00, $10.00 a week on Saturdays; two goals save automatically.
            let family = try await client.family(children: [("Kai", Money(cents: 5_00))])
            let kai = family.children[0]
            let bike = try await client.createGoal(
                for: kai, in: family, name: "Bike", target: 100_00, priority: 1, autoTransfer: (.fixedAmount, 3_00))
            let book = try await client.createGoal(
                for: kai, in: family, name: "Book", target: 20_00, priority: 2, autoTransfer: (.percentage, 25_00))  // 25 %
            // act: next Saturday's payday (2026-11-28, midnight in New York)
            let handled = await client.runJobs(at: utc("2026-11-28T06:00:00Z"), for: family)
            let fresh = try await client.signIn(family)
            // assert
            #expect(handled["payday"] == 1)
            let ledger = try await client.ledger(of: kai, in: fresh)
            #expect(ledger.suffix(3).map(\.description) == ["Weekly allowance", "Saved to goal: Bike", "Saved to goal: Book"])
            #expect(ledger.suffix(3).map(\.amount) == [Money(cents: 10_00), Money(cents: 3_00), Money(cents: 2_50)])
            #expect(try await client.balance(of: kai, in: fresh) == Money(cents: 9_50))
            let bikeNow: SavingsGoalDto = try await client.call(.GET, "/api/v1/savings-goals/\(bike.id)", token: fresh.parent.token)
            let bookNow: SavingsGoalDto = try await client.call(.GET, "/api/v1/savings-goals/\(book.id)", token: fresh.parent.token)
            #expect(bikeNow.currentAmount == Money(cents: 3_00))
            #expect(bookNow.currentAmount == Money(cents: 2_50))
            // Running the job again pays nothing twice.
            #expect(await client.runJobs(at: utc("2026-11-28T07:00:00Z"), for: family)["payday"] == 0)
            #expect(try await client.balance(of: kai, in: fresh) == Money(cents: 9_50))
            #expect(try await client.audit(family).isClean)
        }
    }
}

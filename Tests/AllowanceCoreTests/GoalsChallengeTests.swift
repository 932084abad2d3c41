import Foundation
import Testing

@testable import AllowanceCore

@Suite struct GoalsChallengeTests {
    let start = Date(timeIntervalSince1970: 1_795_285_800)  // Saturday 2026-11-21 18:30 UTC
    let newYork = FamilyCalendar(identifier: "America/New_York")!
    var challenge: ChallengeTerms {
        ChallengeTerms(
            target: Money(cents: 20_00), startDate: start, endDate: start.addingTimeInterval(7 * 86_400), bonus: Money(cents: 5_00))
    }

    @Test func progressCountsTheChildsSavingWithinTheWindowOnly() {
        let rows: [ChallengeTerms.Saving] = [
            .init(type: .childDeposit, amount: Money(cents: 30_00), at: start.addingTimeInterval(-60)),  // before the start
            .init(type: .childDeposit, amount: Money(cents: 8_00), at: start.addingTimeInterval(60)),
            .init(type: .autoTransfer, amount: Money(cents: 2_00), at: start.addingTimeInterval(3_600)),
            .init(type: .parentMatch, amount: Money(cents: 4_00), at: start.addingTimeInterval(60)),  // the parent's money
            .init(type: .childDeposit, amount: Money(cents: 9_00), at: start.addingTimeInterval(7 * 86_400)),  // at the end: too late
        ]
        #expect(challenge.progress(of: rows) == Money(cents: 10_00))
        #expect(challenge.percentage(progress: Money(cents: 10_00)) == 50)
    }

    @Test func reachingTheTargetBeforeTheEndWins() {
        #expect(!challenge.isWon(progress: Money(cents: 19_99), at: start.addingTimeInterval(60)))
        #expect(challenge.isWon(progress: Money(cents: 20_00), at: start.addingTimeInterval(60)))
        #expect(!challenge.isWon(progress: Money(cents: 20_00), at: start.addingTimeInterval(7 * 86_400)))
    }

    @Test func anActiveChallengeReadsFailedTheMomentItsEndPasses() {
        #expect(challenge.effectiveStatus(at: start.addingTimeInterval(7 * 86_400 - 1)) == .active)
        #expect(challenge.effectiveStatus(at: start.addingTimeInterval(7 * 86_400)) == .failed)
        var won = challenge
        won.status = .completed
        #expect(won.effectiveStatus(at: start.addingTimeInterval(30 * 86_400)) == .completed)
    }

    @Test func daysRemainingCountsTheFamilysDays() {
        #expect(challenge.daysRemaining(at: start, calendar: newYork) == 7)
        #expect(challenge.daysRemaining(at: start.addingTimeInterval(6 * 86_400 + 3_600), calendar: newYork) == 1)
        #expect(challenge.daysRemaining(at: start.addingTimeInterval(8 * 86_400), calendar: newYork) == 0)
    }
}

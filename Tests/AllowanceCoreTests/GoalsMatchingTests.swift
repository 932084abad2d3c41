import Foundation
import Testing

@testable import AllowanceCore

@Suite struct GoalsMatchingTests {
    let now = Date(timeIntervalSince1970: 1_795_285_800)
    func ratio(_ text: String) -> MatchRatio { MatchRatio(text)! }

    @Test func ratioMatchHalfIsOneDollarForEveryTwo() {
        let rule = MatchingTerms(type: .ratioMatch, ratio: ratio("0.5"), maxMatch: nil)
        #expect(rule.match(forDeposit: Money(cents: 2_00), at: now) == Money(cents: 1_00))
        #expect(rule.match(forDeposit: Money(cents: 10_00), at: now) == Money(cents: 5_00))
        // Rounds down to the cent: $3.33 × 0.5 = $1.665 → $1.66.
        #expect(rule.match(forDeposit: Money(cents: 3_33), at: now) == Money(cents: 1_66))
        #expect(rule.typeDescription(target: Money(cents: 100_00)) == "$1 for every $2 saved")
    }

    @Test func percentageMatchIsAShareOfEachDeposit() {
        let rule = MatchingTerms(type: .percentageMatch, ratio: ratio("50"), maxMatch: nil)
        #expect(rule.match(forDeposit: Money(cents: 3_00), at: now) == Money(cents: 1_50))
        #expect(
            MatchingTerms(type: .percentageMatch, ratio: ratio("12.5"), maxMatch: nil).match(forDeposit: Money(cents: 8_00), at: now)
                == Money(cents: 1_00))
        #expect(rule.typeDescription(target: .zero) == "50% of every deposit")
    }

    @Test func theCapIsNeverExceeded() {
        var rule = MatchingTerms(type: .ratioMatch, ratio: ratio("0.5"), maxMatch: Money(cents: 5_00), totalMatched: Money(cents: 4_50))
        #expect(rule.remainingMatch == Money(cents: 50))
        #expect(rule.match(forDeposit: Money(cents: 2_00), at: now) == Money(cents: 50))
        rule.totalMatched = Money(cents: 5_00)
        #expect(rule.match(forDeposit: Money(cents: 2_00), at: now) == .zero)
        #expect(rule.remainingMatch == .zero)
        #expect(MatchingTerms(type: .ratioMatch, ratio: ratio("1"), maxMatch: nil).remainingMatch == nil)
    }

    @Test func anExpiredOrInactiveRuleMatchesNothing() {
        let expiring = MatchingTerms(type: .ratioMatch, ratio: ratio("0.5"), maxMatch: nil, expiresAt: now.addingTimeInterval(60))
        #expect(expiring.match(forDeposit: Money(cents: 2_00), at: now) == Money(cents: 1_00))
        // The deadline is an instant: at it and after it, nothing.
        #expect(expiring.match(forDeposit: Money(cents: 2_00), at: now.addingTimeInterval(60)) == .zero)
        #expect(expiring.isExpired(at: now.addingTimeInterval(61)))
        let paused = MatchingTerms(type: .ratioMatch, ratio: ratio("0.5"), maxMatch: nil, isActive: false)
        #expect(paused.match(forDeposit: Money(cents: 2_00), at: now) == .zero)
    }

    @Test func milestoneBonusPaysAtMilestonesNotOnDeposits() {
        let rule = MatchingTerms(type: .milestoneBonus, ratio: ratio("0.1"), maxMatch: Money(cents: 6_00), totalMatched: Money(cents: 5_00))
        #expect(rule.match(forDeposit: Money(cents: 50_00), at: now) == .zero)
        // 10 % of a $100 target, spread over four milestones: $2.50 each, within the cap.
        #expect(MatchingTerms.bonusPerMilestone(ratio: ratio("0.1"), target: Money(cents: 100_00)) == Money(cents: 2_50))
        #expect(rule.milestoneBonus(target: Money(cents: 100_00), at: now) == Money(cents: 1_00))
        #expect(rule.typeDescription(target: Money(cents: 100_00)) == "$2.50 bonus at each milestone")
    }

    @Test func ratiosAreExactToFourDecimals() throws {
        #expect(ratio("0.5").tenThousandths == 5_000)
        #expect(ratio("0.3333").tenThousandths == 3_333)
        #expect(MatchRatio("0.33333") == nil)
        #expect(MatchRatio("abc") == nil)
        #expect(ratio("0.25").times(Money(cents: 1_00)) == Money(cents: 25))
        let decoded = try JSONDecoder().decode([MatchRatio].self, from: Data("[0.5, 2]".utf8))
        #expect(decoded == [ratio("0.5"), ratio("2")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([MatchRatio].self, from: Data("[0.12345]".utf8)) }
        #expect(
            MatchingTerms(type: .ratioMatch, ratio: ratio("1"), maxMatch: nil).typeDescription(target: .zero) == "$1 for every $1 saved")
        #expect(
            MatchingTerms(type: .ratioMatch, ratio: ratio("2"), maxMatch: nil).typeDescription(target: .zero) == "$2.00 for every $1 saved")
        #expect(
            MatchingTerms(type: .ratioMatch, ratio: ratio("0.75"), maxMatch: nil).typeDescription(target: .zero)
                == "$0.75 for every $1 saved")
    }
}

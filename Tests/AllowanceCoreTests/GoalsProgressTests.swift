import Foundation
import Testing

@testable import AllowanceCore

@Suite struct GoalsProgressTests {
    let newYork = FamilyCalendar(identifier: "America/New_York")!
    func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func remainingAndPercentageOfA100DollarGoal() {
        let goal = GoalProgress(target: Money(cents: 100_00), current: Money(cents: 37_50))
        #expect(goal.remaining == Money(cents: 62_50))
        #expect(goal.percentage == 37.5)
        #expect(!goal.isReached)
        // A third reads 33.33, and the last missing cent keeps it below 100.
        #expect(GoalProgress(target: Money(cents: 3_00), current: Money(cents: 1_00)).percentage == 33.33)
        #expect(GoalProgress(target: Money(cents: 100_00), current: Money(cents: 99_99)).percentage == 99.99)
        // Bonuses may take a goal past its target; nothing is missing then.
        let over = GoalProgress(target: Money(cents: 100_00), current: Money(cents: 110_00))
        #expect(over.percentage == 110)
        #expect(over.remaining == .zero)
        #expect(over.isReached)
    }

    @Test func milestonesAreReachedAt25_50_75And100Percent() {
        let target = Money(cents: 100_00)
        #expect(GoalProgress(target: target, current: Money(cents: 24_99)).newMilestones(achieved: []) == [])
        #expect(GoalProgress(target: target, current: Money(cents: 25_00)).newMilestones(achieved: []) == [25])
        // One deposit that crosses 25 % and 50 % achieves both, lowest first.
        #expect(GoalProgress(target: target, current: Money(cents: 60_00)).newMilestones(achieved: []) == [25, 50])
        #expect(GoalProgress(target: target, current: Money(cents: 60_00)).newMilestones(achieved: [25]) == [50])
        #expect(GoalProgress(target: target, current: Money(cents: 100_00)).newMilestones(achieved: [25, 50]) == [75, 100])
    }

    @Test func milestoneAmountsRoundUpToTheCentThatReachesThem() {
        #expect(GoalProgress.milestoneAmount(25, of: Money(cents: 100_00)) == Money(cents: 25_00))
        #expect(GoalProgress.milestoneAmount(25, of: Money(cents: 10_01)) == Money(cents: 2_51))
        #expect(!GoalProgress(target: Money(cents: 10_01), current: Money(cents: 2_50)).reaches(25))
        #expect(GoalProgress(target: Money(cents: 10_01), current: Money(cents: 2_51)).reaches(25))
    }

    @Test func canAffordWhenTheBalanceCoversWhatIsMissing() {
        let goal = GoalProgress(target: Money(cents: 50_00), current: Money(cents: 30_00))
        #expect(goal.canAfford(balance: Money(cents: 20_00)))
        #expect(!goal.canAfford(balance: Money(cents: 19_99)))
    }

    @Test func celebrationMessagesNameTheGoal() {
        #expect(GoalProgress.celebrationMessage(50, goalName: "Bike") == "Halfway to Bike!")
        #expect(GoalProgress.celebrationMessage(100, goalName: "Bike") == "You reached your goal: Bike!")
    }

    @Test func targetDateIsADayCountedFromTheFamilysToday() {
        // 03:30 UTC on 22 November is still the 21st in New York: 33 days to Christmas Eve.
        let now = utc("2026-11-22T03:30:00Z")
        let christmasEve = utc("2026-12-24T00:00:00Z")
        #expect(GoalTargetDate.daysRemaining(until: christmasEve, now: now, calendar: newYork) == 33)
        #expect(GoalTargetDate.daysRemaining(until: christmasEve, now: now, calendar: FamilyCalendar(timeZone: .gmt)) == 32)
        #expect(GoalTargetDate.normalized(utc("2026-12-24T18:45:00Z")) == christmasEve)
        #expect(GoalTargetDate.daysFromToday(to: utc("2026-11-20T00:00:00Z"), now: now, calendar: newYork) == -1)
        #expect(GoalTargetDate.daysRemaining(until: utc("2026-11-20T00:00:00Z"), now: now, calendar: newYork) == 0)
    }

    @Test func enumerationsTravelAsTheDocumentsNumbers() throws {
        #expect(GoalStatus.completed.rawValue == 2)
        #expect(GoalStatus.completed.name == "Completed")
        #expect(GoalCategory.other.rawValue == 99)
        #expect(AutoTransferType.percentage.name == "Percentage")
        #expect(ContributionType.withdrawal.rawValue == 6)
        #expect(ChallengeStatus.failed.name == "Failed")
        let decoded = try JSONDecoder().decode([GoalCategory].self, from: Data("[1, 7, 99]".utf8))
        #expect(decoded == [.toy, .charity, .other])
        #expect(String(decoding: try JSONEncoder().encode([GoalStatus.paused]), as: UTF8.self) == "[5]")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([GoalCategory].self, from: Data("[8]".utf8)) }
        // A request may name the value instead (clients of the wider API family), in any case.
        #expect(try JSONDecoder().decode([GoalCategory].self, from: Data(#"["Toy", "charity", "99"]"#.utf8)) == [.toy, .charity, .other])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([GoalCategory].self, from: Data(#"["Spaceship"]"#.utf8)) }
        #expect(GoalStatus(queryValue: "completed") == .completed)
        #expect(GoalStatus(queryValue: "3") == .purchased)
        #expect(GoalStatus(queryValue: "Done") == nil)
    }
}

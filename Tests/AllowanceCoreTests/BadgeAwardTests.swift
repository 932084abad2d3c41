import Foundation
import Testing

@testable import AllowanceCore

/// The catalogue's tiers and how badges are awarded: once, except the top tier of each ladder.
@Suite struct BadgeAwardTests {
    func stats(points: Int = 0, minutes: Int = 0, streak: Int = 0, goals: Int = 0) -> LearningStats {
        LearningStats(pointsEarned: points, learningMinutes: minutes, longestStreak: streak, goalsCompleted: goals)
    }

    func thresholds(_ measure: BadgeDefinition.Measure) -> [Int] {
        BadgeCatalog.all.filter { $0.measure == measure }.map(\.threshold).sorted()
    }

    @Test func theCatalogueHasEveryTierAndTheTopOnesAreRare() {
        #expect(thresholds(.streakDays) == [3, 7, 14, 30, 100])
        #expect(thresholds(.points) == [100, 500, 1_000, 5_000])
        #expect(thresholds(.hours) == [10, 50, 100])
        #expect(thresholds(.goalsCompleted) == [1, 5, 25])
        let rare = Set(BadgeCatalog.all.filter(\.isRare).map(\.key))
        #expect(thresholds(.appsTried) == [3])
        #expect(thresholds(.topAppHours) == [5, 25])
        #expect(rare == ["goals-25", "points-5000", "hours-100", "streak-30", "streak-100", "app-hours-25"])
        #expect(BadgeCatalog.all.allSatisfy { !$0.icon.isEmpty && !$0.title.isEmpty && !$0.criteria.isEmpty })
        #expect(BadgeCatalog.all.first { $0.key == "streak-7" }?.criteria == "Learn 7 days in a row")
    }

    @Test func aBadgeIsAwardedOnceWhenItsFigureIsReached() {
        // 120 points, 10 hours exactly, a 7-day streak, 1 goal.
        let now = stats(points: 120, minutes: 600, streak: 7, goals: 1)
        let first = BadgeCatalog.awards(by: now, held: [:])
        #expect(first.map(\.badge.key) == ["first-goal", "points-100", "hours-10", "streak-3", "streak-7"])
        #expect(first.allSatisfy { $0.isFirst && $0.timesEarned == 1 })
        let bonus = first.map(\.bonusPoints).reduce(0, +)
        #expect(bonus == 50)  // 10 + 0 + 20 + 5 + 15
        let held = Dictionary(uniqueKeysWithValues: first.map { ($0.badge.key, $0.timesEarned) })
        #expect(BadgeCatalog.awards(by: now, held: held).isEmpty)
        // 9 h 59 min is not 10 hours.
        #expect(!BadgeCatalog.awards(by: stats(minutes: 599), held: [:]).contains { $0.badge.key == "hours-10" })
        // More of the same measure earns ordinary badges no second time.
        #expect(
            BadgeCatalog.awards(by: stats(points: 240, minutes: 1_200, streak: 14, goals: 2), held: held).map(\.badge.key) == ["streak-14"])
    }

    @Test func topTiersRepeatAtEachMultiple() {
        let once = BadgeCatalog.awards(by: stats(points: 5_000), held: [:]).first { $0.badge.key == "points-5000" }
        #expect(once?.timesEarned == 1)
        let held = ["points-100": 1, "points-500": 1, "points-1000": 1, "points-5000": 1]
        #expect(BadgeCatalog.awards(by: stats(points: 9_999), held: held).isEmpty)
        let again = BadgeCatalog.awards(by: stats(points: 10_000), held: held)
        #expect(again.count == 1 && again[0].badge.key == "points-5000" && again[0].timesEarned == 2 && !again[0].isFirst)
        // 250 goals at once past 25 held once: one award bringing it to 10, bonus for 9 more.
        let goals = BadgeCatalog.awards(by: stats(goals: 250), held: ["first-goal": 1, "five-goals": 1, "goals-25": 1])
        #expect(goals.count == 1 && goals[0].timesEarned == 10 && goals[0].newTimes == 9 && goals[0].bonusPoints == 900)
        #expect(BadgeCatalog.all.filter(\.isRepeatable).count == 4)
    }

    @Test func progressTowardBadgesNotYetEarned() {
        let progress = BadgeCatalog.progress(
            by: stats(points: 250, minutes: 300, streak: 2, goals: 3), earned: ["first-goal", "points-100"])
        #expect(progress["first-goal"] == nil && progress["points-100"] == nil)
        #expect(progress["points-500"] == 0.5)
        #expect(progress["hours-10"] == 0.5)  // 5 of 10 hours
        #expect(progress["five-goals"] == 0.6)
        #expect(progress["streak-3"].map { abs($0 - 2.0 / 3) < 1e-9 } == true)
        #expect(progress.count == BadgeCatalog.all.count - 2)
        #expect(BadgeCatalog.progress(by: stats(points: 99_999), earned: [])["points-100"] == 1)
    }
}

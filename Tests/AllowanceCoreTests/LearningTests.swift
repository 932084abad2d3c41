import Foundation
import Testing

@testable import AllowanceCore

private let newYork = FamilyCalendar(identifier: "America/New_York")!
private let london = FamilyCalendar(identifier: "Europe/London")!
private let tokyo = FamilyCalendar(identifier: "Asia/Tokyo")!
private func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

@Suite struct LearningPointsTests {
    @Test func pointsAreWholeMinutesTimesTheRateRoundedDown() {
        #expect(LearningSessionRules.points(seconds: 90 * 60, pointsPerHour: 10, category: .learning) == 15)
        #expect(LearningSessionRules.points(seconds: 59, pointsPerHour: 60, category: .learning) == 0)
        // 7 minutes at 10 an hour is 1.16...: 1.
        #expect(LearningSessionRules.points(seconds: 7 * 60 + 59, pointsPerHour: 10, category: .learning) == 1)
        #expect(LearningSessionRules.points(seconds: 3_600, pointsPerHour: 60, category: .reward) == 0)
    }

    @Test func sessionTimesAreChecked() {
        let now = utc("2026-11-21T18:30:00Z")
        #expect(LearningSessionRules.problem(start: now, end: now, now: now) == "endTime must be after startTime")
        let yearOne = Date(timeIntervalSince1970: -62_135_596_800)  // 0001-01-01T00:00:00Z
        #expect(
            LearningSessionRules.problem(start: yearOne, end: yearOne.addingTimeInterval(600), now: now)
                == "startTime must be in 2000 or later")
        #expect(
            LearningSessionRules.problem(start: now.addingTimeInterval(-25 * 3_600), end: now, now: now)
                == "A session can be at most 24 hours")
        #expect(LearningSessionRules.problem(start: now, end: now.addingTimeInterval(600), now: now) == "endTime cannot be in the future")
        #expect(LearningSessionRules.problem(start: now.addingTimeInterval(-600), end: now, now: now) == nil)
    }

    @Test func enumerationsReadTheirNamesInAnyCase() {
        #expect(LearningGoalType(parsing: "timebased") == .timeBased)
        #expect(LearningGoalFrequency(parsing: "WEEKLY") == .weekly)
        #expect(LearningGoalType(parsing: "Sometimes") == nil)
        #expect(LearningGoalType.choices == "one of TimeBased, PointBased, AppSpecific, Streak")
    }
}

@Suite struct LearningPeriodTests {
    @Test func weeksStartOnMondayInTheFamilysZone() {
        // Saturday 21 November 2026, 13:30 in New York.
        let week = LearningPeriod.containing(utc("2026-11-21T18:30:00Z"), frequency: .weekly, in: newYork)
        #expect(week == DateInterval(start: utc("2026-11-16T05:00:00Z"), end: utc("2026-11-23T05:00:00Z")))
        // Sunday night late in New York is still that week; in Tokyo it is already Monday.
        let sundayNight = utc("2026-11-23T03:00:00Z")
        #expect(LearningPeriod.containing(sundayNight, frequency: .weekly, in: newYork)?.start == utc("2026-11-16T05:00:00Z"))
        #expect(LearningPeriod.containing(sundayNight, frequency: .weekly, in: tokyo)?.start == utc("2026-11-22T15:00:00Z"))
    }

    @Test func aWeekWithAClockChangeIsOneHourLongerOrShorter() {
        // New York falls back on 1 November 2026: that week has 169 hours.
        let autumn = LearningPeriod.containing(utc("2026-11-01T12:00:00Z"), frequency: .weekly, in: newYork)!
        #expect(autumn.start == utc("2026-10-26T04:00:00Z") && autumn.end == utc("2026-11-02T05:00:00Z"))
        #expect(autumn.duration == 169 * 3_600)
        // London springs forward on 29 March 2026: that week has 167 hours.
        let spring = LearningPeriod.containing(utc("2026-03-29T12:00:00Z"), frequency: .weekly, in: london)!
        #expect(spring.duration == 167 * 3_600)
    }

    @Test func daysAndMonthsAndTheNextPeriod() {
        let day = LearningPeriod.containing(utc("2026-11-21T18:30:00Z"), frequency: .daily, in: newYork)!
        #expect(day == DateInterval(start: utc("2026-11-21T05:00:00Z"), end: utc("2026-11-22T05:00:00Z")))
        let month = LearningPeriod.containing(utc("2026-11-21T18:30:00Z"), frequency: .monthly, in: newYork)!
        #expect(month == DateInterval(start: utc("2026-11-01T04:00:00Z"), end: utc("2026-12-01T05:00:00Z")))
        #expect(LearningPeriod.next(after: month, frequency: .monthly, in: newYork).end == utc("2027-01-01T05:00:00Z"))
        // A custom ten-day period is followed by another ten days.
        let custom = DateInterval(start: utc("2026-11-01T04:00:00Z"), end: utc("2026-11-11T05:00:00Z"))
        #expect(LearningPeriod.next(after: custom, frequency: .custom, in: newYork).end == utc("2026-11-21T05:00:00Z"))
        #expect(LearningPeriod.containing(utc("2026-11-21T18:30:00Z"), frequency: .custom, in: newYork) == nil)
    }
}

@Suite struct LearningGoalStateTests {
    let week = DateInterval(start: utc("2026-11-16T05:00:00Z"), end: utc("2026-11-23T05:00:00Z"))

    @Test func statusFollowsProgressAndTheEndOfThePeriod() {
        func status(_ current: Double, at now: String) -> LearningGoalStatus {
            LearningGoalState.status(current: current, target: 5, period: week, completedAt: nil, failedAt: nil, now: utc(now))
        }
        #expect(status(0, at: "2026-11-15T12:00:00Z") == .notStarted)
        #expect(status(2.5, at: "2026-11-20T12:00:00Z") == .inProgress)
        #expect(status(5, at: "2026-11-20T12:00:00Z") == .completed)
        // The end is an instant: short at 05:00 on the 23rd is failed, a job or not.
        #expect(status(4.99, at: "2026-11-23T05:00:00Z") == .failed)
        #expect(status(4.99, at: "2026-11-23T04:59:59Z") == .inProgress)
        #expect(LearningGoalState.progress(current: 2.5, target: 5) == 0.5)
        #expect(LearningGoalState.progress(current: 9, target: 5) == 1)
        #expect(LearningGoalState.hours(seconds: 40 * 60) == 0.66)
    }
}

@Suite struct LearningStreakTests {
    @Test func consecutiveLocalDaysMakeAStreakAndAGapBreaksIt() {
        let days = ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-14", "2026-11-15"]
        #expect(LearningStreak.longest(days) == 3)
        // Today is the 16th, not yet learned: yesterday's streak of 2 is alive.
        #expect(LearningStreak.current(days, today: utc("2026-11-16T15:00:00Z"), in: newYork) == 2)
        // On the 17th it is over.
        #expect(LearningStreak.current(days, today: utc("2026-11-17T15:00:00Z"), in: newYork) == 0)
    }

    @Test func dayNumbersCountDatesFrom1970AcrossLeapYears() {
        #expect(LearningStreak.dayNumber("1970-01-01") == 0)
        #expect(LearningStreak.dayNumber("1969-12-31") == -1)
        #expect(LearningStreak.dayNumber("2000-02-29") == 11_016)
        #expect(LearningStreak.dayNumber("2024-03-01") == 19_783)
        #expect(LearningStreak.dayNumber("2026-11-23") == 20_780)
        #expect(LearningStreak.dayNumber("2026-13-01") == nil && LearningStreak.dayNumber("today") == nil)
        // Repeats and order do not matter; the latest run is the one that counts as current.
        let runs = LearningStreak.runs(["2026-11-02", "2026-11-01", "2026-11-01", "2026-11-05"])
        #expect(runs == LearningStreak.Runs(longest: 2, latestEnd: LearningStreak.dayNumber("2026-11-05"), latestLength: 1))
        #expect(LearningStreak.runs([]) == LearningStreak.Runs(longest: 0, latestEnd: nil, latestLength: 0))
    }

    @Test func aStreakRunsAcrossTheClockChangeAndMonthEnds() {
        let days = ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"]
        #expect(LearningStreak.longest(days) == 4)
        #expect(LearningStreak.longest(["2026-02-28", "2026-03-01"]) == 2)
    }

    @Test func theSameSessionsFallOnOtherDaysInAnotherZone() {
        // 23:59 and 00:01 New York time are two days there, one day in London.
        let late = utc("2026-11-20T04:59:00Z")
        let early = utc("2026-11-20T05:01:00Z")
        #expect(Set([newYork.dayKey(late), newYork.dayKey(early)]).count == 2)
        #expect(Set([london.dayKey(late), london.dayKey(early)]).count == 1)
    }
}

@Suite struct BadgeTests {
    @Test func theDocumentsMilestonesAreInTheCatalogue() {
        let keys = Set(BadgeCatalog.all.map(\.key))
        #expect(keys.isSuperset(of: ["first-goal", "points-100", "hours-10", "streak-7", "five-goals"]))
        #expect(BadgeCatalog.all.contains { $0.isRare })
        #expect(Set(BadgeCatalog.all.map(\.key)).count == BadgeCatalog.all.count)
    }

    @Test func badgesAreEarnedOnceWhenTheirFigureIsReached() {
        let stats = LearningStats(pointsEarned: 120, learningMinutes: 59, longestStreak: 3, goalsCompleted: 1)
        let first = BadgeCatalog.awards(by: stats, held: [:])
        #expect(first.map(\.badge.key) == ["first-goal", "points-100", "streak-3"])
        #expect(BadgeCatalog.awards(by: stats, held: Dictionary(uniqueKeysWithValues: first.map { ($0.badge.key, 1) })).isEmpty)
        let tenHours = BadgeCatalog.all.first { $0.key == "hours-10" }!
        // 59 minutes earn no hour badge, but show as progress toward one.
        #expect(tenHours.progress(in: stats) == 59.0 / 600)
        #expect(tenHours.progress(in: LearningStats(pointsEarned: 0, learningMinutes: 300, longestStreak: 0, goalsCompleted: 0)) == 0.5)
        #expect(tenHours.criteria == "Learn for 10 hours in all")
    }
}

import Foundation
import Testing

@testable import AllowanceCore

@Suite struct GoalsPaceTests {
    let newYork = FamilyCalendar(identifier: "America/New_York")!
    func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func projectsFromTheRecentPace() {
        // $14 saved over 28 days is $0.50 a day; $50 more takes 100 days from 21 November.
        let now = utc("2026-11-21T18:30:00Z")
        let pace = SavingPace(saved: Money(cents: 14_00), days: 28)
        #expect(pace.daysNeeded(for: Money(cents: 50_00)) == 100)
        #expect(pace.projectedDate(for: Money(cents: 50_00), now: now, calendar: newYork) == utc("2027-03-01T05:00:00Z"))
        #expect(pace.projectionText(for: Money(cents: 50_00), now: now, calendar: newYork) == "At this pace: March 1, 2027")
        #expect(pace.projectionText(for: Money(cents: 5_00), now: now, calendar: newYork) == "At this pace: December 1")
        // Part of a day still needs that day.
        #expect(pace.daysNeeded(for: Money(cents: 51)) == 2)
    }

    @Test func withoutAPaceOrWithNothingMissingThereIsNoDate() {
        let now = utc("2026-11-21T18:30:00Z")
        #expect(SavingPace(saved: .zero, days: 28).projectedDate(for: Money(cents: 1_00), now: now, calendar: newYork) == nil)
        #expect(
            SavingPace(saved: .zero, days: 28).projectionText(for: Money(cents: 1_00), now: now, calendar: newYork).hasPrefix(
                "Save something"))
        #expect(
            SavingPace(saved: Money(cents: 1), days: 28).projectionText(for: Money(cents: 1_000_00), now: now, calendar: newYork)
                == "At this pace: more than 10 years")
        #expect(SavingPace(saved: Money(cents: 5_00), days: 7).projectionText(for: .zero, now: now, calendar: newYork) == "Goal reached!")
    }

    @Test func theWindowIsOneToFourWeeks() {
        let now = utc("2026-11-21T18:30:00Z")
        #expect(SavingPace.windowDays(goalCreatedAt: now, now: now, calendar: newYork) == 7)
        #expect(SavingPace.windowDays(goalCreatedAt: utc("2026-11-01T18:30:00Z"), now: now, calendar: newYork) == 21)
        #expect(SavingPace.windowDays(goalCreatedAt: utc("2026-01-01T18:30:00Z"), now: now, calendar: newYork) == 28)
        #expect(SavingPace.windowStart(days: 7, now: now, calendar: newYork) == utc("2026-11-15T05:00:00Z"))
    }
}

import Foundation

/// When a goal will be reached if the child keeps saving as they have lately: what they
/// saved into it over the last weeks (their own deposits and auto-transfers), as a daily
/// pace, carried forward over what is still missing.
public struct SavingPace: Equatable, Sendable {
    /// The pace is measured over the last 28 days, or since the goal was created, but over
    /// at least 7 days so that one deposit on day one does not promise the moon.
    public static let longestWindow = 28
    public static let shortestWindow = 7
    /// Beyond this a projection is not a date anyone can plan around.
    public static let horizonDays = 3_650

    public let saved: Money
    public let days: Int

    public init(saved: Money, days: Int) {
        self.saved = saved
        self.days = max(1, days)
    }

    /// How many days back to measure for a goal created at `createdAt`.
    public static func windowDays(goalCreatedAt createdAt: Date, now: Date, calendar: FamilyCalendar) -> Int {
        min(longestWindow, max(shortestWindow, calendar.daysBetween(createdAt, now) + 1))
    }

    /// The start of the window (the family's local midnight, `days - 1` days before today).
    public static func windowStart(days: Int, now: Date, calendar: FamilyCalendar) -> Date {
        calendar.startOfDay(calendar.adding(days: -(days - 1), to: now))
    }

    /// Days until `remaining` is saved at this pace; nil without a pace or beyond the horizon.
    public func daysNeeded(for remaining: Money) -> Int? {
        guard remaining.isPositive else { return 0 }
        guard saved.isPositive else { return nil }
        let (product, overflow) = remaining.cents.multipliedReportingOverflow(by: Int64(days))
        guard !overflow else { return nil }
        let needed = (product + saved.cents - 1) / saved.cents
        return needed > Int64(Self.horizonDays) ? nil : Int(needed)
    }

    /// The local day the goal would be reached.
    public func projectedDate(for remaining: Money, now: Date, calendar: FamilyCalendar) -> Date? {
        daysNeeded(for: remaining).map { calendar.startOfDay(calendar.adding(days: $0, to: now)) }
    }

    /// "At this pace: March 3" (with the year when it is not this year).
    public func projectionText(for remaining: Money, now: Date, calendar: FamilyCalendar) -> String {
        guard remaining.isPositive else { return "Goal reached!" }
        guard saved.isPositive else { return "Save something toward it to see when you will get there" }
        guard let date = projectedDate(for: remaining, now: now, calendar: calendar) else { return "At this pace: more than 10 years" }
        return "At this pace: " + calendar.monthDay(date, withYearUnlessIn: now)
    }
}

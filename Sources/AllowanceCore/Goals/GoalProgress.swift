import Foundation

/// Where a goal stands: how much is saved against the target, which milestones that reaches,
/// and what the child can afford. Integer cents throughout; the percentage is for display.
public struct GoalProgress: Equatable, Sendable {
    /// The milestones every goal has, in the order they are reached.
    public static let milestonePercents = [25, 50, 75, 100]

    public let target: Money
    public let current: Money

    public init(target: Money, current: Money) {
        self.target = target
        self.current = current
    }

    /// What is still missing; zero once the target is reached.
    public var remaining: Money { current >= target ? .zero : target - current }

    /// Saved as a percentage of the target, rounded down to two decimals (99.99 until the
    /// last cent is in). Not capped: bonuses may take a goal past 100.
    public var percentage: Double {
        guard target.isPositive else { return 0 }
        let hundredths = max(0, current.cents).multipliedReportingOverflow(by: 10_000)
        return hundredths.overflow ? 0 : Double(hundredths.partialValue / target.cents) / 100
    }

    public var isReached: Bool { target.isPositive && current >= target }

    /// Whether the saved amount reaches `percent` of the target (exact: 100 × current ≥ percent × target).
    public func reaches(_ percent: Int) -> Bool {
        target.isPositive && current.cents * 100 >= target.cents * Int64(percent)
    }

    /// The milestones reached and not yet marked achieved, lowest first.
    public func newMilestones(achieved: Set<Int>) -> [Int] {
        Self.milestonePercents.filter { !achieved.contains($0) && reaches($0) }
    }

    /// The smallest amount that reaches `percent` of a target (rounded up to a cent).
    public static func milestoneAmount(_ percent: Int, of target: Money) -> Money {
        let numerator = target.cents * Int64(percent)
        return Money(cents: (numerator + 99) / 100)
    }

    /// Whether the child's balance covers what the goal still needs.
    public func canAfford(balance: Money) -> Bool { balance >= remaining }

    /// What the child reads when a milestone is reached.
    public static func celebrationMessage(_ percent: Int, goalName: String) -> String {
        switch percent {
        case 25: "A quarter of the way to \(goalName)!"
        case 50: "Halfway to \(goalName)!"
        case 75: "Three quarters of the way to \(goalName)!"
        default: "You reached your goal: \(goalName)!"
        }
    }
}

/// A goal's target date is a calendar day ("2026-12-24"): it is kept as that day's midnight
/// UTC and counted against the family's own today, so New York and Oslo both see 33 days.
public enum GoalTargetDate {
    /// The day of `date` (its UTC calendar date) as midnight UTC.
    public static func normalized(_ date: Date) -> Date {
        utcCalendar.startOfDay(for: date)
    }

    /// Whole days from the family's today to the target day; 0 on the day and after it.
    public static func daysRemaining(until target: Date, now: Date, calendar: FamilyCalendar) -> Int {
        max(0, daysFromToday(to: target, now: now, calendar: calendar))
    }

    /// Negative when the day has passed.
    public static func daysFromToday(to target: Date, now: Date, calendar: FamilyCalendar) -> Int {
        let today = calendar.dayKey(now).split(separator: "-").compactMap { Int($0) }
        var parts = DateComponents()
        (parts.year, parts.month, parts.day) = (today[0], today[1], today[2])
        let todayUTC = utcCalendar.date(from: parts)!
        return utcCalendar.dateComponents([.day], from: todayUTC, to: normalized(target)).day ?? 0
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

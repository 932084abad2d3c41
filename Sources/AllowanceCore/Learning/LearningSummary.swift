import Foundation

/// One local day of a child's learning, as the server keeps per-day running totals: seconds
/// (not minutes, so a week of 30.5-minute days reads 61 minutes, not 60), points and sessions
/// of Learning apps on that day of the family's calendar.
public struct LearningDayTotals: Equatable, Sendable {
    /// "2026-11-21", a local day in the family's zone.
    public var day: String
    public var learningSeconds: Int64
    public var points: Int
    public var sessions: Int

    public init(day: String, learningSeconds: Int64, points: Int, sessions: Int) {
        self.day = day
        self.learningSeconds = learningSeconds
        self.points = points
        self.sessions = sessions
    }
}

/// The learning summary's comparisons: this week against last week (weeks start on Monday in
/// the family's zone) and the last six months, oldest first. Fed from per-day totals, so the
/// server reads a few hundred rows however many sessions there are. Streaks are not here:
/// they need every learning day, not six months of them (see `LearningStreak`).
public struct LearningSummary: Equatable, Sendable {
    public struct Totals: Equatable, Sendable {
        /// Whole minutes of the period's summed seconds, rounded down.
        public var minutes: Int
        public var points: Int
        public var sessions: Int

        public init(minutes: Int, points: Int, sessions: Int) {
            self.minutes = minutes
            self.points = points
            self.sessions = sessions
        }
    }

    /// Percent change from last week (50 means +50 %), one decimal; nil where last week was 0.
    public struct Change: Equatable, Sendable {
        public var minutes: Double?
        public var points: Double?
        public var sessions: Double?

        public init(minutes: Double?, points: Double?, sessions: Double?) {
            self.minutes = minutes
            self.points = points
            self.sessions = sessions
        }
    }

    public struct Month: Equatable, Sendable {
        /// "2026-11".
        public var month: String
        public var minutes: Int
        public var points: Int

        public init(month: String, minutes: Int, points: Int) {
            self.month = month
            self.minutes = minutes
            self.points = points
        }
    }

    public static let monthCount = 6

    public let thisWeek: Totals
    public let lastWeek: Totals
    public let changePercent: Change
    public let months: [Month]

    /// From every day of the last seven months or so.
    public init(days: [LearningDayTotals], now: Date, calendar: FamilyCalendar) {
        let months = Dictionary(grouping: days) { String($0.day.prefix(7)) }.map { month, days in
            LearningDayTotals(
                day: month, learningSeconds: days.map(\.learningSeconds).reduce(0, +), points: days.map(\.points).reduce(0, +),
                sessions: days.map(\.sessions).reduce(0, +))
        }
        self.init(days: days, monthTotals: months, now: now, calendar: calendar)
    }

    /// From the days of this week and last and the totals of each month ("2026-11" in `day`),
    /// as a database that sums the months itself hands them over.
    public init(days: [LearningDayTotals], monthTotals: [LearningDayTotals], now: Date, calendar: FamilyCalendar) {
        let week = LearningPeriod.containing(now, frequency: .weekly, in: calendar)!
        let previous = LearningPeriod.containing(week.start.addingTimeInterval(-1), frequency: .weekly, in: calendar)!
        func totals(_ period: DateInterval) -> Totals {
            let from = calendar.dayKey(period.start)
            let until = calendar.dayKey(period.end)
            return Self.totals(of: days.filter { $0.day >= from && $0.day < until })
        }
        thisWeek = totals(week)
        lastWeek = totals(previous)
        changePercent = Change(
            minutes: Self.changePercent(thisWeek.minutes, from: lastWeek.minutes),
            points: Self.changePercent(thisWeek.points, from: lastWeek.points),
            sessions: Self.changePercent(thisWeek.sessions, from: lastWeek.sessions))
        var month = calendar.startOfMonth(now)
        for _ in 1..<Self.monthCount { month = calendar.startOfMonth(month.addingTimeInterval(-1)) }
        var months: [Month] = []
        for _ in 0..<Self.monthCount {
            let key = String(calendar.dayKey(month).prefix(7))
            let inMonth = Self.totals(of: monthTotals.filter { $0.day == key })
            months.append(Month(month: key, minutes: inMonth.minutes, points: inMonth.points))
            month = calendar.startOfNextMonth(month)
        }
        self.months = months
    }

    /// Percent change with one decimal (half away from zero); nil where there is nothing to compare with.
    public static func changePercent(_ now: Int, from before: Int) -> Double? {
        guard before > 0 else { return nil }
        return (Double(now - before) / Double(before) * 1000).rounded() / 10
    }

    static func totals(of days: [LearningDayTotals]) -> Totals {
        Totals(
            minutes: Int(days.map(\.learningSeconds).reduce(0, +) / 60), points: days.map(\.points).reduce(0, +),
            sessions: days.map(\.sessions).reduce(0, +))
    }
}

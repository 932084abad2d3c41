import Foundation

/// Streaks of learning days ("2026-11-21" keys, the family's local days).
public enum LearningStreak {
    /// The longest run of consecutive days in `days`.
    public static func longest(_ days: [String], in calendar: FamilyCalendar) -> Int {
        runs(days, in: calendar).map(\.count).max() ?? 0
    }

    /// The run that is still alive at `today`: it ends today or yesterday (a day not yet
    /// learned on does not break a streak until it is over).
    public static func current(_ days: [String], today: Date, in calendar: FamilyCalendar) -> Int {
        let todayKey = calendar.dayKey(today)
        let yesterdayKey = calendar.dayKey(calendar.adding(days: -1, to: calendar.startOfDay(today)))
        guard let last = runs(days, in: calendar).last, last.end == todayKey || last.end == yesterdayKey else { return 0 }
        return last.count
    }

    private struct Run {
        var end: String
        var count: Int
    }

    private static func runs(_ days: [String], in calendar: FamilyCalendar) -> [Run] {
        var result: [Run] = []
        for key in Set(days).sorted() {
            if let last = result.last, calendar.dayKey(calendar.adding(days: 1, to: noon(of: last.end, in: calendar))) == key {
                result[result.count - 1] = Run(end: key, count: last.count + 1)
            } else {
                result.append(Run(end: key, count: 1))
            }
        }
        return result
    }

    /// Midday of a day key: adding whole days to it never lands on another day across DST.
    private static func noon(of key: String, in calendar: FamilyCalendar) -> Date {
        let parts = key.split(separator: "-").compactMap { Int($0) }
        return calendar.date(year: parts[0], month: parts[1], day: parts[2], hour: 12)
    }
}

extension FamilyCalendar {
    /// A local wall-clock instant (for day keys and tests).
    public func date(year: Int, month: Int, day: Int, hour: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour)) ?? Date(timeIntervalSince1970: 0)
    }
}

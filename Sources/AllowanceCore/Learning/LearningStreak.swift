import Foundation

/// Streaks of learning days ("2026-11-21" keys, the family's local days). Consecutive local
/// days are consecutive calendar dates whatever the zone or its clock changes, so a day key's
/// date number (days since 1970-01-01) is all a streak needs; the server keeps that number
/// beside each day and lets the database find the runs.
public enum LearningStreak {
    /// The runs of a child's learning days: the longest, and the latest with where it ends.
    public struct Runs: Equatable, Sendable {
        public var longest: Int
        /// Date number of the latest learning day; nil when there is none.
        public var latestEnd: Int?
        public var latestLength: Int

        public init(longest: Int, latestEnd: Int?, latestLength: Int) {
            self.longest = longest
            self.latestEnd = latestEnd
            self.latestLength = latestLength
        }

        /// The run still alive at `today`: it ends today or yesterday (a day not yet learned on
        /// does not break a streak until it is over).
        public func current(today: Date, in calendar: FamilyCalendar) -> Int {
            guard let latestEnd, let todayNumber = LearningStreak.dayNumber(calendar.dayKey(today)) else { return 0 }
            return latestEnd >= todayNumber - 1 ? latestLength : 0
        }
    }

    /// The runs of `days`, in any order and with repeats.
    public static func runs(_ days: [String]) -> Runs {
        var longest = 0
        var end: Int?
        var length = 0
        for number in Set(days.compactMap(dayNumber)).sorted() {
            length = end == number - 1 ? length + 1 : 1
            end = number
            longest = max(longest, length)
        }
        return Runs(longest: longest, latestEnd: end, latestLength: length)
    }

    /// The longest run of consecutive days in `days`.
    public static func longest(_ days: [String]) -> Int { runs(days).longest }

    public static func current(_ days: [String], today: Date, in calendar: FamilyCalendar) -> Int {
        runs(days).current(today: today, in: calendar)
    }

    /// Days from 1970-01-01 to a "YYYY-MM-DD" date of the proleptic Gregorian calendar (Howard
    /// Hinnant's days_from_civil): integer arithmetic, no calendar or zone. Nil when malformed.
    public static func dayNumber(_ key: String) -> Int? {
        let parts = key.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension FamilyCalendar {
    /// A local wall-clock instant (for day keys and tests).
    public func date(year: Int, month: Int, day: Int, hour: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour)) ?? Date(timeIntervalSince1970: 0)
    }
}

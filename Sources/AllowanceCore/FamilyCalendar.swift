import Foundation
import Synchronization

/// Calendar arithmetic in one family's time zone. Everything that says "today", "this month"
/// or "on Friday" goes through here, so daylight-saving changes are handled in one place.
public struct FamilyCalendar: Sendable {
    public let timeZone: TimeZone
    let calendar: Calendar  // internal: the recurrence rules in Recurrence/ use it too

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 1
        self.calendar = calendar
    }

    /// nil when the identifier is not an IANA zone. Each zone is read once per process:
    /// `TimeZone(identifier:)` opens and parses the zone's file every time, and every request
    /// about a child and every child in a payday run needs the family's calendar.
    public init?(identifier: String) {
        if let known = Self.known.withLock({ $0[identifier] }) {
            self = known
            return
        }
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(timeZone: zone)
        let calendar = self
        Self.known.withLock { $0[identifier] = calendar }
    }

    /// The zones read so far, by identifier (a few hundred exist, so it stays small).
    private static let known = Mutex<[String: FamilyCalendar]>([:])

    /// "November 3", or "November 3, 2027" when not in the year of `now`, in the family's zone.
    /// Put together by hand: a `DateFormatter` builds an ICU formatter each time, and a list of
    /// goals shows one of these per goal.
    public func monthDay(_ date: Date, withYearUnlessIn now: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        let text = "\(Self.monthNames[month - 1]) \(day)"
        return year == calendar.component(.year, from: now) ? text : "\(text), \(year)"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    public func startOfDay(_ date: Date) -> Date { calendar.startOfDay(for: date) }

    public func startOfMonth(_ date: Date) -> Date {
        calendar.date(from: calendar.dateComponents([.year, .month], from: date))!
    }

    public func startOfNextMonth(_ date: Date) -> Date {
        calendar.date(byAdding: .month, value: 1, to: startOfMonth(date))!
    }

    public func adding(days: Int, to date: Date) -> Date {
        calendar.date(byAdding: .day, value: days, to: date)!
    }

    /// Whole calendar days from one local day to another (DST days count as one day): the
    /// difference of the two local dates' day numbers. Asking the calendar for the days between
    /// two starts of day made it find both starts and then step from one to the other, about a
    /// thirtieth of a child's page made afresh (each goal's pace and challenge ask).
    public func daysBetween(_ from: Date, _ to: Date) -> Int {
        dayNumber(to) - dayNumber(from)
    }

    /// The local date's days since 1 January 1970, by the Gregorian rules (Howard Hinnant's
    /// `days_from_civil`). Foundation's calendar is Julian before October 1582; no date of the
    /// family's is that old, and the calendar answers for one that is.
    private func dayNumber(_ date: Date) -> Int {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let (year, month, day) = (parts.year!, parts.month!, parts.day!)
        guard year > 1600 else {
            let dayZero = calendar.date(from: DateComponents(year: 1970, month: 1, day: 1))!
            return calendar.dateComponents([.day], from: dayZero, to: startOfDay(date)).day!
        }
        // Years start in March, so the leap day is the last day of its year.
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public func weekday(of date: Date) -> Weekday {
        Weekday(rawValue: calendar.component(.weekday, from: date) - 1)!
    }

    /// The local calendar day as "2026-11-22": the key of per-day totals.
    public func dayKey(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        // Padded by hand: `String(format:)` goes through NSString and was most of a payday
        // run's time over 10,000 children.
        return Self.padded(parts.year!, 4) + "-" + Self.padded(parts.month!, 2) + "-" + Self.padded(parts.day!, 2)
    }

    /// The keys of the `count` local days that end with `date`'s, newest first. One calendar
    /// lookup, then a step back a day at a time by the Gregorian rules: a balance chart of 60
    /// days called the calendar twice a day, about a twentieth of a child's page made afresh.
    public func dayKeys(endingAt date: Date, count: Int) -> [String] {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        var (year, month, day) = (parts.year!, parts.month!, parts.day!)
        var keys: [String] = []
        keys.reserveCapacity(count)
        for _ in 0..<count {
            keys.append(Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2))
            day -= 1
            if day == 0 {
                month -= 1
                if month == 0 { (year, month) = (year - 1, 12) }
                day = Self.daysIn(month, of: year)
            }
        }
        return keys
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// When a weekly allowance falls due, for a child paid on `day` each week.
public struct AllowanceSchedule: Sendable {
    public let day: Weekday
    public let calendar: FamilyCalendar

    public init(day: Weekday, calendar: FamilyCalendar) {
        self.day = day
        self.calendar = calendar
    }

    /// The next payday counted from today: today itself when today is the day (shown as
    /// "Today"), otherwise the coming one. Returned as local midnight of that day.
    public func nextPayday(from now: Date) -> Date {
        let today = calendar.startOfDay(now)
        let ahead = (day.rawValue - calendar.weekday(of: today).rawValue + 7) % 7
        return calendar.startOfDay(calendar.adding(days: ahead, to: today))
    }

    /// The next payday owed to someone who joined at `joined`: as `nextPayday(from:)`, but a
    /// week on when that one came before they joined (a child added on payday, after its
    /// midnight, is first paid the week after; the payday run owes none before they joined).
    public func nextPayday(from now: Date, joined: Date) -> Date {
        let next = nextPayday(from: now)
        return next > joined ? next : calendar.startOfDay(calendar.adding(days: 7, to: next))
    }

    /// The payday before the next one: a week earlier.
    public func lastPayday(from now: Date) -> Date {
        calendar.startOfDay(calendar.adding(days: -7, to: nextPayday(from: now)))
    }

    /// 0 on payday, 1 the day before, up to 6.
    public func daysUntilNextPayday(from now: Date) -> Int {
        calendar.daysBetween(now, nextPayday(from: now))
    }
}

/// How a countdown to a day reads: "Today", "Tomorrow", "3 days".
public func countdownText(days: Int) -> String {
    switch days {
    case ...0: "Today"
    case 1: "Tomorrow"
    default: "\(days) days"
    }
}

/// How the next payday reads: its countdown, or why there is none.
public func nextPaydayText(days: Int?, paused: Bool) -> String {
    days.map(countdownText(days:)) ?? (paused ? "Paused" : "No allowance")
}

import Foundation

/// When a recurring transaction falls due. Occurrences are local wall-clock times in the
/// family's zone (`timeOfDay` on each matching day), so "every Monday at 09:00" stays at
/// 09:00 across daylight-saving changes. None is earlier than `startDate`.
///
/// The day and time fields are optional, as the documents' DTO says; a missing one comes
/// from the start date in the family's zone: its weekday, its day of the month (the last
/// day of a shorter month when that is the 29th to the 31st) and its time of day.
public struct RecurrenceRule: Equatable, Sendable {
    public var pattern: RecurrencePattern
    /// Weekly and fortnightly schedules.
    public var dayOfWeek: Weekday?
    /// Monthly schedules, 1...28 (every month has those days).
    public var dayOfMonth: Int?
    public var timeOfDay: TimeOfDay?
    public var startDate: Date

    public init(pattern: RecurrencePattern, dayOfWeek: Weekday? = nil, dayOfMonth: Int? = nil, timeOfDay: TimeOfDay? = nil, startDate: Date)
    {
        self.pattern = pattern
        self.dayOfWeek = dayOfWeek
        self.dayOfMonth = dayOfMonth
        self.timeOfDay = timeOfDay
        self.startDate = startDate
    }

    /// The first occurrence at or after `date` (and never before the start).
    public func firstOccurrence(onOrAfter date: Date, in calendar: FamilyCalendar) -> Date {
        search(from: date, strictly: false, in: calendar)
    }

    /// The first occurrence strictly after `date`: the one after an occurrence at `date`.
    public func occurrence(after date: Date, in calendar: FamilyCalendar) -> Date {
        search(from: date, strictly: true, in: calendar)
    }

    /// Every occurrence from `from` through `through`, in order (for previews and tests).
    public func occurrences(from: Date, through: Date, in calendar: FamilyCalendar) -> [Date] {
        var result: [Date] = []
        var next = firstOccurrence(onOrAfter: from, in: calendar)
        while next <= through {
            result.append(next)
            next = occurrence(after: next, in: calendar)
        }
        return result
    }

    /// The weekday a weekly or fortnightly schedule falls on.
    public func weekday(in calendar: FamilyCalendar) -> Weekday { dayOfWeek ?? calendar.weekday(of: startDate) }

    /// The day of the month a monthly schedule falls on (29 to 31 only when taken from the start).
    public func monthDay(in calendar: FamilyCalendar) -> Int { dayOfMonth ?? calendar.dayOfMonth(startDate) }

    /// The local time every occurrence happens at.
    public func time(in calendar: FamilyCalendar) -> TimeOfDay { timeOfDay ?? calendar.timeOfDay(of: startDate) }

    /// The same schedule with every default written out, so that what is stored and shown
    /// says when it runs. A day of the month past the 28th stays implied: the field takes 1-28.
    public func resolved(in calendar: FamilyCalendar) -> RecurrenceRule {
        var rule = self
        rule.timeOfDay = time(in: calendar)
        switch pattern {
        case .weekly, .biWeekly: rule.dayOfWeek = weekday(in: calendar)
        case .monthly: rule.dayOfMonth = monthDay(in: calendar) <= 28 ? monthDay(in: calendar) : nil
        case .daily, .firstOfMonth, .lastOfMonth: break
        }
        return rule
    }

    /// Walks forward day by day from the bound's local day. Every pattern matches at least
    /// once in any 31 days, so the walk is short; the limit only guards against a bug.
    private func search(from bound: Date, strictly: Bool, in calendar: FamilyCalendar) -> Date {
        let time = time(in: calendar)
        let startDay = calendar.startOfDay(startDate)
        let fortnightAnchor = pattern == .biWeekly ? firstDay(on: weekday(in: calendar), from: startDay, in: calendar) : startDay
        var day = calendar.startOfDay(max(bound, startDate))
        for _ in 0..<400 {
            if matches(day, startDay: startDay, fortnightAnchor: fortnightAnchor, in: calendar) {
                let instant = calendar.instant(at: time, on: day)
                if instant >= startDate && (strictly ? instant > bound : instant >= bound) { return instant }
            }
            day = calendar.startOfDay(calendar.adding(days: 1, to: day))
        }
        preconditionFailure("no occurrence of \(pattern.name) within 400 days")
    }

    private func matches(_ day: Date, startDay: Date, fortnightAnchor: Date, in calendar: FamilyCalendar) -> Bool {
        guard day >= startDay else { return false }
        switch pattern {
        case .daily:
            return true
        case .weekly:
            return calendar.weekday(of: day) == weekday(in: calendar)
        case .biWeekly:
            guard day >= fortnightAnchor else { return false }
            return calendar.weekday(of: day) == weekday(in: calendar) && calendar.daysBetween(fortnightAnchor, day) % 14 == 0
        case .monthly:
            let wanted = monthDay(in: calendar)
            let actual = calendar.dayOfMonth(day)
            return actual == wanted || (actual < wanted && calendar.isLastDayOfMonth(day))
        case .firstOfMonth:
            return calendar.dayOfMonth(day) == 1
        case .lastOfMonth:
            return calendar.isLastDayOfMonth(day)
        }
    }

    private func firstDay(on weekday: Weekday, from day: Date, in calendar: FamilyCalendar) -> Date {
        let ahead = (weekday.rawValue - calendar.weekday(of: day).rawValue + 7) % 7
        return calendar.startOfDay(calendar.adding(days: ahead, to: day))
    }
}

/// Where a schedule stands: how many occurrences have fallen due, the next one, and whether
/// any are left.
public struct RecurrenceState: Equatable, Sendable {
    public var occurrenceCount: Int
    public var nextExecutionDate: Date
    public var isActive: Bool

    public init(occurrenceCount: Int, nextExecutionDate: Date, isActive: Bool) {
        self.occurrenceCount = occurrenceCount
        self.nextExecutionDate = nextExecutionDate
        self.isActive = isActive
    }

    /// A schedule is live while it has occurrences left: fewer than `maxOccurrences` so far and
    /// the next one before `endDate`.
    public static func isLive(next: Date, count: Int, endDate: Date?, maxOccurrences: Int?) -> Bool {
        (maxOccurrences.map { count < $0 } ?? true) && (endDate.map { next < $0 } ?? true)
    }
}

extension RecurrenceRule {
    /// The state once occurrence number `number`, due at `due`, has been handled (posted,
    /// held for approval, or skipped): the count moves on and the next date follows `due`.
    public func state(afterOccurrence number: Int, dueAt due: Date, endDate: Date?, maxOccurrences: Int?, in calendar: FamilyCalendar)
        -> RecurrenceState
    {
        let next = occurrence(after: due, in: calendar)
        return RecurrenceState(
            occurrenceCount: number, nextExecutionDate: next,
            isActive: RecurrenceState.isLive(next: next, count: number, endDate: endDate, maxOccurrences: maxOccurrences))
    }
}

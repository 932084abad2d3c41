import Foundation

/// The calendar questions a recurring schedule asks, in the family's time zone.
extension FamilyCalendar {
    /// The instant a local day shows `time`. A time the clocks skip (02:30 on a spring-forward
    /// night) becomes the first moment after the gap; a time that happens twice (01:30 on an
    /// autumn night) is its first occurrence.
    public func instant(at time: TimeOfDay, on day: Date) -> Date {
        calendar.date(
            bySettingHour: time.hour, minute: time.minute, second: time.second, of: startOfDay(day),
            matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward) ?? startOfDay(day)
    }

    /// The local wall-clock time of an instant.
    public func timeOfDay(of date: Date) -> TimeOfDay {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0) ?? .midnight
    }

    /// 1...31.
    public func dayOfMonth(_ date: Date) -> Int { calendar.component(.day, from: date) }

    /// Whether `date` falls on the last day of its month.
    public func isLastDayOfMonth(_ date: Date) -> Bool { dayOfMonth(adding(days: 1, to: date)) == 1 }

    /// The one bare-date rule, for every date the API or a form takes: a bare date
    /// ("2026-12-01") is that calendar day in the family's zone. As a start (of a schedule, of
    /// a list filter) it is the day's local midnight; as an end (`deadline(fromWire:)`) it
    /// runs to the end of the day. A full timestamp is the instant itself.
    public func start(fromWire date: Date) -> Date { localMidnight(ofWireDate: date) ?? date }

    /// A deadline from the wire: a bare date ("2026-12-01") runs to the end of that day in
    /// the family's zone; a full timestamp is the instant itself.
    public func deadline(fromWire date: Date) -> Date {
        localMidnight(ofWireDate: date).map { startOfDay(adding(days: 1, to: $0)) } ?? date
    }

    /// Midnight here of the local date `date` has in `other`'s zone: where a day of the
    /// family's lands when it moves to this zone.
    public func startOfSameDay(as date: Date, in other: FamilyCalendar) -> Date {
        let day = other.calendar.dateComponents([.year, .month, .day], from: date)
        return calendar.date(from: day).map(startOfDay) ?? startOfDay(date)
    }

    /// The last calendar day a deadline includes (a deadline at midnight belongs to the day before).
    public func lastDay(of deadline: Date) -> Date { deadline.addingTimeInterval(-1) }

    /// A bare date on the wire arrives as midnight UTC: this returns that day's local midnight,
    /// or nil when the instant is not exactly midnight UTC (a real instant, kept as sent).
    public func localMidnight(ofWireDate date: Date) -> Date? {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        guard parts.hour == 0, parts.minute == 0, parts.second == 0, (parts.nanosecond ?? 0) < 1_000 else { return nil }
        return calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day))
    }
}

import AllowanceAPI
import AllowanceCore
import Foundation

/// The schedule fields of a create or update request, read the way the family means them and
/// checked by the rules in Core.
struct RecurringSchedule: Equatable {
    var pattern: RecurrencePattern
    var dayOfWeek: Int?
    var dayOfMonth: Int?
    var timeOfDay: TimeOfDay?
    var startDate: Date
    var endDate: Date?
    var maxOccurrences: Int?

    /// Validates, drops a day the pattern does not use (a monthly schedule has no weekday) and
    /// writes out the defaults a missing day or time takes from the start date.
    static func checked(
        pattern: RecurrencePattern, dayOfWeek: Int?, dayOfMonth: Int?, timeOfDay: TimeOfDay?, startDate: Date, endDate: Date?,
        maxOccurrences: Int?, isNew: Bool, now: Date, calendar: FamilyCalendar
    ) throws -> RecurringSchedule {
        if let problem = RecurrenceValidation.rangeProblem(dayOfWeek: dayOfWeek, dayOfMonth: dayOfMonth, maxOccurrences: maxOccurrences) {
            throw AppError.validation(problem)
        }
        // What is left depends on the dates and the time: 422.
        if let problem = RecurrenceValidation.problem(
            pattern: pattern, dayOfWeek: dayOfWeek, dayOfMonth: dayOfMonth, startDate: startDate, endDate: endDate,
            maxOccurrences: maxOccurrences, now: now, calendar: calendar, isNew: isNew)
        {
            throw AppError.unprocessable(problem)
        }
        var schedule = RecurringSchedule(
            pattern: pattern, dayOfWeek: pattern.usesDayOfWeek ? dayOfWeek : nil, dayOfMonth: pattern.usesDayOfMonth ? dayOfMonth : nil,
            timeOfDay: timeOfDay, startDate: startDate, endDate: endDate, maxOccurrences: maxOccurrences)
        let rule = schedule.rule.resolved(in: calendar)
        schedule.dayOfWeek = rule.dayOfWeek?.rawValue
        schedule.dayOfMonth = rule.dayOfMonth
        schedule.timeOfDay = rule.timeOfDay
        return schedule
    }

    var rule: RecurrenceRule {
        RecurrenceRule(
            pattern: pattern, dayOfWeek: dayOfWeek.flatMap(Weekday.init(rawValue:)), dayOfMonth: dayOfMonth, timeOfDay: timeOfDay,
            startDate: startDate)
    }

    /// A bare start date ("2026-12-01") is that day's local midnight.
    /// A start sent with fractional seconds (a client's "now") starts at its whole second: the
    /// time of day taken from it is whole seconds, and an occurrence at that time must not fall
    /// just before the start and be skipped for a week.
    static func start(fromWire date: Date, in calendar: FamilyCalendar) -> Date {
        Date(timeIntervalSince1970: calendar.start(fromWire: date).timeIntervalSince1970.rounded(.down))
    }

    /// A bare end date ("2026-12-31") includes that whole local day.
    static func end(fromWire date: Date, in calendar: FamilyCalendar) -> Date {
        calendar.deadline(fromWire: date)
    }
}

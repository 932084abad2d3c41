import Foundation

/// The stretch of time a learning goal covers, in the family's zone: a local day, a week
/// starting on Monday, a month, or the custom dates a parent picked.
public enum LearningPeriod {
    /// The period of `frequency` that contains `instant`. Custom periods are given, not found.
    public static func containing(_ instant: Date, frequency: LearningGoalFrequency, in calendar: FamilyCalendar) -> DateInterval? {
        let day = calendar.startOfDay(instant)
        switch frequency {
        case .daily:
            return DateInterval(start: day, end: calendar.startOfDay(calendar.adding(days: 1, to: day)))
        case .weekly:
            // Monday is 1 in the documents' numbering (Sunday 0).
            let back = (calendar.weekday(of: day).rawValue + 6) % 7
            let monday = calendar.startOfDay(calendar.adding(days: -back, to: day))
            return DateInterval(start: monday, end: calendar.startOfDay(calendar.adding(days: 7, to: monday)))
        case .monthly:
            return DateInterval(start: calendar.startOfMonth(instant), end: calendar.startOfNextMonth(instant))
        case .custom:
            return nil
        }
    }

    /// The period after `period`, for a recurring goal: the next day, week or month, or a
    /// custom period of the same number of local days starting where this one ended.
    public static func next(after period: DateInterval, frequency: LearningGoalFrequency, in calendar: FamilyCalendar) -> DateInterval {
        if let following = containing(period.end, frequency: frequency, in: calendar) { return following }
        let days = max(1, calendar.daysBetween(period.start, period.end))
        return DateInterval(start: period.end, end: calendar.startOfDay(calendar.adding(days: days, to: period.end)))
    }
}

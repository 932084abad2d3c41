import Foundation

/// The settings rules of a recurring transaction, checked in this order; the first problem
/// is the message a person sees.
public enum RecurrenceValidation {
    public static let maximumOccurrences = 10_000

    /// - Parameters: the raw numbers as sent; `startDate` and `endDate` as the schedule will
    ///   use them; `now` to refuse dates in the past. `isNew`: a new schedule may not start
    ///   before today (an existing one keeps its start).
    public static func problem(
        pattern: RecurrencePattern, dayOfWeek: Int?, dayOfMonth: Int?, startDate: Date, endDate: Date?, maxOccurrences: Int?,
        now: Date, calendar: FamilyCalendar, isNew: Bool = true
    ) -> String? {
        if let problem = rangeProblem(dayOfWeek: dayOfWeek, dayOfMonth: dayOfMonth, maxOccurrences: maxOccurrences) { return problem }
        if isNew && startDate < calendar.startOfDay(now) { return "startDate cannot be in the past" }
        if let endDate, endDate <= startDate { return "endDate must be after startDate" }
        if let endDate, endDate <= now { return "endDate must be in the future" }
        return nil
    }

    /// The problems each number has on its own, whatever the dates and the time.
    public static func rangeProblem(dayOfWeek: Int?, dayOfMonth: Int?, maxOccurrences: Int?) -> String? {
        if let dayOfWeek, !(0...6).contains(dayOfWeek) { return "dayOfWeek must be from 0 (Sunday) to 6 (Saturday)" }
        if let dayOfMonth, !(1...28).contains(dayOfMonth) { return "dayOfMonth must be from 1 to 28" }
        if let maxOccurrences, !(1...maximumOccurrences).contains(maxOccurrences) {
            return "maxOccurrences must be from 1 to \(maximumOccurrences)"
        }
        return nil
    }
}

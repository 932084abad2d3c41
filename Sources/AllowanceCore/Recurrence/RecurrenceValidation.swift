import Foundation

/// The settings rules of a recurring transaction, checked in this order; the first problem
/// is the message a person sees.
public enum RecurrenceValidation {
    public static let maximumOccurrences = 10_000

    /// - Parameters: the raw numbers as sent; `startDate` and `endDate` as the schedule will
    ///   use them; `now` to refuse a start before today.
    public static func problem(
        pattern: RecurrencePattern, dayOfWeek: Int?, dayOfMonth: Int?, startDate: Date, endDate: Date?, maxOccurrences: Int?,
        now: Date, calendar: FamilyCalendar
    ) -> String? {
        if let dayOfWeek, !(0...6).contains(dayOfWeek) { return "dayOfWeek must be from 0 (Sunday) to 6 (Saturday)" }
        if let dayOfMonth, !(1...28).contains(dayOfMonth) { return "dayOfMonth must be from 1 to 28" }
        if pattern == .weekly && dayOfWeek == nil { return "dayOfWeek is required for a weekly schedule" }
        if pattern == .monthly && dayOfMonth == nil { return "dayOfMonth is required for a monthly schedule" }
        if startDate < calendar.startOfDay(now) { return "startDate cannot be in the past" }
        if let endDate, endDate <= startDate { return "endDate must be after startDate" }
        if let maxOccurrences, !(1...maximumOccurrences).contains(maxOccurrences) {
            return "maxOccurrences must be from 1 to \(maximumOccurrences)"
        }
        return nil
    }
}

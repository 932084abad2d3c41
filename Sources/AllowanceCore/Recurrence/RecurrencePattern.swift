/// How often a recurring transaction falls due, numbered as the documents number it.
public enum RecurrencePattern: Int, NumberedEnum {
    case daily = 1
    case weekly = 2
    case biWeekly = 3
    case monthly = 4
    case firstOfMonth = 5
    case lastOfMonth = 6

    /// The name beside the number on the wire (`pattern: 2, patternName: "Weekly"`).
    public var name: String {
        switch self {
        case .daily: "Daily"
        case .weekly: "Weekly"
        case .biWeekly: "BiWeekly"
        case .monthly: "Monthly"
        case .firstOfMonth: "FirstOfMonth"
        case .lastOfMonth: "LastOfMonth"
        }
    }

    /// Patterns that fall on a day of the week (`dayOfWeek`).
    public var usesDayOfWeek: Bool { self == .weekly || self == .biWeekly }
    /// The pattern that falls on a day of the month (`dayOfMonth`).
    public var usesDayOfMonth: Bool { self == .monthly }
}

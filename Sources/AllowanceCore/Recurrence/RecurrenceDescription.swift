/// How a schedule reads in lists: "Every Monday", "Monthly on the 15th".
extension RecurrenceRule {
    public func patternDescription(in calendar: FamilyCalendar) -> String {
        switch pattern {
        case .daily: "Every day"
        case .weekly: "Every \(weekday(in: calendar).name)"
        case .biWeekly: "Every other \(weekday(in: calendar).name)"
        case .monthly: "Monthly on the \(ordinal(monthDay(in: calendar)))"
        case .firstOfMonth: "First day of every month"
        case .lastOfMonth: "Last day of every month"
        }
    }
}

/// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd".
public func ordinal(_ number: Int) -> String {
    let suffix: String
    switch (number % 10, number % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
}

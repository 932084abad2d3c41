import Foundation

/// What a learning session earns, and when one cannot be recorded.
public enum LearningSessionRules {
    /// The longest session: a day. Anything longer is a clock or client error.
    public static let longest: TimeInterval = 24 * 3600

    /// Whole minutes × rate ÷ 60, rounded down: 59 seconds earn nothing, 90 minutes at
    /// 10 points an hour earn 15. Reward apps earn nothing.
    public static func points(seconds: Int64, pointsPerHour: Int, category: AppCategoryKind) -> Int {
        guard category == .learning, seconds > 0, pointsPerHour > 0 else { return 0 }
        return Int(seconds / 60 * Int64(pointsPerHour) / 60)
    }

    /// The earliest start a session may have: a year typed wrong (0001) would otherwise earn
    /// points and fill a history no one lived.
    public static let earliest = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01T00:00:00Z

    /// The problem with a session's times, in words a person can act on; nil when fine.
    public static func problem(start: Date, end: Date, now: Date) -> String? {
        if start < earliest { return "startTime must be in 2000 or later" }
        if end <= start { return "endTime must be after startTime" }
        if end.timeIntervalSince(start) > longest { return "A session can be at most 24 hours" }
        if end > now.addingTimeInterval(60) { return "endTime cannot be in the future" }
        return nil
    }
}

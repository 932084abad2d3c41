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

    /// The problem with a session's times, in words a person can act on; nil when fine.
    public static func problem(start: Date, end: Date, now: Date) -> String? {
        if end <= start { return "endTime must be after startTime" }
        if end.timeIntervalSince(start) > longest { return "A session can be at most 24 hours" }
        if end > now.addingTimeInterval(60) { return "endTime cannot be in the future" }
        return nil
    }
}

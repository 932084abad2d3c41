import Foundation

/// Where a learning goal stands at an instant. Deadlines are instants: a goal whose period
/// has ended short reads Failed at once, whether or not the job has run yet.
public enum LearningGoalState {
    public static func status(
        current: Double, target: Double, period: DateInterval, completedAt: Date?, failedAt: Date?, now: Date
    ) -> LearningGoalStatus {
        if completedAt != nil || current >= target { return .completed }
        if failedAt != nil || now >= period.end { return .failed }
        if now < period.start { return .notStarted }
        return .inProgress
    }

    /// 0.0 to 1.0, never more.
    public static func progress(current: Double, target: Double) -> Double {
        guard target > 0 else { return 0 }
        return min(1, max(0, current / target))
    }

    /// Hours with two decimals, as `currentValue` shows them.
    public static func hours(seconds: Int64) -> Double { (Double(seconds) / 36.0).rounded(.down) / 100 }
}

import AllowanceCore
import Foundation

extension LearningGoalsViewModel {
    /// "In progress", "Completed", "Failed", "Not started".
    public func statusText(_ goal: LearningGoalDto) -> String {
        switch goal.status {
        case .notStarted: "Not started"
        case .inProgress: "In progress"
        case .completed: "Completed"
        case .failed: "Failed"
        }
    }

    /// "Weekly, ends Nov 29, 2026".
    public func periodText(_ goal: LearningGoalDto) -> String {
        "\(goal.frequency.rawValue), ends \(DisplayFormat().date(goal.endDate))"
    }

    /// The ring's reading: "Read 5 hours, 2.5 of 5 hours, 50 percent, In progress".
    public func accessibilityLabel(_ goal: LearningGoalDto) -> String {
        "\(goal.title), \(progressText(goal)), \(Int((goal.progress * 100).rounded(.down))) percent, \(statusText(goal))"
    }
}

extension BadgesViewModel {
    /// "Bookworm, earned Nov 21, 2026" / "Bookworm, 60% of the way: Read for 10 hours".
    public func accessibilityLabel(_ badge: BadgeDto) -> String {
        if badge.earned {
            let when = badge.earnedAt.map { ", earned \(DisplayFormat().date($0))" } ?? ", earned"
            return "\(badge.title)\(when)" + (badge.timesEarned > 1 ? ", \(badge.timesEarned) times" : "")
        }
        return "\(badge.title), \(progressText(badge)) of the way: \(badge.criteria)"
    }
}

extension NotificationsViewModel {
    public func dateText(_ notification: NotificationDto) -> String { DisplayFormat().dateTime(notification.createdAt) }

    public func accessibilityLabel(_ notification: NotificationDto) -> String {
        "\(notification.isRead ? "" : "Unread. ")\(notification.title). \(notification.message). \(dateText(notification))"
    }
}

extension LearningGoalsViewModel {
    /// The header over the list: "3 goals, 40% done on average" (nothing when there are none).
    public var summaryText: String {
        guard !goals.isEmpty else { return "" }
        let average = goals.map(\.progress).reduce(0, +) / Double(goals.count)
        return "\(goals.count) \(goals.count == 1 ? "goal" : "goals"), \(Int((average * 100).rounded(.down)))% done on average"
    }
}

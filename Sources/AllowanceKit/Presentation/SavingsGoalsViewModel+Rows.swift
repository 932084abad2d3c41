import AllowanceCore
import Foundation

/// One row of the goal list (Savings Goals' GoalRowView).
public struct GoalRowPresentation: Equatable, Sendable, Identifiable {
    public let id: UUID
    public let name: String
    /// "$12.50 of $50.00".
    public let progressText: String
    /// 0.0 to 1.0.
    public let progress: Double
    /// "12 days left", nil without a target date.
    public let daysLeftText: String?
    public let symbolName: String
    public let imageURL: URL?
    public let hasChallenge: Bool
    public let hasMatching: Bool
    /// Completed, purchased, paused: said beside the name; nil while active.
    public let statusText: String?
    public let accessibilityLabel: String
}

extension SavingsGoalsViewModel {
    public func row(_ goal: SavingsGoalDto) -> GoalRowPresentation {
        let percent = Int(goal.progressPercentage.rounded(.down))
        let days = goal.daysRemaining.map(WidgetDataSource.daysLeft)
        let status = goal.status == .active ? nil : goal.status.name
        var spoken = "\(goal.name), \(percent) percent, \(progressText(goal))"
        if let days { spoken += ", \(days)" }
        if goal.hasActiveChallenge { spoken += ", challenge running" }
        if goal.hasMatchingRule { spoken += ", parent matching" }
        if let status { spoken += ", \(status)" }
        return GoalRowPresentation(
            id: goal.id, name: goal.name, progressText: progressText(goal), progress: min(1, max(0, goal.progressPercentage / 100)),
            daysLeftText: days, symbolName: goal.category.symbolName, imageURL: goal.imageUrl.flatMap(URL.init(string:)),
            hasChallenge: goal.hasActiveChallenge, hasMatching: goal.hasMatchingRule, statusText: status, accessibilityLabel: spoken)
    }
}

import Foundation

/// What a widget shows: an entry ready to draw, or a sentence (sign in first, the server's refusal).
public enum WidgetContent<Entry: Equatable & Sendable>: Equatable, Sendable {
    case ready(Entry)
    case message(String)

    public var entry: Entry? {
        if case .ready(let entry) = self { return entry }
        return nil
    }
}

/// The balance widget (small and medium): spending money, savings, today's change.
public struct BalanceWidgetEntry: Equatable, Sendable {
    public let childId: UUID
    public let childName: String
    public let balanceText: String
    /// Nil when the child has no savings goals.
    public let savingsText: String?
    public let totalText: String
    /// "+$5.00", "-$2.50", "$0.00" (the server's words).
    public let changeTodayText: String
    public let changeIsUp: Bool
    public let changeIsDown: Bool
    /// Opens the child's screen in the app.
    public let link: URL?
    public let accessibilityLabel: String

    public static let placeholder = BalanceWidgetEntry(
        childId: UUID(), childName: "Kai", balanceText: "$42.50", savingsText: "$20.00", totalText: "$62.50", changeTodayText: "+$5.00",
        changeIsUp: true, changeIsDown: false, link: nil, accessibilityLabel: "Kai has $42.50")
}

/// The goal-progress widget: a bar or ring toward one savings goal.
public struct GoalWidgetEntry: Equatable, Sendable {
    public let goalId: UUID
    public let goalName: String
    public let currentText: String
    public let targetText: String
    public let remainingText: String
    /// 0.0 to 1.0.
    public let progress: Double
    /// "45%".
    public let percentText: String
    /// "12 days left", nil without a target date.
    public let daysRemainingText: String?
    public let link: URL?
    public let accessibilityLabel: String

    public static let placeholder = GoalWidgetEntry(
        goalId: UUID(), goalName: "New bike", currentText: "$45.00", targetText: "$100.00", remainingText: "$55.00", progress: 0.45,
        percentText: "45%", daysRemainingText: "12 days left", link: nil, accessibilityLabel: "New bike: 45% saved")
}

/// One button of the quick-actions widget: a template recorded with one tap.
public struct QuickActionItem: Equatable, Sendable, Identifiable {
    public let templateId: UUID
    public let name: String
    /// An SF Symbol.
    public let iconName: String
    /// "#F59E0B", when the template has a colour.
    public let colorHex: String?
    /// "$3.00", or "Any amount".
    public let amountText: String
    public let isCredit: Bool
    public let accessibilityLabel: String

    public var id: UUID { templateId }
}

/// The quick-actions widget: the child's balance and up to four templates.
public struct QuickActionsWidgetEntry: Equatable, Sendable {
    public static let maximumActions = 4

    public let childId: UUID
    public let balanceText: String
    public let actions: [QuickActionItem]

    public static let placeholder = QuickActionsWidgetEntry(
        childId: UUID(), balanceText: "$42.50",
        actions: [
            QuickActionItem(
                templateId: UUID(), name: "Chores", iconName: "sparkles", colorHex: nil, amountText: "$5.00", isCredit: true,
                accessibilityLabel: "Chores, $5.00 in")
        ])
}

/// One child on the family widget.
public struct FamilyBalanceRow: Equatable, Sendable, Identifiable {
    public let childId: UUID
    public let name: String
    public let balanceText: String
    public let link: URL?

    public var id: UUID { childId }
}

/// The family-balances widget (parents): every child's balance.
public struct FamilyBalancesWidgetEntry: Equatable, Sendable {
    public let rows: [FamilyBalanceRow]
    public let totalText: String
    public let accessibilityLabel: String

    public static let placeholder = FamilyBalancesWidgetEntry(
        rows: [
            FamilyBalanceRow(childId: UUID(), name: "Kai", balanceText: "$42.50", link: nil),
            FamilyBalanceRow(childId: UUID(), name: "Freya", balanceText: "$30.00", link: nil),
        ], totalText: "$72.50", accessibilityLabel: "Kai has $42.50. Freya has $30.00.")
}

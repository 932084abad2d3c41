import AllowanceAPI
import Foundation

/// The data behind each widget, read from the widget endpoints with the app's session and
/// turned into entries ready to draw. Failures become a sentence, never a blank widget.
public struct WidgetDataSource: Sendable {
    public static let signInMessage = "Open AllowanceTracker and sign in."

    private let client: APIClient
    private let format: DisplayFormat

    public init(client: APIClient, format: DisplayFormat = DisplayFormat()) {
        self.client = client
        self.format = format
    }

    /// `childId` nil: the signed-in child, or a parent's first child.
    public func balance(childId: UUID?) async -> WidgetContent<BalanceWidgetEntry> {
        await content {
            guard let childId = try await targets.child(childId) else { return .message(Self.noChildren) }
            let data = try await client.balanceWidget(for: childId)
            let change = data.balanceChangeToday
            return .ready(
                BalanceWidgetEntry(
                    childId: data.childId, childName: data.childName, balanceText: format.money(data.currentBalance),
                    savingsText: data.savingsBalance.map(format.money), totalText: format.money(data.totalBalance),
                    changeTodayText: change, changeIsUp: change.hasPrefix("+"), changeIsDown: change.hasPrefix("-"),
                    link: Route.childDetail(childId: data.childId).deepLink,
                    accessibilityLabel: "\(data.childName) has \(format.money(data.currentBalance)) to spend"
                        + (data.savingsBalance.map { " and \(format.money($0)) saved" } ?? "") + ". Today: \(change)."))
        }
    }

    /// `goalId` nil: the front goal of the signed-in child (or of a parent's first child with one).
    public func goal(goalId: UUID?) async -> WidgetContent<GoalWidgetEntry> {
        await content {
            var chosen = goalId
            if chosen == nil { chosen = try await frontGoal() }
            guard let goalId = chosen else { return .message("No savings goal yet. Make one in the app.") }
            let data = try await client.goalWidget(for: goalId)
            let progress = min(1, max(0, data.progressPercentage / 100))
            let percent = "\(Int(data.progressPercentage.rounded(.down)))%"
            return .ready(
                GoalWidgetEntry(
                    goalId: data.goalId, goalName: data.goalName, currentText: format.money(data.currentAmount),
                    targetText: format.money(data.targetAmount), remainingText: format.money(data.remainingAmount), progress: progress,
                    percentText: percent, daysRemainingText: data.daysRemaining.map(Self.daysLeft),
                    link: Route.goalDetail(goalId: data.goalId).deepLink,
                    accessibilityLabel: "\(data.goalName): \(percent) saved, \(format.money(data.currentAmount)) of "
                        + "\(format.money(data.targetAmount)), \(format.money(data.remainingAmount)) to go."))
        }
    }

    /// `childId` nil: the signed-in child, or a parent's first child.
    public func quickActions(childId: UUID?) async -> WidgetContent<QuickActionsWidgetEntry> {
        await content {
            guard let childId = try await targets.child(childId) else { return .message(Self.noChildren) }
            let data = try await client.quickActionsWidget(for: childId)
            let actions = data.templates.prefix(QuickActionsWidgetEntry.maximumActions).map { template in
                let amount = template.defaultAmount.map(format.money) ?? "Any amount"
                return QuickActionItem(
                    templateId: template.id, name: template.name, iconName: template.iconName, colorHex: template.color,
                    amountText: amount, isCredit: template.type == .credit,
                    accessibilityLabel: "\(template.name), \(amount) \(template.type == .credit ? "in" : "out")")
            }
            return .ready(QuickActionsWidgetEntry(childId: childId, balanceText: format.money(data.currentBalance), actions: actions))
        }
    }

    /// Parents: every child's balance.
    public func familyBalances() async -> WidgetContent<FamilyBalancesWidgetEntry> {
        await content {
            let data = try await client.familyBalancesWidget()
            guard !data.children.isEmpty else { return .message(Self.noChildren) }
            let rows = data.children.map {
                FamilyBalanceRow(
                    childId: $0.childId, name: $0.name, balanceText: format.money($0.balance),
                    link: Route.childDetail(childId: $0.childId).deepLink)
            }
            let total = data.children.reduce(Money.zero) { $0 + $1.balance }
            return .ready(
                FamilyBalancesWidgetEntry(
                    rows: rows, totalText: format.money(total),
                    accessibilityLabel: rows.map { "\($0.name) has \($0.balanceText)." }.joined(separator: " ")))
        }
    }

    // MARK: - Steps

    static let noChildren = "No children yet. Add one in the app."

    /// "Today", "1 day left", "12 days left"; "Past due" once the date has gone.
    static func daysLeft(_ days: Int) -> String {
        switch days {
        case ..<0: "Past due"
        case 0: "Today"
        case 1: "1 day left"
        default: "\(days) days left"
        }
    }

    private var targets: FamilyTargets { FamilyTargets(client: client) }

    private func frontGoal() async throws -> UUID? {
        for child in try await targets.children() {
            if let goal = try await targets.topGoal(of: child.id) { return goal.id }
        }
        return nil
    }

    private func content<Entry>(_ read: () async throws -> WidgetContent<Entry>) async -> WidgetContent<Entry> {
        do {
            return try await read()
        } catch APIError.signedOut {
            return .message(Self.signInMessage)
        } catch {
            return .message(ScreenProblem(error).message)
        }
    }
}

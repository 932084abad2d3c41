import AllowanceCore
import Foundation

/// VoiceOver readings of the dashboards (App Screens 8.1), built from the same texts the
/// screens show, so what is heard is what is seen.
extension ChildCard {
    /// "Kai".
    public var accessibilityLabel: String { name }
    /// "Balance: $100.00, Weekly allowance: $10.00/week".
    public var accessibilityValue: String { "Balance: \(balanceText), Weekly allowance: \(allowanceText)" }
}

extension ParentDashboardViewModel {
    /// "2 Children", "1 Child".
    public var childrenCountText: String { children.count == 1 ? "1 Child" : "\(children.count) Children" }

    /// "5 recent transactions".
    public func recentActivityText(_ child: ChildDashboardResponse) -> String {
        child.recentTransactionCount == 1 ? "1 recent transaction" : "\(child.recentTransactionCount) recent transactions"
    }

    /// The family card read as one: "The Demo Family: total balance $200.00, weekly allowance $18.00, 2 Children".
    public var overviewAccessibilityLabel: String {
        "\(familyName): total balance \(totalBalanceText), weekly allowance \(totalWeeklyAllowanceText), \(childrenCountText)"
    }
}

extension ChildDashboardViewModel {
    /// "Current balance $100.00. Weekly allowance $10.00. Next allowance: Saturday".
    public var balanceAccessibilityLabel: String {
        ["Current balance \(balanceText)", "Weekly allowance \(weeklyAllowanceText)", nextPaydayText].compactMap { $0 }.joined(
            separator: ". ")
    }

    /// "This month: earned $10.00, spent $3.00, net change +$7.00".
    public var monthAccessibilityLabel: String {
        "This month: earned \(earnedThisMonthText), spent \(spentThisMonthText), net change \(netChangeThisMonthText)"
    }

    /// "Hi, Kai!".
    public var greeting: String { firstName.isEmpty ? "Hi!" : "Hi, \(firstName)!" }

    /// A row of the recent activity list.
    public func row(_ transaction: TransactionResponse) -> TransactionRow { TransactionRow(transaction, format: format) }
}

extension TransactionRow {
    /// "Received" or "Spent", as the list's filter names them.
    public var typeText: String { isCredit ? "Received" : "Spent" }

    /// "Weekly allowance, received +$10.00, Nov 21, 2026 at 9:00 AM, balance after $110.00".
    public var accessibilityLabel: String {
        "\(description), \(typeText.lowercased()) \(amountText), \(dateText), balance after \(balanceAfterText)"
    }
}

extension BalancePreview {
    public var accessibilityLabel: String {
        "Current balance \(currentText), new balance \(newText)" + (isOverdrawn ? ", more than the balance" : "")
    }
}

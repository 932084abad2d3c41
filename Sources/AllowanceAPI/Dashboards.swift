import AllowanceCore
import Foundation

public struct ChildDashboardResponse: Codable, Sendable {
    public var childId: UUID
    public var firstName: String
    public var lastName: String
    public var currentBalance: Money
    public var weeklyAllowance: Money
    /// Entries in the last 7 days.
    public var recentTransactionCount: Int

    public init(
        childId: UUID, firstName: String, lastName: String, currentBalance: Money, weeklyAllowance: Money, recentTransactionCount: Int
    ) {
        self.childId = childId
        self.firstName = firstName
        self.lastName = lastName
        self.currentBalance = currentBalance
        self.weeklyAllowance = weeklyAllowance
        self.recentTransactionCount = recentTransactionCount
    }
}

public struct ParentDashboardResponse: Codable, Sendable {
    public var familyName: String
    public var totalBalance: Money
    public var totalWeeklyAllowance: Money
    public var childCount: Int
    public var children: [ChildDashboardResponse]

    public init(familyName: String, totalBalance: Money, totalWeeklyAllowance: Money, children: [ChildDashboardResponse]) {
        self.familyName = familyName
        self.totalBalance = totalBalance
        self.totalWeeklyAllowance = totalWeeklyAllowance
        self.childCount = children.count
        self.children = children
    }
}

public struct MonthlyStats: Codable, Sendable, Equatable {
    public var totalEarned: Money
    public var totalSpent: Money
    public var netChange: Money

    public init(totalEarned: Money, totalSpent: Money) {
        self.totalEarned = totalEarned
        self.totalSpent = totalSpent
        self.netChange = totalEarned - totalSpent
    }
}

public struct ChildDashboard: Codable, Sendable {
    public var childId: UUID
    public var firstName: String
    public var lastName: String
    public var currentBalance: Money
    public var weeklyAllowance: Money
    public var allowanceDay: Weekday
    public var lastAllowanceDate: Date
    public var nextAllowanceDate: Date
    public var daysUntilNextAllowance: Int
    /// "Today", "Tomorrow", "3 days".
    public var nextAllowanceText: String
    public var monthlyStats: MonthlyStats
    public var recentTransactions: [TransactionResponse]

    public init(
        childId: UUID, firstName: String, lastName: String, currentBalance: Money, weeklyAllowance: Money,
        allowanceDay: Weekday, lastAllowanceDate: Date, nextAllowanceDate: Date, daysUntilNextAllowance: Int,
        monthlyStats: MonthlyStats, recentTransactions: [TransactionResponse]
    ) {
        self.childId = childId
        self.firstName = firstName
        self.lastName = lastName
        self.currentBalance = currentBalance
        self.weeklyAllowance = weeklyAllowance
        self.allowanceDay = allowanceDay
        self.lastAllowanceDate = lastAllowanceDate
        self.nextAllowanceDate = nextAllowanceDate
        self.daysUntilNextAllowance = daysUntilNextAllowance
        self.nextAllowanceText = countdownText(days: daysUntilNextAllowance)
        self.monthlyStats = monthlyStats
        self.recentTransactions = recentTransactions
    }
}

import AllowanceCore
import Foundation

public struct ChildDashboardResponse: Codable, Sendable {
    public var childId: UUID
    /// The child's sign-in account (App Screens' `ChildDashboardResponse` carries it).
    public var userId: UUID
    public var firstName: String
    public var lastName: String
    public var currentBalance: Money
    public var weeklyAllowance: Money
    /// Entries in the last 7 days.
    public var recentTransactionCount: Int

    public init(
        childId: UUID, userId: UUID, firstName: String, lastName: String, currentBalance: Money, weeklyAllowance: Money,
        recentTransactionCount: Int
    ) {
        self.childId = childId
        self.userId = userId
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

/// A month's money. `totalEarned` is money that came in and `totalSpent` money that went out;
/// moving money into a savings goal is neither, it is `totalSaved` (into goals, less what came
/// back out, including what was taken out to buy a goal's item, which is then spent).
/// `netChange` is earned less spent: the change in the balance and the goals' savings together.
public struct MonthlyStats: Codable, Sendable, Equatable {
    public var totalEarned: Money
    public var totalSpent: Money
    public var totalSaved: Money
    public var netChange: Money

    public init(totalEarned: Money, totalSpent: Money, totalSaved: Money = .zero) {
        self.totalEarned = totalEarned
        self.totalSpent = totalSpent
        self.totalSaved = totalSaved
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
    public var allowanceDayName: String
    /// Absent while the allowance is paused or there is none, and before the first payday.
    public var lastAllowanceDate: Date?
    /// Absent while the allowance is paused or there is none.
    public var nextAllowanceDate: Date?
    /// 0 on payday, up to 6; 0 when there is no next payday.
    public var daysUntilNextAllowance: Int
    /// "Today", "Tomorrow", "3 days"; "Paused", or "No allowance" when there is no next payday.
    public var nextAllowanceText: String
    public var allowancePaused: Bool
    public var monthlyStats: MonthlyStats
    public var recentTransactions: [TransactionResponse]

    public init(
        childId: UUID, firstName: String, lastName: String, currentBalance: Money, weeklyAllowance: Money,
        allowanceDay: Weekday, lastAllowanceDate: Date?, nextAllowanceDate: Date?, daysUntilNextAllowance: Int,
        allowancePaused: Bool = false, monthlyStats: MonthlyStats, recentTransactions: [TransactionResponse]
    ) {
        self.childId = childId
        self.firstName = firstName
        self.lastName = lastName
        self.currentBalance = currentBalance
        self.weeklyAllowance = weeklyAllowance
        self.allowanceDay = allowanceDay
        self.allowanceDayName = allowanceDay.name
        self.lastAllowanceDate = lastAllowanceDate
        self.nextAllowanceDate = nextAllowanceDate
        self.daysUntilNextAllowance = daysUntilNextAllowance
        self.nextAllowanceText = nextPaydayText(days: nextAllowanceDate.map { _ in daysUntilNextAllowance }, paused: allowancePaused)
        self.allowancePaused = allowancePaused
        self.monthlyStats = monthlyStats
        self.recentTransactions = recentTransactions
    }
}

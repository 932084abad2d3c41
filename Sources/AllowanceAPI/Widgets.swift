import AllowanceCore
import Foundation

/// `GET /widgets/balance/{childId}`. `balanceChangeToday` is the family's today: "+$5.00",
/// "-$2.50", "$0.00"; `savingsBalance` is the sum of the child's active savings goals.
public struct BalanceWidgetDataDto: Codable, Sendable {
    public var childId: UUID
    public var childName: String
    public var avatarUrl: String?
    public var currentBalance: Money
    public var savingsBalance: Money?
    public var totalBalance: Money
    public var balanceChangeToday: String
    public var lastUpdated: Date

    public init(
        childId: UUID, childName: String, avatarUrl: String?, currentBalance: Money, savingsBalance: Money?, balanceChangeToday: String,
        lastUpdated: Date
    ) {
        self.childId = childId
        self.childName = childName
        self.avatarUrl = avatarUrl
        self.currentBalance = currentBalance
        self.savingsBalance = savingsBalance
        self.totalBalance = currentBalance + (savingsBalance ?? .zero)
        self.balanceChangeToday = balanceChangeToday
        self.lastUpdated = lastUpdated
    }
}

/// `GET /widgets/quick-actions/{childId}`: the templates the viewer can use, most used first.
public struct QuickActionsWidgetDataDto: Codable, Sendable {
    public var templates: [TransactionTemplateDto]
    public var currentBalance: Money

    public init(templates: [TransactionTemplateDto], currentBalance: Money) {
        self.templates = templates
        self.currentBalance = currentBalance
    }
}

public struct ChildBalanceSummaryDto: Codable, Sendable {
    public var childId: UUID
    public var name: String
    public var avatarUrl: String?
    public var balance: Money

    public init(childId: UUID, name: String, avatarUrl: String?, balance: Money) {
        self.childId = childId
        self.name = name
        self.avatarUrl = avatarUrl
        self.balance = balance
    }
}

/// `GET /widgets/family-balances` (parents).
public struct MultiChildWidgetDataDto: Codable, Sendable {
    public var children: [ChildBalanceSummaryDto]

    public init(children: [ChildBalanceSummaryDto]) { self.children = children }
}

/// `GET /siri/balance/{childId}`: "Kai has $42.50. That's $5.00 more than yesterday."
public struct SiriBalanceResponseDto: Codable, Sendable {
    public var spokenResponse: String
    public var balance: Money
    public var formattedBalance: String

    public init(spokenResponse: String, balance: Money) {
        self.spokenResponse = spokenResponse
        self.balance = balance
        self.formattedBalance = balance.formatted
    }
}

/// The goal-progress widget.
public struct GoalWidgetDataDto: Codable, Sendable {
    public var goalId: UUID
    public var goalName: String
    public var imageUrl: String?
    public var currentAmount: Money
    public var targetAmount: Money
    public var progressPercentage: Double
    public var remainingAmount: Money
    public var daysRemaining: Int?

    public init(
        goalId: UUID, goalName: String, imageUrl: String?, currentAmount: Money, targetAmount: Money, progressPercentage: Double,
        remainingAmount: Money, daysRemaining: Int?
    ) {
        self.goalId = goalId
        self.goalName = goalName
        self.imageUrl = imageUrl
        self.currentAmount = currentAmount
        self.targetAmount = targetAmount
        self.progressPercentage = progressPercentage
        self.remainingAmount = remainingAmount
        self.daysRemaining = daysRemaining
    }
}

/// `GET /siri/goal-progress?name=Lego`: a goal found by its spoken name. `found` is false when
/// no open goal or several match; `spokenResponse` then says so and `candidates` lists the
/// goals to choose from (with the child's name when a parent searched the whole family).
public struct SiriGoalLookupResponseDto: Codable, Sendable {
    public var spokenResponse: String
    public var found: Bool
    public var goalId: UUID?
    public var childId: UUID?
    public var goalName: String?
    public var progressPercentage: Double?
    public var remainingAmount: Money?
    public var candidates: [String]

    public init(
        spokenResponse: String, found: Bool, goalId: UUID? = nil, childId: UUID? = nil, goalName: String? = nil,
        progressPercentage: Double? = nil, remainingAmount: Money? = nil, candidates: [String] = []
    ) {
        self.spokenResponse = spokenResponse
        self.found = found
        self.goalId = goalId
        self.childId = childId
        self.goalName = goalName
        self.progressPercentage = progressPercentage
        self.remainingAmount = remainingAmount
        self.candidates = candidates
    }
}

/// A goal's progress as a voice assistant says it.
public struct SiriGoalProgressResponseDto: Codable, Sendable {
    public var spokenResponse: String
    public var goalName: String
    public var progressPercentage: Double
    public var remainingAmount: Money

    public init(spokenResponse: String, goalName: String, progressPercentage: Double, remainingAmount: Money) {
        self.spokenResponse = spokenResponse
        self.goalName = goalName
        self.progressPercentage = progressPercentage
        self.remainingAmount = remainingAmount
    }
}

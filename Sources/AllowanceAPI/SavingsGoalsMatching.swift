import AllowanceCore
import Foundation

/// `matchRatio`: RatioMatch 0.5 = $1 for every $2 saved; PercentageMatch 50 = 50 % of each
/// deposit; MilestoneBonus 0.1 = 10 % of the target, paid in four parts at the milestones.
public struct CreateMatchingRuleDto: Codable, Sendable {
    public var type: MatchingType
    public var matchRatio: MatchRatio
    public var maxMatchAmount: Money?
    public var expiresAt: Date?

    public init(type: MatchingType, matchRatio: MatchRatio, maxMatchAmount: Money? = nil, expiresAt: Date? = nil) {
        self.type = type
        self.matchRatio = matchRatio
        self.maxMatchAmount = maxMatchAmount
        self.expiresAt = expiresAt
    }
}

public struct UpdateMatchingRuleDto: Codable, Sendable {
    public var matchRatio: MatchRatio?
    public var maxMatchAmount: Money?
    public var isActive: Bool?
    public var expiresAt: Date?

    public init(matchRatio: MatchRatio? = nil, maxMatchAmount: Money? = nil, isActive: Bool? = nil, expiresAt: Date? = nil) {
        self.matchRatio = matchRatio
        self.maxMatchAmount = maxMatchAmount
        self.isActive = isActive
        self.expiresAt = expiresAt
    }
}

/// The rule as a goal shows it. `isActive` is false once the rule has expired (also
/// `isExpired`), whether or not anything has run since.
public struct MatchingRuleSummaryDto: Codable, Sendable {
    public var id: UUID
    public var type: MatchingType
    public var typeName: String
    public var typeDescription: String
    public var matchRatio: MatchRatio
    public var maxMatchAmount: Money?
    public var totalMatchedAmount: Money
    public var remainingMatchAmount: Money?
    public var isActive: Bool
    public var isExpired: Bool
    public var expiresAt: Date?

    public init(
        id: UUID, type: MatchingType, typeDescription: String, matchRatio: MatchRatio, maxMatchAmount: Money?, totalMatchedAmount: Money,
        remainingMatchAmount: Money?, isActive: Bool, isExpired: Bool, expiresAt: Date?
    ) {
        self.id = id
        self.type = type
        self.typeName = type.name
        self.typeDescription = typeDescription
        self.matchRatio = matchRatio
        self.maxMatchAmount = maxMatchAmount
        self.totalMatchedAmount = totalMatchedAmount
        self.remainingMatchAmount = remainingMatchAmount
        self.isActive = isActive
        self.isExpired = isExpired
        self.expiresAt = expiresAt
    }
}

public struct MatchingRuleDto: Codable, Sendable {
    public var id: UUID
    public var goalId: UUID
    public var goalName: String
    public var type: MatchingType
    public var typeName: String
    public var typeDescription: String
    public var matchRatio: MatchRatio
    public var maxMatchAmount: Money?
    public var totalMatchedAmount: Money
    public var remainingMatchAmount: Money?
    public var isActive: Bool
    public var isExpired: Bool
    public var createdAt: Date
    public var expiresAt: Date?
    public var createdByName: String

    public init(
        id: UUID, goalId: UUID, goalName: String, type: MatchingType, typeDescription: String, matchRatio: MatchRatio,
        maxMatchAmount: Money?,
        totalMatchedAmount: Money, remainingMatchAmount: Money?, isActive: Bool, isExpired: Bool, createdAt: Date, expiresAt: Date?,
        createdByName: String
    ) {
        self.id = id
        self.goalId = goalId
        self.goalName = goalName
        self.type = type
        self.typeName = type.name
        self.typeDescription = typeDescription
        self.matchRatio = matchRatio
        self.maxMatchAmount = maxMatchAmount
        self.totalMatchedAmount = totalMatchedAmount
        self.remainingMatchAmount = remainingMatchAmount
        self.isActive = isActive
        self.isExpired = isExpired
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.createdByName = createdByName
    }
}

import AllowanceCore
import Foundation

/// The Savings Goals document, `CreateSavingsGoalDto`. `childId` names the child (a parent must send it;
/// a child creating their own goal may leave it out). Fields the document's clients always
/// send default as there when left out: category Other, priority 1, no auto-transfer.
public struct CreateSavingsGoalDto: Codable, Sendable {
    public var childId: UUID?
    public var name: String
    public var description: String?
    public var targetAmount: Money
    public var imageUrl: String?
    public var productUrl: String?
    public var category: GoalCategory?
    /// A day ("2026-12-24"); today or later.
    public var targetDate: Date?
    public var priority: Int?
    /// FixedAmount: dollars per allowance. Percentage: percent of the allowance (12.5 = 12.5 %).
    public var autoTransferAmount: Money?
    public var autoTransferType: AutoTransferType?

    public init(
        childId: UUID? = nil, name: String, description: String? = nil, targetAmount: Money, imageUrl: String? = nil,
        productUrl: String? = nil,
        category: GoalCategory? = nil, targetDate: Date? = nil, priority: Int? = nil, autoTransferAmount: Money? = nil,
        autoTransferType: AutoTransferType? = nil
    ) {
        self.childId = childId
        self.name = name
        self.description = description
        self.targetAmount = targetAmount
        self.imageUrl = imageUrl
        self.productUrl = productUrl
        self.category = category
        self.targetDate = targetDate
        self.priority = priority
        self.autoTransferAmount = autoTransferAmount
        self.autoTransferType = autoTransferType
    }
}

/// Send only what changes. An empty string clears description, imageUrl or productUrl.
public struct UpdateSavingsGoalDto: Codable, Sendable {
    public var name: String?
    public var description: String?
    public var targetAmount: Money?
    public var imageUrl: String?
    public var productUrl: String?
    public var category: GoalCategory?
    public var targetDate: Date?
    public var priority: Int?
    public var autoTransferAmount: Money?
    public var autoTransferType: AutoTransferType?

    public init(
        name: String? = nil, description: String? = nil, targetAmount: Money? = nil, imageUrl: String? = nil, productUrl: String? = nil,
        category: GoalCategory? = nil, targetDate: Date? = nil, priority: Int? = nil, autoTransferAmount: Money? = nil,
        autoTransferType: AutoTransferType? = nil
    ) {
        self.name = name
        self.description = description
        self.targetAmount = targetAmount
        self.imageUrl = imageUrl
        self.productUrl = productUrl
        self.category = category
        self.targetDate = targetDate
        self.priority = priority
        self.autoTransferAmount = autoTransferAmount
        self.autoTransferType = autoTransferType
    }
}

/// A goal with everything a goal screen shows. Beyond the document: `autoTransferTypeName`,
/// `purchasedAt`, `canAfford` (the child's balance covers what is missing), and the
/// projection from the child's recent saving pace (`projectedCompletionDate`, and
/// `projectedCompletionText` such as "At this pace: March 3").
public struct SavingsGoalDto: Codable, Sendable {
    public var id: UUID
    public var childId: UUID
    public var childName: String
    public var name: String
    public var description: String?
    public var targetAmount: Money
    public var currentAmount: Money
    public var remainingAmount: Money
    public var progressPercentage: Double
    public var imageUrl: String?
    public var productUrl: String?
    public var category: GoalCategory
    public var categoryName: String
    public var targetDate: Date?
    public var daysRemaining: Int?
    public var status: GoalStatus
    public var statusName: String
    public var completedAt: Date?
    public var purchasedAt: Date?
    public var priority: Int
    public var autoTransferAmount: Money
    public var autoTransferType: AutoTransferType
    public var autoTransferTypeName: String
    public var hasMatchingRule: Bool
    public var matchingRule: MatchingRuleSummaryDto?
    public var hasActiveChallenge: Bool
    public var activeChallenge: ChallengeSummaryDto?
    public var milestones: [MilestoneDto]
    public var canAfford: Bool
    public var projectedCompletionDate: Date?
    public var projectedCompletionText: String?
    public var createdAt: Date

    public init(
        id: UUID, childId: UUID, childName: String, name: String, description: String?, targetAmount: Money, currentAmount: Money,
        remainingAmount: Money, progressPercentage: Double, imageUrl: String?, productUrl: String?, category: GoalCategory,
        targetDate: Date?,
        daysRemaining: Int?, status: GoalStatus, completedAt: Date?, purchasedAt: Date?, priority: Int, autoTransferAmount: Money,
        autoTransferType: AutoTransferType, matchingRule: MatchingRuleSummaryDto?, activeChallenge: ChallengeSummaryDto?,
        milestones: [MilestoneDto], canAfford: Bool, projectedCompletionDate: Date?, projectedCompletionText: String?, createdAt: Date
    ) {
        self.id = id
        self.childId = childId
        self.childName = childName
        self.name = name
        self.description = description
        self.targetAmount = targetAmount
        self.currentAmount = currentAmount
        self.remainingAmount = remainingAmount
        self.progressPercentage = progressPercentage
        self.imageUrl = imageUrl
        self.productUrl = productUrl
        self.category = category
        self.categoryName = category.name
        self.targetDate = targetDate
        self.daysRemaining = daysRemaining
        self.status = status
        self.statusName = status.name
        self.completedAt = completedAt
        self.purchasedAt = purchasedAt
        self.priority = priority
        self.autoTransferAmount = autoTransferAmount
        self.autoTransferType = autoTransferType
        self.autoTransferTypeName = autoTransferType.name
        self.hasMatchingRule = matchingRule != nil
        self.matchingRule = matchingRule
        self.hasActiveChallenge = activeChallenge != nil
        self.activeChallenge = activeChallenge
        self.milestones = milestones
        self.canAfford = canAfford
        self.projectedCompletionDate = projectedCompletionDate
        self.projectedCompletionText = projectedCompletionText
        self.createdAt = createdAt
    }

    /// The short form of the document's `SavingsGoalSummaryDto` (lists, widgets).
    public var summary: SavingsGoalSummaryDto {
        SavingsGoalSummaryDto(
            id: id, name: name, targetAmount: targetAmount, currentAmount: currentAmount, progressPercentage: progressPercentage,
            imageUrl: imageUrl, category: category, targetDate: targetDate, status: status, canAfford: canAfford)
    }
}

public struct SavingsGoalSummaryDto: Codable, Sendable {
    public var id: UUID
    public var name: String
    public var targetAmount: Money
    public var currentAmount: Money
    public var progressPercentage: Double
    public var imageUrl: String?
    public var category: GoalCategory
    public var categoryName: String
    public var targetDate: Date?
    public var status: GoalStatus
    public var statusName: String
    /// Whether the child's current balance covers what the goal still needs.
    public var canAfford: Bool

    public init(
        id: UUID, name: String, targetAmount: Money, currentAmount: Money, progressPercentage: Double, imageUrl: String?,
        category: GoalCategory, targetDate: Date?, status: GoalStatus, canAfford: Bool
    ) {
        self.id = id
        self.name = name
        self.targetAmount = targetAmount
        self.currentAmount = currentAmount
        self.progressPercentage = progressPercentage
        self.imageUrl = imageUrl
        self.category = category
        self.categoryName = category.name
        self.targetDate = targetDate
        self.status = status
        self.statusName = status.name
        self.canAfford = canAfford
    }
}

/// One of a goal's four milestones (25, 50, 75, 100 %). `bonusAmount` is what reaching it
/// paid, or for one not reached yet what a milestone-bonus matching rule would pay.
public struct MilestoneDto: Codable, Sendable, Equatable {
    public var id: UUID
    public var percentComplete: Int
    public var targetAmount: Money
    public var isAchieved: Bool
    public var achievedAt: Date?
    public var celebrationMessage: String?
    public var bonusAmount: Money?

    public init(
        id: UUID, percentComplete: Int, targetAmount: Money, isAchieved: Bool, achievedAt: Date?, celebrationMessage: String?,
        bonusAmount: Money?
    ) {
        self.id = id
        self.percentComplete = percentComplete
        self.targetAmount = targetAmount
        self.isAchieved = isAchieved
        self.achievedAt = achievedAt
        self.celebrationMessage = celebrationMessage
        self.bonusAmount = bonusAmount
    }
}

import AllowanceCore
import Foundation

public struct CreateGoalChallengeDto: Codable, Sendable {
    public var targetAmount: Money
    public var endDate: Date
    public var bonusAmount: Money
    public var description: String?

    public init(targetAmount: Money, endDate: Date, bonusAmount: Money, description: String? = nil) {
        self.targetAmount = targetAmount
        self.endDate = endDate
        self.bonusAmount = bonusAmount
        self.description = description
    }
}

/// The running challenge as a goal shows it.
public struct ChallengeSummaryDto: Codable, Sendable {
    public var id: UUID
    public var targetAmount: Money
    public var currentProgress: Money
    public var progressPercentage: Double
    public var endDate: Date
    public var daysRemaining: Int
    public var bonusAmount: Money
    public var status: ChallengeStatus
    public var statusName: String

    public init(
        id: UUID, targetAmount: Money, currentProgress: Money, progressPercentage: Double, endDate: Date, daysRemaining: Int,
        bonusAmount: Money,
        status: ChallengeStatus
    ) {
        self.id = id
        self.targetAmount = targetAmount
        self.currentProgress = currentProgress
        self.progressPercentage = progressPercentage
        self.endDate = endDate
        self.daysRemaining = daysRemaining
        self.bonusAmount = bonusAmount
        self.status = status
        self.statusName = status.name
    }
}

/// A challenge with its outcome. An Active challenge whose `endDate` has passed reads Failed
/// at once, before the expiry job records it.
public struct GoalChallengeDto: Codable, Sendable {
    public var id: UUID
    public var goalId: UUID
    public var goalName: String
    public var childId: UUID
    public var targetAmount: Money
    public var currentProgress: Money
    public var progressPercentage: Double
    public var startDate: Date
    public var endDate: Date
    public var daysRemaining: Int
    public var bonusAmount: Money
    public var status: ChallengeStatus
    public var statusName: String
    public var completedAt: Date?
    public var description: String?

    public init(
        id: UUID, goalId: UUID, goalName: String, childId: UUID, targetAmount: Money, currentProgress: Money, progressPercentage: Double,
        startDate: Date, endDate: Date, daysRemaining: Int, bonusAmount: Money, status: ChallengeStatus, completedAt: Date?,
        description: String?
    ) {
        self.id = id
        self.goalId = goalId
        self.goalName = goalName
        self.childId = childId
        self.targetAmount = targetAmount
        self.currentProgress = currentProgress
        self.progressPercentage = progressPercentage
        self.startDate = startDate
        self.endDate = endDate
        self.daysRemaining = daysRemaining
        self.bonusAmount = bonusAmount
        self.status = status
        self.statusName = status.name
        self.completedAt = completedAt
        self.description = description
    }

    public var summary: ChallengeSummaryDto {
        ChallengeSummaryDto(
            id: id, targetAmount: targetAmount, currentProgress: currentProgress, progressPercentage: progressPercentage, endDate: endDate,
            daysRemaining: daysRemaining, bonusAmount: bonusAmount, status: status)
    }
}

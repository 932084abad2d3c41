import AllowanceCore
import Foundation

public struct ContributeToGoalDto: Codable, Sendable {
    public var amount: Money
    public var description: String?

    public init(amount: Money, description: String? = nil) {
        self.amount = amount
        self.description = description
    }
}

public struct WithdrawFromGoalDto: Codable, Sendable {
    public var amount: Money
    public var reason: String?

    public init(amount: Money, reason: String? = nil) {
        self.amount = amount
        self.reason = reason
    }
}

/// `POST /savings-goals/{goalId}/gift`: money a parent (`type` 4, ParentGift) or a relative
/// (7, ExternalGift, with `giverName`) puts straight into a child's goal. It never passes
/// through the child's balance.
public struct GiftToGoalDto: Codable, Sendable {
    public var amount: Money
    public var type: ContributionType
    /// Who gave it ("Grandma Rose"). Required for an ExternalGift; a ParentGift defaults to
    /// the signed-in parent's name.
    public var giverName: String?
    public var note: String?

    public init(amount: Money, type: ContributionType, giverName: String? = nil, note: String? = nil) {
        self.amount = amount
        self.type = type
        self.giverName = giverName
        self.note = note
    }
}

public struct MarkGoalPurchasedDto: Codable, Sendable {
    public var notes: String?

    public init(notes: String? = nil) { self.notes = notes }
}

/// One row of a goal's history. Withdrawals and the purchase are negative amounts.
public struct ContributionDto: Codable, Sendable {
    public var id: UUID
    public var amount: Money
    public var type: ContributionType
    public var typeName: String
    public var goalBalanceAfter: Money
    public var description: String?
    public var createdAt: Date
    public var createdByName: String?
    /// Who gave a gift (ParentGift, ExternalGift); nil for other rows.
    public var giverName: String?

    public init(
        id: UUID, amount: Money, type: ContributionType, goalBalanceAfter: Money, description: String?, createdAt: Date,
        createdByName: String?, giverName: String? = nil
    ) {
        self.id = id
        self.amount = amount
        self.type = type
        self.typeName = type.name
        self.goalBalanceAfter = goalBalanceAfter
        self.description = description
        self.createdAt = createdAt
        self.createdByName = createdByName
        self.giverName = giverName
    }
}

/// What a contribution did. `milestoneReached` is the highest milestone it reached;
/// beyond the document, `milestonesReached` lists every one it crossed (in order),
/// `challengeCompleted` / `challengeBonusAdded` tell of a challenge it won, and
/// `balanceAfter` is the child's main balance afterwards.
public struct GoalProgressEventDto: Codable, Sendable {
    public var goalId: UUID
    public var goalName: String
    public var newAmount: Money
    public var targetAmount: Money
    public var progressPercentage: Double
    public var milestoneReached: MilestoneDto?
    public var milestonesReached: [MilestoneDto]
    public var isCompleted: Bool
    public var matchAmountAdded: Money?
    public var challengeCompleted: Bool
    public var challengeBonusAdded: Money?
    public var balanceAfter: Money

    public init(
        goalId: UUID, goalName: String, newAmount: Money, targetAmount: Money, progressPercentage: Double,
        milestonesReached: [MilestoneDto],
        isCompleted: Bool, matchAmountAdded: Money?, challengeBonusAdded: Money?, balanceAfter: Money
    ) {
        self.goalId = goalId
        self.goalName = goalName
        self.newAmount = newAmount
        self.targetAmount = targetAmount
        self.progressPercentage = progressPercentage
        self.milestoneReached = milestonesReached.last
        self.milestonesReached = milestonesReached
        self.isCompleted = isCompleted
        self.matchAmountAdded = matchAmountAdded
        self.challengeCompleted = challengeBonusAdded != nil
        self.challengeBonusAdded = challengeBonusAdded
        self.balanceAfter = balanceAfter
    }
}

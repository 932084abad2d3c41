import Foundation

/// A parent's matching rule as the rules see it: how much it adds, within its cap, while it
/// is live. RatioMatch adds `ratio × deposit` (0.5: $1 for every $2); PercentageMatch adds
/// `ratio` percent of each deposit; MilestoneBonus adds `ratio × target ÷ 4` at each of
/// the four milestones instead. Amounts round down to a whole cent.
public struct MatchingTerms: Equatable, Sendable {
    public var type: MatchingType
    public var ratio: MatchRatio
    public var maxMatch: Money?
    public var totalMatched: Money
    public var isActive: Bool
    public var expiresAt: Date?

    public init(
        type: MatchingType, ratio: MatchRatio, maxMatch: Money?, totalMatched: Money = .zero, isActive: Bool = true, expiresAt: Date? = nil
    ) {
        self.type = type
        self.ratio = ratio
        self.maxMatch = maxMatch
        self.totalMatched = totalMatched
        self.isActive = isActive
        self.expiresAt = expiresAt
    }

    /// Deadlines are instants: a rule is over the moment `expiresAt` passes.
    public func isExpired(at now: Date) -> Bool { expiresAt.map { now >= $0 } ?? false }

    /// Active and not expired: the only state in which the rule adds anything.
    public func isLive(at now: Date) -> Bool { isActive && !isExpired(at: now) }

    /// What the cap still allows; nil when there is no cap.
    public var remainingMatch: Money? {
        maxMatch.map { $0 > totalMatched ? $0 - totalMatched : .zero }
    }

    /// The match for one deposit: nothing when the rule is not live or pays at milestones.
    public func match(forDeposit amount: Money, at now: Date) -> Money {
        guard isLive(at: now), amount.isPositive else { return .zero }
        let raw: Money
        switch type {
        case .ratioMatch: raw = ratio.times(amount)
        case .percentageMatch: raw = Money(cents: ratio.times(amount).cents / 100)
        case .milestoneBonus: return .zero
        }
        return capped(raw)
    }

    /// The bonus for one milestone of a goal with this target (MilestoneBonus rules only).
    public func milestoneBonus(target: Money, at now: Date) -> Money {
        guard isLive(at: now), type == .milestoneBonus else { return .zero }
        return capped(Self.bonusPerMilestone(ratio: ratio, target: target))
    }

    public static func bonusPerMilestone(ratio: MatchRatio, target: Money) -> Money {
        Money(cents: ratio.times(target).cents / Int64(GoalProgress.milestonePercents.count))
    }

    /// Never more than the cap leaves.
    public func capped(_ amount: Money) -> Money {
        guard let remaining = remainingMatch else { return max(.zero, amount) }
        return max(.zero, min(amount, remaining))
    }

    /// How a person reads the rule: "$1 for every $2 saved", "50% of every deposit",
    /// "$2.50 bonus at each milestone".
    public func typeDescription(target: Money) -> String {
        switch type {
        case .ratioMatch: Self.ratioText(ratio)
        case .percentageMatch: "\(ratio.text)% of every deposit"
        case .milestoneBonus: "\(Self.bonusPerMilestone(ratio: ratio, target: target).formatted) bonus at each milestone"
        }
    }

    private static func ratioText(_ ratio: MatchRatio) -> String {
        let scale = MatchRatio.scale
        guard ratio.isPositive else { return "No match" }
        if scale % ratio.tenThousandths == 0 {
            return "$1 for every $\(scale / ratio.tenThousandths) saved"
        }
        if ratio.tenThousandths % 100 == 0 {
            return "\(Money(cents: ratio.tenThousandths / 100).formatted) for every $1 saved"
        }
        return "$\(ratio.text) for every $1 saved"
    }
}

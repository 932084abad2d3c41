import Foundation

/// Allowance-day transfers into goals. Goals are served in priority order (1 first, then the
/// oldest); only Active goals take money; each takes its fixed amount or its percentage of
/// the allowance, never more than it still needs, and all together never more than the
/// allowance itself.
public enum AutoTransferPlan {
    public struct Goal: Sendable {
        public var id: UUID
        public var setting: AutoTransferSetting
        public var status: GoalStatus
        public var priority: Int
        public var createdAt: Date
        public var remaining: Money

        public init(id: UUID, setting: AutoTransferSetting, status: GoalStatus, priority: Int, createdAt: Date, remaining: Money) {
            self.id = id
            self.setting = setting
            self.status = status
            self.priority = priority
            self.createdAt = createdAt
            self.remaining = remaining
        }
    }

    public struct Transfer: Equatable, Sendable {
        public var goalID: UUID
        public var amount: Money

        public init(goalID: UUID, amount: Money) {
            self.goalID = goalID
            self.amount = amount
        }
    }

    /// What one allowance moves into each goal, in the order to move it.
    public static func transfers(allowance: Money, goals: [Goal]) -> [Transfer] {
        var left = max(.zero, allowance)
        var result: [Transfer] = []
        let ordered = goals.sorted { ($0.priority, $0.createdAt) < ($1.priority, $1.createdAt) }
        for goal in ordered where goal.status == .active && left.isPositive {
            let wanted = goal.setting.share(of: allowance)
            let amount = min(wanted, goal.remaining, left)
            guard amount.isPositive else { continue }
            result.append(Transfer(goalID: goal.id, amount: amount))
            left -= amount
        }
        return result
    }
}

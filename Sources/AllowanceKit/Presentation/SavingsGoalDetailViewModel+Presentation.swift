import AllowanceCore
import Foundation

/// How the goal screen reads: the ring, the milestone track, the challenge and matching cards,
/// the history, and whether the celebration is up.
extension SavingsGoalDetailViewModel {
    /// Bound to the celebration sheet: dismissing it clears the celebration.
    public var isCelebrating: Bool {
        get { celebration != nil }
        set { if !newValue { celebration = nil } }
    }

    /// 0.0 to 1.0, for the progress ring.
    public var progressFraction: Double { min(1, max(0, (goal?.progressPercentage ?? 0) / 100)) }

    /// "45%" (whole percent, rounded down: 99.9 % is not yet 100 %).
    public var percentText: String { "\(Int((goal?.progressPercentage ?? 0).rounded(.down)))%" }

    /// The ring's VoiceOver reading: "Bike, 50 percent saved, $20.00 of $40.00".
    public var progressAccessibilityLabel: String {
        guard let goal else { return "" }
        return "\(goal.name), \(Int(goal.progressPercentage.rounded(.down))) percent saved, \(progressText)"
    }

    /// In order: 25, 50, 75, 100.
    public var milestoneMarks: [MilestoneMark] {
        (goal?.milestones ?? []).sorted { $0.percentComplete < $1.percentComplete }.map(MilestoneMark.init)
    }

    /// "Save $20.00 by Nov 30, 2026 for a $5.00 bonus", with what is saved so far.
    public var challengeText: String? {
        guard let challenge = goal?.activeChallenge else { return nil }
        return "Save \(format.money(challenge.targetAmount)) by \(format.date(challenge.endDate)) for a "
            + "\(format.money(challenge.bonusAmount)) bonus: \(format.money(challenge.currentProgress)) saved so far"
    }

    /// The server's description of the rule, with what the match has added and has left.
    public var matchingText: String? {
        guard let rule = goal?.matchingRule else { return nil }
        var text = "\(rule.typeDescription). Matched so far: \(format.money(rule.totalMatchedAmount))"
        if let left = rule.remainingMatchAmount { text += ", \(format.money(left)) left" }
        if !rule.isActive || rule.isExpired { text += " (ended)" }
        return text
    }

    /// A line of the contribution history.
    public func contributionRow(_ contribution: ContributionDto) -> ContributionRow {
        // The server sends money out of the goal as a negative amount; an older answer might not.
        let out = contribution.type == .withdrawal || contribution.type == .purchase || contribution.amount.isNegative
        let signed = out ? -contribution.amount.magnitude : contribution.amount
        return ContributionRow(
            id: contribution.id, title: contribution.description ?? ContributionRow.title(contribution.type),
            amountText: format.signedMoney(signed), isOut: out,
            dateText: format.dateTime(contribution.createdAt), balanceAfterText: format.money(contribution.goalBalanceAfter))
    }
}

/// One line of a goal's history.
public struct ContributionRow: Equatable, Sendable, Identifiable {
    public let id: UUID
    public let title: String
    /// "+$5.00" in, "-$4.00" out.
    public let amountText: String
    public let isOut: Bool
    public let dateText: String
    public let balanceAfterText: String

    public var accessibilityLabel: String { "\(title), \(amountText), \(dateText), goal balance \(balanceAfterText)" }

    static func title(_ type: ContributionType) -> String {
        switch type {
        case .childDeposit: "Saved"
        case .autoTransfer: "Automatic transfer"
        case .parentMatch: "Parent match"
        case .parentGift: "Gift from a parent"
        case .challengeBonus: "Challenge bonus"
        case .withdrawal: "Withdrawn"
        case .externalGift: "Gift"
        case .purchase: "Purchased"
        }
    }
}

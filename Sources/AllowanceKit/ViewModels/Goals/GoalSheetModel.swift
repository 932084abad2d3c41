import AllowanceCore
import Foundation
import Observation

/// The sheets of a savings goal's screen (Savings Goals: contribute, withdraw, set up
/// matching, create a challenge): which one is open, its form, and closing it when the
/// server accepted. A refusal keeps the sheet open with the detail's problem shown in it.
@MainActor @Observable
public final class GoalSheetModel {
    public enum Sheet: String, CaseIterable, Identifiable, Sendable {
        case contribute
        case withdraw
        case matching
        case challenge

        public var id: String { rawValue }

        public var title: String {
            switch self {
            case .contribute: "Add Money"
            case .withdraw: "Withdraw"
            case .matching: "Set Up Matching"
            case .challenge: "Create Challenge"
            }
        }

        /// The SF Symbol of the menu item.
        public var systemImage: String {
            switch self {
            case .contribute: "plus.circle"
            case .withdraw: "minus.circle"
            case .matching: "arrow.triangle.2.circlepath"
            case .challenge: "flame"
            }
        }

        public var submitTitle: String {
            switch self {
            case .contribute: "Add to Goal"
            case .withdraw: "Withdraw"
            case .matching: "Start Matching"
            case .challenge: "Start Challenge"
            }
        }
    }

    public let detail: SavingsGoalDetailViewModel
    public let isParent: Bool
    public var sheet: Sheet?
    /// The matching form: dollars matched per dollar saved, and an optional cap.
    public var matchRatio = "1"
    public var matchCap = ""
    /// The challenge form.
    public var challengeTarget = ""
    public var challengeBonus = ""
    public var challengeEndDate: Date

    public init(detail: SavingsGoalDetailViewModel, isParent: Bool, now: Date = Date()) {
        self.detail = detail
        self.isParent = isParent
        challengeEndDate = now.addingTimeInterval(7 * 86_400)
    }

    /// What the goal's menu offers now: money in while it is active, out while it holds
    /// some (parents), matching and a challenge when the goal has none (parents).
    public var actions: [Sheet] {
        guard let goal = detail.goal, goal.status == .active || goal.status == .paused else { return [] }
        var actions: [Sheet] = goal.status == .active ? [.contribute] : []
        guard isParent else { return actions }
        if goal.currentAmount.isPositive { actions.append(.withdraw) }
        if !goal.hasMatchingRule { actions.append(.matching) }
        if !goal.hasActiveChallenge && goal.status == .active { actions.append(.challenge) }
        return actions
    }

    public func present(_ sheet: Sheet) { self.sheet = sheet }
    public func dismiss() { sheet = nil }

    public var isSubmitting: Bool { detail.isWorking }

    /// Sends the open sheet's form; closes the sheet when the server accepted it.
    public func submit() async {
        guard let sheet else { return }
        switch sheet {
        case .contribute: await detail.contribute()
        case .withdraw: await detail.withdraw()
        case .matching: await detail.setMatching(ratio: matchRatio, cap: matchCap)
        case .challenge: await detail.startChallenge(target: challengeTarget, bonus: challengeBonus, endDate: challengeEndDate)
        }
        guard detail.problem == nil else { return }
        self.sheet = nil
        if sheet == .challenge {
            challengeTarget = ""
            challengeBonus = ""
        }
    }
}

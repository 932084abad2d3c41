import AllowanceCore
import Foundation
import Observation

/// One savings goal: progress, history, and money in (contribute), out (withdraw, parents)
/// and spent (purchase, once complete). A contribution that reaches a milestone or the
/// target, earns a match or wins a challenge sets `celebration`.
@MainActor @Observable
public final class SavingsGoalDetailViewModel {
    public let goalId: UUID
    /// As typed.
    public var contributeAmount = ""
    public var withdrawAmount = ""
    public private(set) var goal: SavingsGoalDto?
    public private(set) var contributions: [ContributionDto] = []
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?
    public private(set) var isWorking = false
    /// Set by a contribution worth celebrating; the screen clears it when shown.
    public var celebration: Celebration?

    private let client: APIClient
    let format: DisplayFormat
    private var attempt = AttemptKey()

    public init(goalId: UUID, client: APIClient, format: DisplayFormat = DisplayFormat()) {
        self.goalId = goalId
        self.client = client
        self.format = format
    }

    public var progressText: String {
        guard let goal else { return "" }
        return "\(format.money(goal.currentAmount)) of \(format.money(goal.targetAmount))"
    }
    public var canPurchase: Bool { goal?.status == .completed }

    public func load() async {
        if goal == nil { state = .loading }
        do {
            goal = try await client.savingsGoal(goalId)
            contributions = try await client.contributions(to: goalId, limit: 50)
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if goal == nil { state = .failed(ScreenProblem(error).message) }
        }
    }

    public func contribute() async {
        if let message = MoneyField.positiveAmountProblem(contributeAmount) {
            problem = ScreenProblem(message)
            return
        }
        guard let amount = MoneyField.parse(contributeAmount) else { return }
        await act("contribute \(amount.cents)") { key in
            let event = try await self.client.contribute(to: self.goalId, ContributeToGoalDto(amount: amount), idempotencyKey: key)
            self.celebration = Celebration(event, format: self.format)
            self.contributeAmount = ""
        }
    }

    public func withdraw() async {
        if let message = MoneyField.positiveAmountProblem(withdrawAmount) {
            problem = ScreenProblem(message)
            return
        }
        guard let amount = MoneyField.parse(withdrawAmount) else { return }
        await act("withdraw \(amount.cents)") { key in
            _ = try await self.client.withdraw(from: self.goalId, WithdrawFromGoalDto(amount: amount), idempotencyKey: key)
            self.withdrawAmount = ""
        }
    }

    /// Records the spend of a completed goal.
    public func purchase() async {
        guard canPurchase else {
            problem = ScreenProblem("This goal can be marked purchased once it is fully saved for.")
            return
        }
        await act("purchase") { key in _ = try await self.client.markPurchased(self.goalId, idempotencyKey: key) }
    }

    /// A parent matches every dollar saved with `ratio` dollars ("0.5", "1"), up to `cap` when given.
    public func setMatching(ratio: String, cap: String = "") async {
        guard let decimal = Decimal(string: ratio.trimmed), decimal > 0, let matchRatio = MatchRatio(exactly: decimal) else {
            problem = ScreenProblem("Please enter a match such as 0.5 or 1")
            return
        }
        let maximum = cap.trimmed.isEmpty ? nil : MoneyField.parse(cap)
        if !cap.trimmed.isEmpty && maximum == nil {
            problem = ScreenProblem("Please enter a valid amount")
            return
        }
        await change {
            _ = try await self.client.createMatchingRule(
                for: self.goalId, CreateMatchingRuleDto(type: .ratioMatch, matchRatio: matchRatio, maxMatchAmount: maximum))
        }
    }

    public func removeMatching() async {
        await change { try await self.client.deleteMatchingRule(for: self.goalId) }
    }

    /// Save `target` by `endDate` to earn `bonus`.
    public func startChallenge(target: String, bonus: String, endDate: Date) async {
        if let message = MoneyField.positiveAmountProblem(target, label: "Challenge amount")
            ?? MoneyField.positiveAmountProblem(bonus, label: "Bonus")
        {
            problem = ScreenProblem(message)
            return
        }
        guard let targetAmount = MoneyField.parse(target), let bonusAmount = MoneyField.parse(bonus) else { return }
        await change {
            _ = try await self.client.createChallenge(
                for: self.goalId, CreateGoalChallengeDto(targetAmount: targetAmount, endDate: endDate, bonusAmount: bonusAmount))
        }
    }

    public func cancelChallenge() async {
        await change { try await self.client.cancelChallenge(for: self.goalId) }
    }

    /// A change that moves no money, the goal reloaded after.
    private func change(_ step: () async throws -> Void) async {
        problem = nil
        do {
            try await step()
            await load()
        } catch {
            problem = ScreenProblem(error)
        }
    }

    /// One money move: a key per attempt, the goal reloaded after.
    private func act(_ request: String, _ move: (String) async throws -> Void) async {
        isWorking = true
        defer { isWorking = false }
        problem = nil
        let key = attempt.key(for: request)
        do {
            try await move(key)
            attempt.settle(nil)
            await load()
        } catch {
            attempt.settle(error)
            problem = ScreenProblem(error)
        }
    }
}

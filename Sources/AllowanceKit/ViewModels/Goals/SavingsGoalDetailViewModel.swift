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
    private let format: DisplayFormat
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

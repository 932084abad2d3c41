import AllowanceCore
import Foundation
import Observation

/// A child's savings goals, by priority, and the form for a new one. With an `OfflineCache`,
/// the last list is shown stale when the server cannot be reached.
@MainActor @Observable
public final class SavingsGoalsViewModel {
    public let childId: UUID
    public var includeCompleted = false
    /// The new-goal form.
    public var newName = ""
    /// As typed: "50".
    public var newTargetAmount = ""
    public private(set) var goals: [SavingsGoalDto] = []
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?
    public private(set) var isSaving = false

    private let client: APIClient
    private let cache: OfflineCache?
    private let format: DisplayFormat
    private let now: () -> Date

    public init(
        childId: UUID, client: APIClient, cache: OfflineCache? = nil, format: DisplayFormat = DisplayFormat(),
        now: @escaping () -> Date = Date.init
    ) {
        self.childId = childId
        self.client = client
        self.cache = cache
        self.format = format
        self.now = now
    }

    public var isEmpty: Bool { state == .loaded && goals.isEmpty }

    /// "$12.50 of $50.00".
    public func progressText(_ goal: SavingsGoalDto) -> String {
        "\(format.money(goal.currentAmount)) of \(format.money(goal.targetAmount))"
    }

    public var validationMessage: String? {
        AccountValidation.requiredProblem(newName, label: "Goal name")
            ?? MoneyField.positiveAmountProblem(newTargetAmount, label: "Target amount")
    }

    public func load() async {
        if goals.isEmpty { state = .loading }
        problem = nil
        do {
            goals = try await client.savingsGoals(of: childId, includeCompleted: includeCompleted)
            state = .loaded
            if !includeCompleted {
                let goals = goals
                let savedAt = now()
                cache?.update(childId) { $0.goals = .init(value: goals, savedAt: savedAt) }
            }
        } catch {
            problem = ScreenProblem(error)
            if ScreenProblem.isUnreachable(error), let saved = cache?.snapshot(of: childId).goals {
                goals = saved.value
                state = .stale(savedAt: saved.savedAt)
            } else if goals.isEmpty {
                state = .failed(ScreenProblem(error).message)
            }
        }
    }

    /// Makes the goal in the form and shows it in the list.
    @discardableResult
    public func create() async -> SavingsGoalDto? {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return nil
        }
        guard let target = MoneyField.parse(newTargetAmount) else { return nil }
        isSaving = true
        defer { isSaving = false }
        problem = nil
        do {
            let goal = try await client.createSavingsGoal(
                CreateSavingsGoalDto(childId: childId, name: newName.trimmed, targetAmount: target))
            newName = ""
            newTargetAmount = ""
            await load()
            return goal
        } catch {
            problem = ScreenProblem(error)
            return nil
        }
    }
}

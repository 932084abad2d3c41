import AllowanceCore
import Foundation
import Observation

/// A child's learning goals (hours, points, app time or a streak, per day, week or month):
/// the list by filter, a new goal, removing one.
@MainActor @Observable
public final class LearningGoalsViewModel {
    public let childId: UUID
    public var filter = LearningGoalFilter.active
    /// The new-goal form.
    public var title = ""
    public var type = LearningGoalType.timeBased
    public var frequency = LearningGoalFrequency.weekly
    /// As typed: "5" (hours, points or days, as `type.unit` says).
    public var target = ""
    public private(set) var goals: [LearningGoalDto] = []
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?

    private let client: APIClient

    public init(childId: UUID, client: APIClient) {
        self.childId = childId
        self.client = client
    }

    public var isEmpty: Bool { state == .loaded && goals.isEmpty }

    /// "2.5 of 5 hours".
    public func progressText(_ goal: LearningGoalDto) -> String {
        "\(goal.currentValue.formatted(.number.precision(.fractionLength(0...1)))) of "
            + "\(goal.targetValue.formatted(.number.precision(.fractionLength(0...1)))) \(goal.type.unit)"
    }

    public var validationMessage: String? {
        if let problem = AccountValidation.requiredProblem(title, label: "Title") { return problem }
        guard let value = Double(target.trimmed), value > 0, value.isFinite else { return "Please enter a target greater than zero" }
        return nil
    }

    public func load() async {
        if goals.isEmpty { state = .loading }
        do {
            goals = try await client.learningGoals(of: childId, filter)
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if goals.isEmpty { state = .failed(ScreenProblem(error).message) }
        }
    }

    /// A Basic family's 4th active goal is refused with the server's upgrade message.
    public func create() async {
        if let message = validationMessage {
            problem = ScreenProblem(message)
            return
        }
        guard let value = Double(target.trimmed) else { return }
        problem = nil
        do {
            _ = try await client.createLearningGoal(
                CreateLearningGoalDto(childId: childId, title: title.trimmed, type: type, targetValue: value, frequency: frequency))
            title = ""
            target = ""
            await load()
        } catch {
            problem = ScreenProblem(error)
        }
    }

    public func delete(_ goalId: UUID) async {
        problem = nil
        do {
            try await client.deleteLearningGoal(goalId)
            goals.removeAll { $0.id == goalId }
        } catch {
            problem = ScreenProblem(error)
        }
    }
}

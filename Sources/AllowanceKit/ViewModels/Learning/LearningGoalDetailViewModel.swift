import AllowanceCore
import Foundation
import Observation

/// One learning goal (opened from the list or `allowancetracker://learning-goal/<id>`).
@MainActor @Observable
public final class LearningGoalDetailViewModel {
    public let learningGoalId: UUID
    public private(set) var goal: LearningGoalDto?
    public private(set) var state = ScreenState.idle
    public private(set) var problem: ScreenProblem?

    private let client: APIClient
    private let format: DisplayFormat

    public init(learningGoalId: UUID, client: APIClient, format: DisplayFormat = DisplayFormat()) {
        self.learningGoalId = learningGoalId
        self.client = client
        self.format = format
    }

    /// "2.5 of 5 hours".
    public var progressText: String {
        guard let goal else { return "" }
        return "\(Self.number(goal.currentValue)) of \(Self.number(goal.targetValue)) \(goal.type.unit)"
    }
    /// "50%".
    public var percentText: String { "\(Int(((goal?.progress ?? 0) * 100).rounded(.down)))%" }
    /// "Weekly, Nov 23, 2026 to Nov 30, 2026".
    public var periodText: String {
        guard let goal else { return "" }
        return "\(goal.frequency.rawValue), \(format.date(goal.startDate)) to \(format.date(goal.endDate))"
    }
    public var accessibilityLabel: String {
        guard let goal else { return "" }
        return "\(goal.title), \(progressText), \(percentText), \(goal.status.rawValue)"
    }

    public func load() async {
        if goal == nil { state = .loading }
        problem = nil
        do {
            goal = try await client.learningGoal(learningGoalId)
            state = .loaded
        } catch {
            problem = ScreenProblem(error)
            if goal == nil { state = .failed(ScreenProblem(error).message) }
        }
    }

    private static func number(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(0...1))) }
}

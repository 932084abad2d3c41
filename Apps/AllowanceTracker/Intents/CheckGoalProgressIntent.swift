import AllowanceKit
import AppIntents

/// "How close am I to my goal": the chosen goal, or the front goal.
struct CheckGoalProgressIntent: AppIntent {
    static let title: LocalizedStringResource = "Check Goal Progress"
    static let description = IntentDescription("Says how close a savings goal is.")
    static let openAppWhenRun = false

    @Parameter(title: "Goal")
    var goal: GoalEntity?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let answer = await VoiceAssistant(client: SharedSession.client()).goalProgress(goalId: goal?.id)
        return .result(dialog: "\(answer)")
    }
}

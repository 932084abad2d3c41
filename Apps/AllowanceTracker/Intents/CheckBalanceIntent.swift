import AllowanceKit
import AppIntents

/// "Check my balance": speaks the server's `spokenResponse` (AllowanceKit's `VoiceAssistant`).
struct CheckBalanceIntent: AppIntent {
    static let title: LocalizedStringResource = "Check Balance"
    static let description = IntentDescription("Says how much money you (or your child) have.")
    static let openAppWhenRun = false

    @Parameter(title: "Child")
    var child: ChildEntity?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let answer = await VoiceAssistant(client: SharedSession.client()).balance(childId: child?.id)
        return .result(dialog: "\(answer)")
    }
}

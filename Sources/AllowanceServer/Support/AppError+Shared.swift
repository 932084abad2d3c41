import AllowanceCore

/// The errors raised from more than one place, each code with its one message, so the same
/// refusal reads the same wherever it comes from.
extension AppError {
    /// "Only a parent can do this", or a more precise "Only a parent can add money".
    static func parentOnly(to action: String) -> AppError { AppError(.forbidden, .parentOnly, "Only a parent can \(action)") }

    static let idempotencyInProgress = AppError(
        .conflict, .idempotencyInProgress, "A request with this Idempotency-Key is still being processed; retry shortly")

    static let recurringChanged = AppError(
        .conflict, .recurringChanged, "This recurring transaction was just changed or run by another request; try again")

    static func insufficientGoalBalance(_ goalName: String, saved: Money) -> AppError {
        AppError(.unprocessableEntity, .insufficientGoalBalance, "\(goalName) has only \(saved.formatted) saved")
    }

    /// A paused, completed or closed goal refused an action that needs it Active.
    static func goalNotActive(_ goalName: String, _ status: GoalStatus, so consequence: String) -> AppError {
        AppError(.conflict, .goalNotActive, "\(goalName) is \(status.name.lowercased()), so \(consequence)")
    }
}

import AllowanceCore
import Foundation

/// What the goal screen celebrates after a contribution: a milestone, a finished goal, a
/// parent's match, a challenge won. Built from the server's answer, never guessed here.
public struct Celebration: Equatable, Sendable {
    /// "Halfway to Bike!", "You reached your goal: Bike!".
    public let title: String
    /// "+$2.50 matched", "+$5.00 challenge bonus".
    public let extras: [String]
    public let isGoalComplete: Bool

    /// Nil when there is nothing to celebrate (an ordinary contribution).
    init?(_ event: GoalProgressEventDto, format: DisplayFormat) {
        var extras: [String] = []
        if let match = event.matchAmountAdded, match.isPositive { extras.append("\(format.signedMoney(match)) matched") }
        if let bonus = event.challengeBonusAdded, bonus.isPositive { extras.append("\(format.signedMoney(bonus)) challenge bonus") }
        // The server's words first; the same words from AllowanceCore when it sent none.
        if let milestone = event.milestoneReached {
            title = milestone.celebrationMessage ?? GoalProgress.celebrationMessage(milestone.percentComplete, goalName: event.goalName)
        } else if event.isCompleted {
            title = GoalProgress.celebrationMessage(100, goalName: event.goalName)
        } else if event.challengeCompleted {
            title = "Challenge complete!"
        } else if !extras.isEmpty {
            title = "\(event.goalName) got a boost!"
        } else {
            return nil
        }
        self.extras = extras
        isGoalComplete = event.isCompleted
    }
}
